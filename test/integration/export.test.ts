import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../src/cli/cli.js';
import type { ExportLine } from '../../src/domain/group-export.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { exportGroup } from '../../src/export/group-export.js';
import { ExportRepository } from '../../src/graph/exports.js';
import type { Strata } from '../../src/strata.js';
import { collector } from '../support/out-stream.js';
import { testApp } from '../support/test-app.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

/** Eight weeks of a team chat: four about sailing, then four about pottery, so the cycle finds two eras. */
function history(): MemoryInput[] {
  const subjects = [
    [
      'The regatta starts at the harbour on Saturday',
      'We need a new jib before the regatta',
      'Moorings are free after nine',
      'Who brings the life jackets?',
    ],
    [
      'The kiln reached cone six overnight',
      'Try the celadon glaze on the bowls',
      'The wheel needs a new belt',
      'I trimmed twelve mugs by the kiln',
    ],
  ];
  const memories: MemoryInput[] = [];
  for (let week = 0; week < 8; week++) {
    for (let day = 0; day < 5; day++) {
      const date = Date.parse('2024-01-01T00:00:00Z') + (week * 7 + day) * 86_400_000;
      (subjects[week < 4 ? 0 : 1] as string[]).forEach((text, i) => {
        memories.push({
          id: `w${week}-d${day}-${i}`,
          text: `${text} (week ${week + 1}, day ${day + 1})`,
          speaker: ['ana', 'ben', 'cai'][i % 3] as string,
          ts: new Date(date + (9 + i * 2) * 3_600_000).toISOString(),
          ...(i === 0 ? { sessionId: `standup-${week}-${day}` } : {}),
          ...(i === 1 ? { meta: { channel: 'general', pinned: day === 0 } } : {}),
        });
      });
    }
  }
  return memories;
}

const NOW = new Date('2024-03-15T00:00:00Z');

const parseLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ExportLine);

