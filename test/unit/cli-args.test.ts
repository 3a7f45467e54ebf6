import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { parseCommandLine } from '../../src/cli/parse.js';

/** The UsageError a command line provokes (fails the test when it parses). */
function usageError(argv: string[]): UsageError {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`expected a usage error for: ${argv.join(' ')}`);
}

describe('parseCommandLine: each command', () => {
  it('migrate', () => {
    expect(parseCommandLine(['migrate'])).toEqual({ command: 'migrate', options: { json: false } });
    expect(parseCommandLine(['migrate', '--json'])).toEqual({ command: 'migrate', options: { json: true } });
  });

  it('import with defaults and with every flag', () => {
    expect(parseCommandLine(['import', 'data.jsonl', '--group', 'team-a'])).toEqual({
      command: 'import',
      options: {
        file: 'data.jsonl',
        group: 'team-a',
        format: undefined,
        batch: 1000,
        allowRejects: false,
        json: false,
      },
    });
    expect(
      parseCommandLine([
        'import',
        '--format=locomo',
        'locomo.json',
        '--batch',
        '250',
        '--allow-rejects',
        '--json',
      ]),
    ).toEqual({
      command: 'import',
      options: {
        file: 'locomo.json',
        group: undefined,
        format: 'locomo',
        batch: 250,
        allowRejects: true,
        json: true,
      },
    });
  });

  it('aggregate for one group or all', () => {
    expect(parseCommandLine(['aggregate', '--group', 'g1', '--dry-run'])).toEqual({
      command: 'aggregate',
      options: { groupId: 'g1', dryRun: true, waitSeconds: 0, json: false },
    });
    expect(parseCommandLine(['aggregate', '--all', '--json', '--wait', '90'])).toEqual({
      command: 'aggregate',
      options: { groupId: undefined, dryRun: false, waitSeconds: 90, json: true },
    });
    expect(() => parseCommandLine(['aggregate', '--all', '--wait', '-1'])).toThrow(/--wait/);
  });

  it('recall builds a validated request with the API defaults', () => {
    const line = parseCommandLine([
      'recall',
      '--group',
      'g1',
      'lake',
      'trip',
      '--k',
      '5',
      '--levels',
      'memory,day, week',
      '--from',
      '2024-05-01',
      '--to',
      '2024-06-01T00:00:00Z',
      '--mode',
      'lexical',
    ]);
    expect(line).toEqual({
      command: 'recall',
      options: {
        groupId: 'g1',
        json: false,
        request: {
          query: 'lake trip',
          k: 5,
          levels: ['memory', 'day', 'week'],
          from: '2024-05-01',
          to: '2024-06-01T00:00:00Z',
          mode: 'lexical',
          expand: { turns: 1, down: true, perSummary: 3, sideways: 1 },
        },
      },
    });
    const plain = parseCommandLine(['recall', '--group', 'g1', 'hello']);
    expect(plain.command === 'recall' && plain.options.request).toMatchObject({ k: 10, mode: 'hybrid' });
  });

  it('summaries', () => {
    expect(parseCommandLine(['summaries', '--group', 'g1', '--level', 'week', '--limit', '5'])).toEqual({
      command: 'summaries',
      options: { groupId: 'g1', json: false, query: { level: 'week', limit: 5 } },
    });
    const plain = parseCommandLine(['summaries', '--group', 'g1']);
    expect(plain.command === 'summaries' && plain.options.query).toEqual({ limit: 20 });
  });

  it('eras and profile', () => {
    expect(parseCommandLine(['eras', '--group', 'g1'])).toEqual({
      command: 'eras',
      options: { groupId: 'g1', json: false, entities: false, marginDays: 7 },
    });
    expect(parseCommandLine(['eras', '--group', 'g1', '--entities'])).toMatchObject({
      options: { entities: true },
    });
    expect(
      parseCommandLine(['eras', '--group', 'g1', '--score', 'gold.csv', '--margin', '3', '--k', '10']),
    ).toEqual({
      command: 'eras',
      options: { groupId: 'g1', json: false, entities: false, score: 'gold.csv', marginDays: 3, k: 10 },
    });
    expect(
      parseCommandLine(['eras', '--group', 'g1', '--preview', '--min-days', '21', '--penalty', '2.5']),
    ).toEqual({
      command: 'eras',
      options: {
        groupId: 'g1',
        json: false,
        entities: false,
        marginDays: 7,
        preview: { minDays: 21, penalty: 2.5 },
      },
    });
    expect(() => parseCommandLine(['eras', '--group', 'g1', '--min-days', '21'])).toThrow(
      /go with --preview/,
    );
    expect(() => parseCommandLine(['eras', '--group', 'g1', '--preview', '--max-eras', '2.5'])).toThrow(
      /--max-eras/,
    );
    expect(parseCommandLine(['profile', '--group', 'g1', '--json'])).toEqual({
      command: 'profile',
      options: { groupId: 'g1', json: true, entities: false },
    });
  });

  it('drift as a table, as CSV or as JSON', () => {
    expect(parseCommandLine(['drift', '--group', 'g1'])).toEqual({
      command: 'drift',
      options: { groupId: 'g1', query: { level: 'week' }, output: 'table' },
    });
    expect(
      parseCommandLine(['drift', '--group', 'g1', '--level', 'month', '--from', '2024-01-01', '--csv']),
    ).toEqual({
      command: 'drift',
      options: { groupId: 'g1', query: { level: 'month', from: '2024-01-01' }, output: 'csv' },
    });
    const json = parseCommandLine(['drift', '--group', 'g1', '--json']);
    expect(json.command === 'drift' && json.options.output).toBe('json');
  });

  it('seed with defaults and with options', () => {
    expect(parseCommandLine(['seed'])).toEqual({
      command: 'seed',
      options: {
        groups: 2,
        months: 6,
        messagesPerDay: 40,
        seed: 1,
        timezone: 'UTC',
        prefix: 'demo',
        start: undefined,
        json: false,
      },
    });
    expect(
      parseCommandLine([
        'seed',
        '--groups',
        '1',
        '--months',
        '3',
        '--messages-per-day',
        '15',
        '--seed',
        '7',
        '--timezone',
        'Europe/Berlin',
        '--prefix',
        'trial',
        '--start',
        '2024-01-01',
      ]),
    ).toMatchObject({
      command: 'seed',
      options: {
        groups: 1,
        months: 3,
        messagesPerDay: 15,
        seed: 7,
        timezone: 'Europe/Berlin',
        prefix: 'trial',
        start: '2024-01-01',
      },
    });
  });
});

