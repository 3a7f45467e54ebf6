import { describe, expect, it } from 'vitest';
import {
  batchedStatement,
  batchKey,
  batchParams,
  rowsByRequest,
  runBatch,
} from '../../src/graph/request-batches.js';

describe('request batches', () => {
  it('knows a statement that serves many requests by its file, and its shared parameters by their top-level use', () => {
    expect(batchedStatement('rollup/pending-day-times')).toEqual({
      name: 'rollup/pending-day-times',
      shared: ['limit'],
    });
    expect(batchedStatement('eras/day-series')?.shared).toEqual(['contentVectorKey', 'vectorKey']);
    // A statement for one call at a time.
    expect(batchedStatement('jobs/groups-due')).toBeNull();
  });

  it('sends the shared parameters once and every other value of each call as its request, numbered', () => {
    const statement = { name: 's', shared: ['limit'] };
    expect(
      batchParams(statement, [
        { groupId: 'a', limit: 10 },
        { groupId: 'b', limit: 10, level: 'day' },
      ]),
    ).toEqual({
      limit: 10,
      batch: {
        requests: [
          { index: 0, groupId: 'a' },
          { index: 1, groupId: 'b', level: 'day' },
        ],
      },
    });
  });

  it('leaves out a shared parameter that the calls do not give, for the graph to add', () => {
    const statement = { name: 's', shared: ['vectorKey'] };
    expect(batchParams(statement, [{ groupId: 'a' }])).toEqual({
      batch: { requests: [{ index: 0, groupId: 'a' }] },
    });
  });

  it('lets calls share a batch only when they agree on the shared parameters', () => {
    const statement = { name: 's', shared: ['level', 'limit'] };
    const key = (params: Record<string, unknown>) => batchKey(statement, params);
    expect(key({ groupId: 'a', level: 'day', limit: 5 })).toBe(key({ groupId: 'b', level: 'day', limit: 5 }));
    expect(key({ groupId: 'a', level: 'day', limit: 5 })).not.toBe(
      key({ groupId: 'a', level: 'week', limit: 5 }),
    );
    expect(key({ groupId: 'a', limit: 5 })).not.toBe(key({ groupId: 'a', level: 'day', limit: 5 }));
  });

  it("splits a batch's rows back into each call's, in order, without the request column", () => {
    const rows = [
      { request: 1, x: 'b1' },
      { request: 0, x: 'a1' },
      { request: 1, x: 'b2' },
    ];
    expect(rowsByRequest(rows, 3)).toEqual([[{ x: 'a1' }], [{ x: 'b1' }, { x: 'b2' }], []]);
  });

  it('runs one statement for every call and hands each call the rows of its request', async () => {
    const statement = { name: 's', shared: [] };
    const sent: Record<string, unknown>[] = [];
    const rows = await runBatch(statement, [{ groupId: 'a' }, { groupId: 'b' }], async (params) => {
      sent.push(params);
      return [{ request: 1, id: 'b1' }];
    });
    expect(sent).toHaveLength(1);
    expect(rows).toEqual([[], [{ id: 'b1' }]]);
  });
});
