import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli.js';
import type { Backend } from '../../src/cli/command.js';
import { printRecall } from '../../src/cli/commands/recall.js';
import { formatInstant, formatRange, printJson } from '../../src/cli/output.js';
import { formatTable, layoutTable, oneLine, truncate } from '../../src/cli/table.js';
import type { RecallItem, RecallResponse } from '../../src/domain/recall.js';
import { stubServices } from '../support/stub-services.js';

function collector(columns?: number) {
  return {
    text: '',
    isTTY: columns !== undefined,
    columns,
    write(chunk: string) {
      this.text += chunk;
      return true;
    },
  };
}

describe('formatTable', () => {
  it('aligns columns, numbers to the right, with a rule under the header', () => {
    const text = formatTable(
      [{ header: 'level' }, { header: 'created', align: 'right' }, { header: 'note' }],
      [
        ['day', '170', 'fine'],
        ['session', '4', ''],
      ],
    );
    expect(text).toBe(
      [
        'level    created  note',
        '-------  -------  ----',
        'day          170  fine',
        'session        4',
        '',
      ].join('\n'),
    );
  });

  it('keeps every line within the width by shrinking the flexible column', () => {
    const long = 'word '.repeat(40).trim();
    const t = layoutTable(
      [
        { header: '#', align: 'right' },
        { header: 'text', flex: true },
      ],
      [
        ['1', long],
        ['2', 'short'],
      ],
      40,
    );
    for (const line of [t.header, t.rule, ...t.rows]) expect(line.length).toBeLessThanOrEqual(40);
    expect(t.rows[0]).toMatch(/…$/);
    expect(t.rows[1]).toBe('2  short');
    expect(t.starts).toEqual([0, 3]);
  });

  it('never shrinks the flexible column below its minimum', () => {
    const t = layoutTable(
      [{ header: 'a' }, { header: 'text', flex: true, min: 10 }],
      [['x'.repeat(30), 'y'.repeat(30)]],
      20,
    );
    expect(t.widths[1]).toBe(10);
  });

  it('cuts cells at a column maximum and puts multi-line text on one line', () => {
    const text = formatTable([{ header: 'topics', max: 8 }], [['alpha, beta, gamma'], ['two\nlines\t here']]);
    expect(text.split('\n')).toEqual(['topics', '--------', 'alpha,…', 'two lin…', '']);
  });

  it('prints the header alone for an empty table', () => {
    expect(formatTable([{ header: 'group' }, { header: 'n', align: 'right' }], [])).toBe(
      'group  n\n-----  -\n',
    );
  });
});

describe('text helpers', () => {
  it('truncates with an ellipsis only when needed', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello world', 6)).toBe('hello…');
    expect(truncate('hello', 1)).toBe('…');
    expect(truncate('hello', 0)).toBe('');
    expect(oneLine('  a\n\n b  ')).toBe('a b');
  });

  it('formats instants and ranges', () => {
    expect(formatInstant('2024-05-06T19:02:11.000Z')).toBe('2024-05-06 19:02');
    expect(formatInstant('2024-05-06')).toBe('2024-05-06');
    expect(formatRange('2024-05-06', '2024-05-06')).toBe('2024-05-06');
    expect(formatRange('2024-05-06', '2024-05-12')).toBe('2024-05-06..2024-05-12');
  });
});

const parts = { relevance: 0.5, rank: 0.5, vector: 0.8, lexical: null, fused: 0.5, decay: 1, levelWeight: 1 };

function item(overrides: Partial<RecallItem>): RecallItem {
  return {
    id: 'x',
    kind: 'memory',
    level: 'memory',
    text: 'text',
    score: 0.5,
    scoreParts: parts,
    path: ['x'],
    details: [],
    neighbours: [],
    ...overrides,
  };
}

