import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { locomoStream, writeLocomoStream } from '../../bench/locomo-stream.js';
import { main } from '../../src/cli/cli.js';
import { ENTITIES_CSV_HEADER } from '../../src/domain/entities-over-time.js';
import type { EraPreview } from '../../src/domain/era.js';
import { ERA_SIGNAL_CSV_HEADER } from '../../src/domain/era-signal.js';
import type { SegmentationScore } from '../../src/domain/segmentation.js';
import type { Strata } from '../../src/strata.js';
import { collector } from '../support/out-stream.js';
import { testApp } from '../support/test-app.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOCOMO = resolve(root, '..', 'shared', 'bench', 'locomo', 'locomo-dev.json');
const WALKTHROUGH = join(root, 'docs', 'drift-walkthrough.md');

/** RFC 4180 fields of one CSV line (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/**
 * A Python that imports pandas: the one on the PATH, else Debian's (python3-pandas), which a pyenv or venv on the
 * PATH may hide.
 */
function pythonWithPandas(): string | null {
  for (const python of ['python3', '/usr/bin/python3']) {
    try {
      execFileSync(python, ['-c', 'import pandas'], { stdio: 'ignore' });
      return python;
    } catch {}
  }
  return null;
}

const PYTHON = pythonWithPandas();

if (!existsSync(LOCOMO)) console.log(`skipped: the drift walkthrough (no LoCoMo file at ${LOCOMO})`);
else if (!PYTHON && process.env.NEO4J_URI)
  console.log(
    "skipped: the drift walkthrough's pandas part (no python3 with pandas; apt-get install python3-pandas)",
  );