describeNeo4j('group export and import against Neo4j', () => {
  let strata: Strata;
  let dir: string;
  const source = testGroupId('export-source');
  const target = testGroupId('export-target');
  const cli = async (...argv: string[]) => {
    const stdout = collector();
    const stderr = collector();
    const code = await main(argv, { stdout, stderr, env: { ...process.env, LOG_LEVEL: 'silent' } });
    return { code, stdout: stdout.text, stderr: stderr.text };
  };
  const countsOf = async (groupId: string) => {
    const counts: Record<string, number> = {};
    for (const level of ['session', 'day', 'week', 'month'] as const)
      counts[level] = (await strata.services.listSummaries(groupId, { level, limit: 500 })).length;
    return counts;
  };

  beforeAll(async () => {
    strata = await openTestStrata({ PRUNE_ENABLED: 'false' });
    dir = await mkdtemp(join(tmpdir(), 'strata-export-'));
    await strata.services.setTimezone(source, 'Europe/Berlin');
    // Its own era parameters (the server's values, so the eras stay those of the data), which go with the export.
    await strata.services.setEraParameters(source, { minShift: 0.1, minDays: 14 });
    await strata.services.ingest(source, history());
    const report = await strata.cycle(source, { now: NOW });
    if (report.status !== 'succeeded') throw new Error(`cycle failed: ${JSON.stringify(report.errors)}`);
  }, 300_000);

  afterAll(async () => {
    await deleteGroup(strata.graph, source);
    await deleteGroup(strata.graph, target);
    await strata?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('exports, imports into an empty group and rebuilds the same summaries and eras, verify clean; again creates nothing', async () => {
    const file = join(dir, 'source.ndjson');
    const exported = await cli('export', '--group', source, '--out', file, '--summaries');
    expect(exported.code).toBe(0);
    const lines = parseLines(await readFile(file, 'utf8'));
    const [header] = lines;
    expect(header).toMatchObject({
      kind: 'strata-export',
      groupId: source,
      settings: { timezone: 'Europe/Berlin', eras: { minDays: 14, minShift: 0.1 } },
    });
    const memories = lines.filter((l) => l.kind === 'memory');
    expect(memories).toHaveLength(history().length);
    expect(memories.find((m) => m.kind === 'memory' && m.id === 'w0-d0-1')).toMatchObject({
      meta: { channel: 'general', pinned: true },
    });
    expect(memories.find((m) => m.kind === 'memory' && m.id === 'w0-d0-0')).toMatchObject({
      sessionId: 'standup-0-0',
    });
    const sourceCounts = await countsOf(source);
    const summaries = lines.filter((l) => l.kind === 'summary');
    expect(summaries).toHaveLength(Object.values(sourceCounts).reduce((a, b) => a + b, 0));
    const sourceEras = await strata.services.eras(source);
    expect(sourceEras.length).toBeGreaterThan(1);
    expect(lines.at(-1)).toEqual({
      kind: 'end',
      memories: memories.length,
      summaries: summaries.length,
      eras: sourceEras.length,
    });

    const imported = await cli('import', file, '--group', target, '--json');
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout).groups[0]).toMatchObject({ created: memories.length, existing: 0 });
    expect((await strata.services.getGroup(target))?.timezone).toBe('Europe/Berlin');
    expect(await strata.services.groupSettings(target)).toEqual({
      timezone: 'Europe/Berlin',
      eras: { minDays: 14, minShift: 0.1 },
    });
    const report = await strata.cycle(target, { now: NOW });
    expect(report.status).toBe('succeeded');

    // The same memories, line for line, and after a cycle the same summaries per level and the same eras.
    const again = join(dir, 'target.ndjson');
    expect((await cli('export', '--group', target, '--out', again)).code).toBe(0);
    const targetMemories = parseLines(await readFile(again, 'utf8')).filter((l) => l.kind === 'memory');
    expect(targetMemories).toEqual(memories);
    expect(await countsOf(target)).toEqual(sourceCounts);
    const eraBounds = (eras: { start: string; end: string; theme: string }[]) =>
      eras.map((e) => [e.start, e.end, e.theme]);
    expect(eraBounds(await strata.services.eras(target))).toEqual(eraBounds(sourceEras));
    expect((await strata.services.verify(target)).ok).toBe(true);

    const twice = await cli('import', file, '--group', target, '--json');
    expect(twice.code).toBe(0);
    expect(JSON.parse(twice.stdout).groups[0]).toMatchObject({ created: 0, existing: memories.length });
  }, 300_000);

  it('reads an export a page at a time, in the same order whatever the page size', async () => {
    const deps = {
      repo: new ExportRepository(strata.graph),
      group: (id: string) => strata.services.getGroup(id),
      eras: (id: string) => strata.services.eras(id),
      eraParameters: async () => ({}),
    };
    const ids = async (pageSize: number) => {
      const out: string[] = [];
      for await (const line of exportGroup(deps, source, { summaries: true, pageSize }))
        if (line.kind === 'memory' || line.kind === 'summary') out.push(line.id);
      return out;
    };
    const whole = await ids(10_000);
    expect(await ids(7)).toEqual(whole);
    expect(new Set(whole).size).toBe(whole.length);
  });

  it('streams the export over HTTP as NDJSON, and answers 404 for an unknown group', async () => {
    const app = testApp(strata);
    const response = await request(app)
      .get(`/v1/groups/${source}/export`)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        res.on('end', () => done(null, text));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = parseLines(response.body as string);
    expect(lines[0]?.kind).toBe('strata-export');
    expect(lines.filter((l) => l.kind === 'summary')).toHaveLength(0);
    expect(lines.at(-1)).toMatchObject({ kind: 'end', memories: history().length });
    const missing = await request(app).get(`/v1/groups/${testGroupId('nobody')}/export`);
    expect(missing.status).toBe(404);
  });
});