const response: RecallResponse = {
  query: 'lisbon flights',
  k: 10,
  tookMs: 12.4,
  minScore: 0.3,
  abstained: false,
  entities: [],
  items: [
    item({
      id: 'g:week:2024-05-06',
      kind: 'summary',
      level: 'week',
      text: 'The group booked flights to Lisbon and argued about the Airbnb.',
      periodStart: '2024-05-06',
      periodEnd: '2024-05-12',
      score: 0.91234,
      details: [
        {
          id: 'm1',
          text: 'Booked! Confirmation email for the flights\nshould be in your inbox.',
          speaker: 'ana',
          ts: '2024-05-07T19:02:00.000Z',
          score: 0.7,
          path: ['g:week:2024-05-06', 'g:day:2024-05-07', 'm1'],
        },
      ],
    }),
    item({ id: 'm2', text: 'Flights are cheapest on a Tuesday', speaker: 'ben', ts: '2024-05-03T08:15:00Z' }),
  ],
};

describe('recall table', () => {
  it('lists rank, level, score, when and text, with details indented under the text column', () => {
    const out = collector(100);
    printRecall(out, response);
    const lines = out.text.split('\n');
    expect(lines[0]).toMatch(/^#\s+level\s+score\s+when\s+text$/);
    expect(lines[2]).toMatch(/^1\s+week\s+0\.912\s+2024-05-06\.\.2024-05-12\s+The group booked/);
    const textColumn = (lines[0] as string).indexOf('text');
    // The detail's line break is gone and the line is cut to the width.
    expect(lines[3]?.indexOf('- 2024-05-07 19:02 ana: Booked! Confirmation email for')).toBe(textColumn);
    expect(lines[3]).toMatch(/…$/);
    expect(lines[4]).toMatch(/^2\s+memory\s+0\.500\s+2024-05-03 08:15\s+ben: Flights are cheapest/);
    expect(lines[5]).toBe('2 hits in 12 ms');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });

  it("names the group's entities the query named, after the hits", () => {
    const out = collector(100);
    const lisbon = {
      id: 'g:entity:0000000000000001',
      groupId: 'g',
      kind: 'place' as const,
      name: 'Lisbon',
      aliases: [],
      firstSeen: '2024-05-01T00:00:00Z',
      lastSeen: '2024-05-07T00:00:00Z',
      mentions: 4,
      sessions: 2,
    };
    printRecall(out, { ...response, entities: [lisbon] });
    expect(out.text.split('\n').at(-2)).toBe('names: Lisbon (place)');
  });

  it('says so when nothing matched', () => {
    const out = collector();
    printRecall(out, { ...response, items: [] });
    expect(out.text).toBe('No hits for "lisbon flights".\n');
  });
});

describe('JSON mode', () => {
  it('printJson writes exactly one parseable document', () => {
    const out = collector();
    printJson(out, { a: [1, 2], b: 'x' });
    expect(JSON.parse(out.text)).toEqual({ a: [1, 2], b: 'x' });
    expect(out.text.endsWith('}\n')).toBe(true);
  });

  it('a --json command prints one document on stdout and keeps stderr apart', async () => {
    const backend: Backend = {
      services: stubServices({
        readiness: async () => ({
          ready: true,
          neo4j: 'reachable',
          schema: { missing: [], notOnline: [] },
        }),
        recall: async () => response,
      }),
      cycle: async () => {
        throw new Error('not used');
      },
      groupsDue: async () => [],
      tick: { concurrency: 1, shareCommits: () => ({ join: (task) => task() }) },
      migrate: async () => ({ from: 2, to: 2, applied: [] }),
      indexes: async () => [],
      checkEmbedder: async () => undefined,
      reembed: async () => {
        throw new Error('not used');
      },
      dropPreviousVectors: async () => {
        throw new Error('not used');
      },
      close: async () => undefined,
    };
    const stdout = collector();
    const stderr = collector();
    const code = await main(['recall', '--group', 'g1', 'lisbon', '--json'], {
      stdout,
      stderr,
      env: {},
      openBackend: async () => backend,
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout.text)).toEqual(response);
    expect(stderr.text).toBe('');
  });
});
