import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, importSources } from '../../src/cli/import-sources.js';
import { exportedMemory } from '../../src/domain/group-export.js';
import { parseExportLine } from '../../src/ingest/importers/strata-export.js';

const header = {
  kind: 'strata-export',
  format: 1,
  groupId: 'team-a',
  exportedAt: '2024-05-03T00:00:00.000Z',
  settings: { timezone: 'Europe/Berlin' },
  memories: 2,
  summaries: false,
};
const memory = (id: string) => ({
  kind: 'memory',
  id,
  text: `text ${id}`,
  speaker: 'ana',
  ts: '2024-05-02T09:30:00.000Z',
});
const end = (memories: number) => ({ kind: 'end', memories, summaries: 0, eras: 0 });
const ndjson = (...lines: unknown[]) => `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;

describe('parseExportLine', () => {
  it('tells the header, memories, summaries and the end apart; a memory loses its kind', () => {
    expect(parseExportLine(1, JSON.stringify(header))).toMatchObject({ header: { groupId: 'team-a' } });
    expect(parseExportLine(2, JSON.stringify(memory('m1')))).toEqual({
      line: 2,
      memory: { id: 'm1', text: 'text m1', speaker: 'ana', ts: '2024-05-02T09:30:00.000Z' },
    });
    expect(parseExportLine(3, JSON.stringify(end(1)))).toEqual({ line: 3, end: { memories: 1 } });
  });

  it('names the field of a bad line', () => {
    const bad = parseExportLine(4, JSON.stringify({ ...memory('m2'), ts: 'yesterday' }));
    expect(bad).toMatchObject({ line: 4 });
    expect('error' in bad && bad.error).toMatch(/^line 4: ts: /);
    expect(parseExportLine(5, '{')).toMatchObject({ error: expect.stringMatching(/invalid JSON/) });
  });

  it('writes a stored memory back as its input: meta parsed, absent fields left out', () => {
    expect(
      exportedMemory({ id: 'm', text: 't', speaker: 's', ts: 'x', sessionId: null, meta: '{"pinned":true}' }),
    ).toEqual({ kind: 'memory', id: 'm', text: 't', speaker: 's', ts: 'x', meta: { pinned: true } });
  });
});

describe('importing an export file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strata-export-unit-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const source = async (name: string, text: string, group?: string) => {
    const path = join(dir, name);
    await writeFile(path, text);
    const [found] = await importSources(path, detectFormat(path, text), group);
    if (!found) throw new Error('no source');
    const memories = [];
    for await (const m of found.memories) memories.push(m);
    return { found, memories };
  };

  it('is recognised by its header whatever the file is called, and goes back to its group with its time zone', async () => {
    const { found, memories } = await source('a.jsonl', ndjson(header, memory('m1'), memory('m2'), end(2)));
    expect(found.groupId).toBe('team-a');
    expect(found.settings).toEqual({ timezone: 'Europe/Berlin' });
    expect(memories.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(found.rejected).toEqual([]);
    expect((await source('b.ndjson', ndjson(header, end(0)), 'elsewhere')).found.groupId).toBe('elsewhere');
  });

  it('reports an export cut short, or whose end line counts otherwise', async () => {
    const cut = await source('cut.ndjson', ndjson(header, memory('m1')));
    expect(cut.found.rejected).toEqual([
      { line: 2, error: 'the export ends without its end line: it was cut short' },
    ]);
    const miscounted = await source('odd.ndjson', ndjson(header, memory('m1'), end(2)));
    expect(miscounted.found.rejected[0]?.error).toBe('the end line counts 2 memories, the file holds 1');
  });

  it('skips summaries and eras, counted: the cycle rebuilds them', async () => {
    const era = {
      kind: 'era',
      id: 'team-a:era:2024-01-01',
      start: '2024-01-01',
      end: '2024-02-01',
      theme: 'boats',
      keyTopics: ['regatta'],
      text: null,
      current: true,
      earlier: false,
      periodCount: 4,
    };
    const { found, memories } = await source('s.ndjson', ndjson(header, memory('m1'), era, end(1)));
    expect(memories).toHaveLength(1);
    expect(found.rejected).toEqual([]);
    expect(Object.fromEntries(found.skipped)).toEqual({ 'era (the cycle rebuilds it)': 1 });
  });
});