describe('parseCommandLine: help and version', () => {
  it('answers --help, -h and help <command>, even when required flags are missing', () => {
    expect(parseCommandLine(['--help'])).toEqual({ command: 'help', options: {} });
    expect(parseCommandLine(['-h'])).toEqual({ command: 'help', options: {} });
    expect(parseCommandLine(['help', 'recall'])).toEqual({ command: 'help', options: { topic: 'recall' } });
    expect(parseCommandLine(['recall', '--help'])).toEqual({ command: 'help', options: { topic: 'recall' } });
    expect(parseCommandLine(['import', '-h', '--bogus'])).toEqual({
      command: 'help',
      options: { topic: 'import' },
    });
    expect(parseCommandLine(['--version'])).toEqual({ command: 'version', options: {} });
  });

  it('treats --help after -- as part of the query', () => {
    const line = parseCommandLine(['recall', '--group', 'g1', '--', '--help']);
    expect(line.command === 'recall' && line.options.request.query).toBe('--help');
  });
});

describe('parseCommandLine: usage errors', () => {
  it('names a missing or unknown command', () => {
    expect(usageError([]).message).toBe('missing command');
    const unknown = usageError(['recal', '--group', 'g1']);
    expect(unknown.message).toBe('unknown command "recal"');
    expect(unknown.command).toBeUndefined();
    expect(usageError(['help', 'nope']).message).toBe('unknown command "nope"');
    expect(usageError(['--group', 'g1']).message).toMatch(/unknown option --group/);
  });

  it('names an unknown flag and the command it was given to', () => {
    const error = usageError(['eras', '--group', 'g1', '--level', 'week']);
    expect(error.message).toBe('unknown option --level');
    expect(error.command).toBe('eras');
  });

  it('asks for --group where it is required, and checks its form', () => {
    for (const command of ['recall', 'summaries', 'eras', 'drift', 'profile']) {
      const argv = command === 'recall' ? [command, 'query'] : [command];
      expect(usageError(argv).message, command).toMatch(/^missing --group <id>/);
    }
    expect(usageError(['aggregate']).message).toMatch(/missing --group <id> \(or --all/);
    expect(usageError(['aggregate', '--group', 'g', '--all']).message).toMatch(/not both/);
    expect(usageError(['eras', '--group', 'a:b']).message).toMatch(/--group "a:b" is not a group id/);
    expect(usageError(['eras', '--group']).message).toBe('--group needs a value');
  });

  it('needs a file for import and a query for recall', () => {
    expect(usageError(['import', '--group', 'g1']).message).toMatch(/missing <file>/);
    expect(usageError(['import', 'a.jsonl', 'b.jsonl']).message).toMatch(/unexpected argument: b.jsonl/);
    expect(usageError(['recall', '--group', 'g1']).message).toMatch(/missing <query/);
    expect(usageError(['eras', '--group', 'g1', 'extra']).message).toBe('unexpected argument "extra"');
  });

  it('rejects bad numbers', () => {
    expect(usageError(['recall', '--group', 'g', 'q', '--k', 'ten']).message).toBe(
      '--k must be a whole number from 1 to 100, got "ten"',
    );
    expect(usageError(['recall', '--group', 'g', 'q', '--k', '101']).message).toMatch(
      /--k must be .* got "101"/,
    );
    expect(usageError(['recall', '--group', 'g', 'q', '--k', '2.5']).message).toMatch(/--k must be a whole/);
    expect(usageError(['recall', '--group', 'g', 'q', '--k=-1']).message).toMatch(/--k must be/);
    expect(usageError(['recall', '--group', 'g', 'q', '--k', '-1']).message).toMatch(/--k needs a value/);
    expect(usageError(['recall', '--group', 'g', 'q', '--min-score', '2']).message).toMatch(/--min-score/);
    expect(usageError(['import', 'f.jsonl', '--batch', '5000']).message).toMatch(/--batch .* 1 to 1000/);
    expect(usageError(['summaries', '--group', 'g', '--limit', '0']).message).toMatch(/--limit/);
    expect(usageError(['seed', '--months', 'six']).message).toMatch(/--months must be a whole number/);
  });

  it('rejects bad levels, modes and formats, listing the choices', () => {
    expect(usageError(['recall', '--group', 'g', 'q', '--levels', 'day,year']).message).toBe(
      '--levels: unknown value "year" (choose from memory, session, day, week, month, era)',
    );
    expect(usageError(['recall', '--group', 'g', 'q', '--levels', 'day,day']).message).toMatch(
      /--levels: levels must not repeat/,
    );
    expect(usageError(['summaries', '--group', 'g', '--level', 'year']).message).toBe(
      '--level must be one of session, day, week, month, got "year"',
    );
    expect(usageError(['drift', '--group', 'g', '--level', 'session']).message).toMatch(
      /--level must be one of day, week, month/,
    );
    expect(usageError(['recall', '--group', 'g', 'q', '--mode', 'fuzzy']).message).toMatch(
      /--mode must be one of/,
    );
    expect(usageError(['import', 'f', '--format', 'csv']).message).toMatch(/--format must be one of jsonl/);
  });

  it('rejects bad windows through the API schemas, naming the flag', () => {
    expect(usageError(['recall', '--group', 'g', 'q', '--from', 'last week']).message).toMatch(
      /^--from: must be an ISO 8601 date-time/,
    );
    expect(
      usageError(['recall', '--group', 'g', 'q', '--from', '2024-06-01', '--to', '2024-05-01']).message,
    ).toBe('--to: must not be earlier than from');
    expect(usageError(['drift', '--group', 'g', '--from', '2024-06-01T00:00:00Z']).message).toMatch(
      /^--from:/,
    );
    expect(usageError(['drift', '--group', 'g', '--csv', '--json']).message).toMatch(/not both/);
  });

  it('rejects bad seed settings', () => {
    expect(usageError(['seed', '--timezone', 'Mars/Olympus']).message).toMatch(/not an IANA time zone/);
    expect(usageError(['seed', '--prefix', 'bad prefix']).message).toMatch(/--prefix/);
    expect(usageError(['seed', '--start', '2024-02-30']).message).toMatch(/--start must be a date/);
    expect(usageError(['seed', '--groups', '0']).message).toMatch(/--groups/);
  });
});
