import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportLine, readJsonl } from '../../src/ingest/importers/jsonl.js';

const FIXTURE = new URL('../fixtures/memories.jsonl', import.meta.url).pathname;

async function collect(path: string): Promise<ImportLine[]> {
  const out: ImportLine[] = [];
  for await (const line of readJsonl(path)) out.push(line);
  return out;
}

describe('readJsonl', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strata-jsonl-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('imports the valid lines with every field and reports the bad ones by line number', async () => {
    const lines = await collect(FIXTURE);
    // Blank lines 2 and 6 are skipped but counted.
    expect(lines.map((l) => l.line)).toEqual([1, 3, 4, 5, 7, 8, 9]);

    const ok = lines.filter((l) => 'memory' in l);
    expect(ok.map((l) => l.line)).toEqual([1, 3, 9]);
    expect(ok[0]).toEqual({
      line: 1,
      memory: {
        id: 'm-1',
        text: 'Kickoff call went well',
        speaker: 'Ana',
        ts: '2024-05-01T09:30:00Z',
        sessionId: 's-1',
        meta: { channel: 'general', priority: 2, pinned: true },
      },
    });
    expect(ok[1]).toEqual({
      line: 3,
      memory: { text: 'No id here, hash it', speaker: 'Ben', ts: '2024-05-01T10:00:00+02:00' },
    });

    const errors = Object.fromEntries(lines.flatMap((l) => ('error' in l ? [[l.line, l.error]] : [])));
    expect(Object.keys(errors).map(Number)).toEqual([4, 5, 7, 8]);
    expect(errors[4]).toMatch(/^line 4: invalid JSON/);
    expect(errors[5]).toMatch(/^line 5: /);
    expect(errors[5]).toContain('text: must not be empty');
    expect(errors[5]).toContain('ts: must be an ISO 8601 date-time');
    expect(errors[7]).toMatch(/^line 7: /);
    expect(errors[7]).toContain('meta.deep');
    expect(errors[7]).toContain('colour');
    expect(errors[8]).toMatch(/^line 8: .*object/i);
  });

  it('copes with a byte order mark and Windows line endings', async () => {
    const path = join(dir, 'crlf.jsonl');
    const a = '{"text":"first","speaker":"A","ts":"2024-01-01T00:00:00Z"}';
    const b = '{"text":"second","speaker":"B","ts":"2024-01-01T00:01:00Z"}';
    await writeFile(path, `\uFEFF${a}\r\n\r\n${b}\r\n`);
    const lines = await collect(path);
    expect(lines).toEqual([
      { line: 1, memory: { text: 'first', speaker: 'A', ts: '2024-01-01T00:00:00Z' } },
      { line: 3, memory: { text: 'second', speaker: 'B', ts: '2024-01-01T00:01:00Z' } },
    ]);
  });

  it('yields nothing for an empty file', async () => {
    const path = join(dir, 'empty.jsonl');
    await writeFile(path, '');
    expect(await collect(path)).toEqual([]);
  });

  it('fails on a missing file instead of yielding nothing', async () => {
    await expect(collect(join(dir, 'nope.jsonl'))).rejects.toThrow(/ENOENT/);
  });

  it('can stop early without leaving the file open', async () => {
    const first: ImportLine[] = [];
    for await (const line of readJsonl(FIXTURE)) {
      first.push(line);
      break;
    }
    expect(first).toHaveLength(1);
    expect(first[0].line).toBe(1);
  });
});