describeNeo4j('the drift walkthrough (docs/drift-walkthrough.md), end to end', () => {
  let strata: Strata;
  let dir = '';
  const group = testGroupId('walkthrough');
  /** What the end-to-end test wrote into `dir` for the Python part. */
  let signalDays = 0;
  let goldBoundaries = 0;
  /** Distinct entity names, and the days that name any, in the entities per day the test wrote. */
  let entityNames = 0;
  let entityDays = 0;
  const cli = async (...argv: string[]) => {
    const stdout = collector();
    const stderr = collector();
    const code = await main(argv, { stdout, stderr, env: { ...process.env, LOG_LEVEL: 'silent' } });
    return { code, stdout: stdout.text, stderr: stderr.text };
  };

  beforeAll(async () => {
    strata = await openTestStrata();
    dir = await mkdtemp(join(tmpdir(), 'strata-walkthrough-'));
  });
  afterAll(async () => {
    await deleteGroup(strata.graph, group);
    await strata?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(LOCOMO))(
    'imports LoCoMo end to end, previews two settings, scores them against the joins, and exports the signal',
    async () => {
      const doc = await readFile(WALKTHROUGH, 'utf8');
      const out = join(dir, 'locomo-stream.jsonl');
      const gold = join(dir, 'locomo-gold.csv');

      // 1. The dataset.
      expect(doc).toContain('npm run -s locomo:stream -- --out locomo-stream.jsonl --gold locomo-gold.csv');
      const stream = await locomoStream(LOCOMO, group);
      const written = await writeLocomoStream(stream, { out, gold });
      expect(written.boundaries).toBe(stream.conversationStarts.length - 1);

      // 2. Import and roll up.
      expect(doc).toContain('npm run import -- --group locomo-drift locomo-stream.jsonl');
      const imported = await cli('import', '--group', group, out, '--json');
      expect(imported.code, imported.stderr).toBe(0);
      expect(JSON.parse(imported.stdout).groups[0]).toMatchObject({ created: written.memories });
      expect(doc).toContain('npm run strata -- aggregate --group locomo-drift');
      const aggregated = await cli('aggregate', '--group', group, '--json');
      expect(aggregated.code, aggregated.stderr).toBe(0);
      const stored = await strata.services.eras(group);
      expect(stored.length).toBeGreaterThan(1);

      // 3. Two previews: the group's settings (the stored eras) and eras of at least 200 days.
      expect(doc).toContain('npm run strata -- eras --group locomo-drift --preview --min-days 200');
      const own = JSON.parse(
        (await cli('eras', '--group', group, '--preview', '--json')).stdout,
      ) as EraPreview;
      expect(own.eras.map((e) => e.start)).toEqual(stored.map((e) => e.start));
      const long = JSON.parse(
        (await cli('eras', '--group', group, '--preview', '--min-days', '200', '--json')).stdout,
      ) as EraPreview;
      expect(long.parameters.minDays).toBe(200);
      expect(long.eras.length).toBeLessThan(own.eras.length);

      // 4. Scores against the joins.
      expect(doc).toContain('npm run strata -- eras --group locomo-drift --preview --score locomo-gold.csv');
      const score = async (...more: string[]) => {
        const r = await cli('eras', '--group', group, '--preview', ...more, '--score', gold, '--json');
        expect(r.code, r.stderr).toBe(0);
        return JSON.parse(r.stdout) as SegmentationScore;
      };
      const ownScore = await score();
      expect(ownScore).toMatchObject({ goldBoundaries: written.boundaries, recall: 1, marginDays: 7 });
      expect(ownScore.pk).toBeLessThan(0.15);
      const longScore = await score('--min-days', '200');
      expect(longScore.recall).toBeLessThan(1);
      expect(longScore.pk).toBeGreaterThan(ownScore.pk);

      // 5. The signal as CSV, with the header the walkthrough documents, one row per day and topic.
      expect(doc).toContain(ERA_SIGNAL_CSV_HEADER.join(','));
      const app = testApp(strata);
      const res = await request(app).get(`/v1/groups/${group}/eras/signal?format=csv`).expect(200);
      expect(res.headers['x-strata-detector']).toBe(own.detector);
      const lines = res.text.trimEnd().split('\n');
      expect(lines[0]).toBe(ERA_SIGNAL_CSV_HEADER.join(','));
      const rows = lines.slice(1).map(csvFields);
      expect(rows.every((r) => r.length === ERA_SIGNAL_CSV_HEADER.length)).toBe(true);
      const days = new Set(rows.map((r) => r[1]));
      expect(days.size).toBe(own.cut.days);
      expect(own.breakpoints.at(-1)).toBe(days.size);
      expect(doc).toContain(
        'curl -s "http://localhost:8080/v1/groups/locomo-drift/eras/signal?format=csv" > locomo-signal.csv',
      );
      await writeFile(join(dir, 'locomo-signal.csv'), res.text);
      signalDays = days.size;
      goldBoundaries = written.boundaries;

      // The entities per day beside it: every day of the signal is a period, and some name people.
      expect(doc).toContain(
        'curl -s "http://localhost:8080/v1/groups/locomo-drift/entities/over-time?level=day&format=csv" > locomo-entities.csv',
      );
      // The columns the page names are the export's.
      for (const column of ['period_start', 'entity_id', 'name', 'kind', 'mentions']) {
        expect(doc).toContain(`\`${column}\``);
        expect(ENTITIES_CSV_HEADER).toContain(column);
      }
      const entities = await request(app)
        .get(`/v1/groups/${group}/entities/over-time?level=day&format=csv`)
        .expect(200);
      const entityLines = entities.text.trimEnd().split('\n');
      expect(entityLines[0]).toBe(ENTITIES_CSV_HEADER.join(','));
      const entityRows = entityLines.slice(1).map(csvFields);
      expect(new Set(entityRows.map((r) => r[0]))).toEqual(days);
      const named = entityRows.filter((r) => r[3] !== '');
      expect(named.length).toBeGreaterThan(0);
      await writeFile(join(dir, 'locomo-entities.csv'), entities.text);
      entityNames = new Set(named.map((r) => r[4])).size;
      entityDays = new Set(named.map((r) => r[0])).size;
    },
    600_000,
  );

  it.skipIf(!existsSync(LOCOMO) || !PYTHON)(
    "loads the signal and the gold boundaries with the walkthrough's pandas code",
    async () => {
      expect(signalDays, 'the walkthrough above wrote no signal').toBeGreaterThan(0);
      const doc = await readFile(WALKTHROUGH, 'utf8');
      const code = /```python\n([\s\S]*?)```/.exec(doc)?.[1];
      expect(code).toBeDefined();
      // ruptures is not packaged by Debian: the page imports it behind a guard, so the pandas part runs without it.
      const printed = execFileSync(PYTHON as string, ['-c', code as string], { cwd: dir, encoding: 'utf8' });
      const [summary, entities] = printed.split('\n');
      expect(summary).toMatch(
        new RegExp(`^${signalDays} days, \\d+ topics, ${goldBoundaries} gold boundaries$`),
      );
      expect(entities).toBe(`${entityNames} entities named on ${entityDays} days`);
    },
    120_000,
  );
});
