import { describe, expect, it } from 'vitest';
import type { Statement } from '../../src/graph/cypher.js';
import { StatementMerger } from '../../src/graph/merged-statements.js';

type Row = Record<string, unknown>;

/**
 * A transaction that records what is sent, one list per send, and answers each statement: a batched one with a row
 * per request (its groupId), any other with one row naming it.
 */
function recordingTx(fail = false) {
  const sends: Statement[][] = [];
  const send = async (statements: Statement[]): Promise<Row[][]> => {
    sends.push(statements);
    if (fail) throw new Error('the transaction failed');
    return statements.map(({ name, params }) => {
      const requests = (params.batch as { requests?: Row[] } | undefined)?.requests;
      return requests
        ? requests.map((r) => ({ request: r.index, id: r.groupId }))
        : [{ id: `${name}(${params.groupId})` }];
    });
  };
  return { sends, merger: new StatementMerger(send) };
}

/** The statements a group's summaries write sends (hold-group and the link statements are batched). */
const summariesWrite = (groupId: string): Statement[] => [
  { name: 'jobs/hold-group', params: { groupId } },
  { name: 'rollup/link-topics', params: { rows: [{ summaryId: `${groupId}:day:1`, topics: [] }] } },
];

describe('StatementMerger', () => {
  it('sends each statement once for the calls of one turn that send the same sequence, and hands each its rows', async () => {
    const { sends, merger } = recordingTx();
    const [a, b] = await Promise.all([
      merger.runAll(summariesWrite('a')),
      merger.runAll(summariesWrite('b')),
    ]);
    expect(sends).toHaveLength(1);
    expect(sends[0]?.map((s) => s.name)).toEqual(['jobs/hold-group', 'rollup/link-topics']);
    expect(sends[0]?.[0]?.params).toEqual({
      batch: {
        requests: [
          { index: 0, groupId: 'a' },
          { index: 1, groupId: 'b' },
        ],
      },
    });
    expect(a?.[0]).toEqual([{ id: 'a' }]);
    expect(b?.[0]).toEqual([{ id: 'b' }]);
  });

  it('keeps each call in its own order, sends statements that serve one call once each, and merges no unlike sequences', async () => {
    const { sends, merger } = recordingTx();
    const groupsDue = (groupId: string) => ({ name: 'jobs/groups-due', params: { groupId } });
    const [a, b, c] = await Promise.all([
      merger.runAll([groupsDue('a'), { name: 'jobs/hold-group', params: { groupId: 'a' } }]),
      merger.runAll([groupsDue('b'), { name: 'jobs/hold-group', params: { groupId: 'b' } }]),
      merger.runAll([{ name: 'jobs/hold-group', params: { groupId: 'c' } }]),
    ]);
    const names = sends[0]?.map((s) => s.name);
    // The first position of every sequence before any second: c's hold-group is a sequence of its own.
    expect(names).toEqual(['jobs/groups-due', 'jobs/groups-due', 'jobs/hold-group', 'jobs/hold-group']);
    expect(a).toEqual([[{ id: 'jobs/groups-due(a)' }], [{ id: 'a' }]]);
    expect(b).toEqual([[{ id: 'jobs/groups-due(b)' }], [{ id: 'b' }]]);
    expect(c).toEqual([[{ id: 'c' }]]);
  });

  it('fails every call of a send that failed', async () => {
    const { merger } = recordingTx(true);
    const outcomes = await Promise.allSettled([
      merger.runAll(summariesWrite('a')),
      merger.runAll(summariesWrite('b')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });

  it('sends calls of later turns apart', async () => {
    const { sends, merger } = recordingTx();
    await merger.runAll(summariesWrite('a'));
    await merger.runAll(summariesWrite('b'));
    expect(sends).toHaveLength(2);
  });
});
