import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli.js';
import { projectPath } from '../../src/project-files.js';
import { collector } from '../support/out-stream.js';

interface Line {
  entities?: { text: string; start: number; end: number; kind: string }[];
  error?: string;
}

async function extract(input: (string | Buffer)[], args: string[] = []) {
  const stdout = collector();
  const stderr = collector();
  const code = await main(['entities', 'extract', ...args], {
    stdout,
    stderr,
    // No Neo4j settings at all, and a backend that fails the test if it is opened.
    env: {},
    stdin: Readable.from(input),
    openBackend: async () => {
      throw new Error('entities extract must not open Strata');
    },
  });
  const lines = stdout.text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  return { code, lines, stderr: stderr.text };
}

describe('strata entities extract', () => {
  it('writes one line of entities for each line of text, with offsets into that text', async () => {
    const texts = ['Angela Merkel visited Paris', 'nothing here', '  I love my   iPhone from Apple !'];
    const { code, lines, stderr } = await extract([texts.map((text) => JSON.stringify({ text })).join('\n')]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(lines).toHaveLength(3);
    lines.forEach((line, i) => {
      expect(Object.keys(line)).toEqual(['entities']);
      for (const e of line.entities ?? []) {
        expect(Object.keys(e)).toEqual(['text', 'start', 'end', 'kind']);
        expect(texts[i]?.slice(e.start, e.end)).toBe(e.text);
      }
    });
    expect(lines[0]?.entities?.map((e) => [e.text, e.kind])).toContainEqual(['Angela Merkel', 'person']);
  });

  it('reads lines split across chunks, CRLF endings and a character cut between two buffers', async () => {
    const bytes = Buffer.from(`${JSON.stringify({ text: 'Zoë went to Lisbon' })}\r\n{"text": "ok"}`);
    const cut = bytes.indexOf(Buffer.from('ë')) + 1;
    const { code, lines } = await extract([bytes.subarray(0, cut), bytes.subarray(cut)]);
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    for (const e of lines[0]?.entities ?? []) expect('Zoë went to Lisbon'.slice(e.start, e.end)).toBe(e.text);
  });

  it('answers a bad line with an error naming it, in its place, goes on, and exits 1', async () => {
    const input = [
      '{"text": "Ana in Porto"}',
      '{"text": 3}',
      '',
      'not json',
      '[1]',
      '{"text": "Rui", "speakers": [1]}',
    ];
    const { code, lines, stderr } = await extract([input.join('\n')]);
    expect(code).toBe(1);
    // The blank line is skipped, so five lines come back for five.
    expect(lines).toHaveLength(5);
    expect(lines[0]?.entities).toBeDefined();
    expect(lines[1]?.error).toMatch(/^line 2: "text" must be a string/);
    expect(lines[2]?.error).toMatch(/^line 4: not JSON/);
    expect(lines[3]?.error).toMatch(/^line 5: expected an object/);
    expect(lines[4]?.error).toMatch(/^line 6: "speakers" must be an array of strings/);
    expect(stderr).toContain('line 4: not JSON');
    expect(stderr).toContain('4 of 5 lines were not');
  });

  it('makes speakers people, from --speakers and from a line of its own', async () => {
    const { lines } = await extract(
      ['{"text": "joao and mia went out"}\n{"text": "joao and mia went out", "speakers": ["Mia Costa"]}'],
      ['--speakers', 'João Silva, Joao'],
    );
    const people = (l: Line | undefined) =>
      l?.entities?.filter((e) => e.kind === 'person').map((e) => e.text);
    expect(people(lines[0])).toContain('joao');
    expect(people(lines[1])).toEqual(['joao', 'mia']);
  });

  it('refuses a missing or unknown action as a usage error', async () => {
    const stderr = collector();
    const io = { stdout: collector(), stderr, env: {} };
    expect(await main(['entities'], io)).toBe(2);
    expect(stderr.text).toContain('missing action: extract, list, show or over-time');
    expect(await main(['entities', 'lists'], io)).toBe(2);
    expect(stderr.text).toContain('unknown action "lists"');
  });

  it('refuses over-time flags that are out of range or at odds, naming them, before opening anything', async () => {
    for (const [args, message] of [
      [['--top', '0'], '--top: Too small'],
      [['--level', 'year'], '--level must be one of day, week, month'],
      [['--from', '2024-03-01', '--to', '2024-02-01'], '--to: must not be before from'],
      [['--csv', '--json'], 'give --csv or --json, not both'],
    ] as const) {
      const stderr = collector();
      const code = await main(['entities', 'over-time', '--group', 'g1', ...args], {
        stdout: collector(),
        stderr,
        env: {},
      });
      expect(code, args.join(' ')).toBe(2);
      expect(stderr.text).toContain(message);
    }
  });

  it('runs as a process: JSON Lines in, JSON Lines out, with Neo4j settings that point nowhere', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', projectPath('src', 'cli', 'main.ts'), 'entities', 'extract'],
      {
        input: '{"text": "Lionel Messi joined Inter Miami"}\n{"text": ""}\n',
        encoding: 'utf8',
        env: { ...process.env, NEO4J_URI: 'bolt://127.0.0.1:1', NEO4J_PASSWORD: 'unused' },
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    expect(lines).toEqual([{ entities: expect.any(Array) }, { entities: [] }]);
  });
});
