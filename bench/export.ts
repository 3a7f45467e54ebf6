/**
 * Group export and import, measured on the real path.
 *
 * 1. Size: a group of --memories demo memories (default 100,000 over 60 months; or --group, one already there) is
 *    exported through services.exportGroup into a file, in a fresh child process so that its memory is the
 *    export's alone, and with its heap capped (an export that held the group would die of it): memories/s and the
 *    child's peak RSS against its RSS before the export began.
 * 2. Round trip: each LoCoMo dev conversation ingested into a group and cycled, exported with its summaries,
 *    imported by `strata import` into an empty group and cycled again: the memories (compared line by line),
 *    the summaries per level, the eras and verify.
 *
 *   npm run bench:export -- [--memories N] [--months M] [--group <id>] [--keep] [--skip-round-trip]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/cli.js';
import type { ExportLine } from '../src/domain/group-export.js';
import { SUMMARY_LEVELS } from '../src/domain/levels.js';
import { readLocomoFile } from '../src/ingest/importers/locomo.js';
import type { Strata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { cycleOne } from './lib/cycles.js';
import { benchData } from './lib/demo-data.js';
import { heading, line, mb, num, seconds, verdict } from './lib/format.js';
import { ingestGroups } from './lib/load.js';
import { locomoPath } from './lib/paths.js';
import { RssSampler } from './lib/rss.js';
import { benchGroupId, cleanUp, LOCAL_CONFIG, openBenchStrata } from './lib/strata.js';

const args = options({
  memories: { type: 'string', default: '100000' },
  months: { type: 'string', default: '60' },
  group: { type: 'string' },
  keep: { type: 'boolean', default: false },
  'skip-round-trip': { type: 'boolean', default: false },
  // Internal: the child process that measures one export.
  'export-to': { type: 'string' },
});

run(async () => {
  if (args['export-to']) return exportChild(String(args.group), String(args['export-to']));
  heading('Group export and import');
  if (!hasNeo4j) {
    console.log(skippedLine('export rate and memory, and the round trip of the LoCoMo dev conversations'));
    return;
  }
  const strata = await openBenchStrata(LOCAL_CONFIG);
  const made: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'strata-bench-export-'));
  try {
    const groupId = args.group ?? (await loadGroup(strata, made));
    await measureExport(groupId, dir);
    if (!args['skip-round-trip']) await roundTrip(strata, dir, made);
  } finally {
    await cleanUp(strata, made, Boolean(args.keep));
    await strata.close();
    await rm(dir, { recursive: true, force: true });
  }
});

async function loadGroup(strata: Strata, made: string[]): Promise<string> {
  const groupId = benchGroupId('export');
  made.push(groupId);
  const data = benchData({
    memories: intOption(args.memories, 'memories'),
    groups: 1,
    months: intOption(args.months, 'months'),
    groupIds: [groupId],
  });
  const stats = await ingestGroups(strata, data.groups, {
    batch: 1000,
    concurrency: 1,
    deadline: new Deadline(3600),
  });
  line('ingested', `${num(stats.created)} memories in ${seconds(stats.ms)}`, groupId);
  return groupId;
}

/** The export child's heap limit: Strata's own modules (winkNLP's model above all) take about 60 MB of it. */
const EXPORT_HEAP_MB = 128;

/** Runs the export in a child process (this one holds the generated data) and prints what it measured. */
async function measureExport(groupId: string, dir: string): Promise<void> {
  const file = join(dir, 'export.ndjson');
  const child = spawn(
    process.execPath,
    // The heap is capped: an export that held the group would die of it, so finishing proves it streams.
    [
      `--max-old-space-size=${EXPORT_HEAP_MB}`,
      '--import',
      'tsx',
      new URL(import.meta.url).pathname,
      '--group',
      groupId,
      '--export-to',
      file,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`the export child exited ${code}`);
  const m = JSON.parse(out.trim().split('\n').at(-1) as string) as {
    memories: number;
    ms: number;
    rssBefore: number;
    peak: number;
    maxRss: number;
  };
  const rate = m.memories / (m.ms / 1000);
  line(
    'exported',
    `${num(m.memories)} memories in ${seconds(m.ms)}`,
    `${num((await stat(file)).size / 1e6, 1)} MB`,
  );
  line('export rate', `${num(rate)} memories/s`, `target >= 20,000/s: ${verdict(rate >= 20_000)}`);
  line(
    'export process memory',
    `RSS ${mb(m.rssBefore)} before, peak ${mb(m.peak)} sampled (${mb(m.maxRss)} high-water)`,
    `grew ${mb(m.peak - m.rssBefore)} over the export; heap capped at ${EXPORT_HEAP_MB} MB`,
  );
}

/** The child: one export into a file, timed, its memory sampled; one JSON line of figures on stdout. */
async function exportChild(groupId: string, file: string): Promise<void> {
  const strata = await openBenchStrata(LOCAL_CONFIG);
  try {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const sampler = new RssSampler(20);
    const sink = createWriteStream(file);
    let memories = 0;
    const started = performance.now();
    for await (const l of strata.services.exportGroup(groupId, { summaries: false })) {
      if (!sink.write(`${JSON.stringify(l)}\n`)) await once(sink, 'drain');
      if (l.kind === 'memory') memories += 1;
    }
    sink.end();
    await once(sink, 'close');
    const ms = performance.now() - started;
    const { sampledPeakBytes, maxRssBytes } = sampler.stop();
    console.log(JSON.stringify({ memories, ms, rssBefore, peak: sampledPeakBytes, maxRss: maxRssBytes }));
  } finally {
    await strata.close();
  }
}

const quiet = () => ({
  text: '',
  write(chunk: string) {
    this.text += chunk;
    return true;
  },
});

async function roundTrip(strata: Strata, dir: string, made: string[]): Promise<void> {
  heading('round trip of the LoCoMo dev conversations: export, import into an empty group, cycle');
  const conversations = await readLocomoFile(locomoPath());
  let allSame = true;
  for (const conversation of conversations) {
    const source = benchGroupId(`export-${conversation.sampleId}`);
    const target = benchGroupId(`import-${conversation.sampleId}`);
    made.push(source, target);
    await strata.services.ingest(
      source,
      conversation.memories.map((m) => ({ ...m, id: String(m.meta?.diaId) })),
    );
    await cycleOne(strata, source);
    const file = join(dir, `${conversation.sampleId}.ndjson`);
    await writeExport(strata, source, file, true);
    const io = { stdout: quiet(), stderr: quiet(), env: { ...process.env, LOG_LEVEL: 'silent' } };
    const code = await main(['import', file, '--group', target], io);
    if (code !== 0) throw new Error(`strata import exited ${code}: ${io.stderr.text}`);
    await cycleOne(strata, target);
    const again = join(dir, `${conversation.sampleId}-again.ndjson`);
    await writeExport(strata, target, again, true);
    const [before, after] = await Promise.all([readLines(file), readLines(again)]);
    const memories = (lines: ExportLine[]) => JSON.stringify(lines.filter((l) => l.kind === 'memory'));
    const perLevel = (lines: ExportLine[]) =>
      SUMMARY_LEVELS.map((level) => lines.filter((l) => l.kind === 'summary' && l.level === level).length);
    const eras = (lines: ExportLine[]) =>
      JSON.stringify(lines.flatMap((l) => (l.kind === 'era' ? [[l.start, l.end, l.theme]] : [])));
    const verified = await strata.services.verify(target);
    const same =
      memories(before) === memories(after) &&
      perLevel(before).join() === perLevel(after).join() &&
      eras(before) === eras(after) &&
      verified.ok;
    allSame &&= same;
    if (memories(before) !== memories(after)) {
      const a = before.filter((l) => l.kind === 'memory');
      const b = after.filter((l) => l.kind === 'memory');
      const at = a.findIndex((l, i) => JSON.stringify(l) !== JSON.stringify(b[i]));
      console.log(`first difference, memory ${at}:\n  ${JSON.stringify(a[at])}\n  ${JSON.stringify(b[at])}`);
    }
    line(
      conversation.sampleId,
      `${num(before.filter((l) => l.kind === 'memory').length)} memories ${memories(before) === memories(after) ? 'identical' : 'DIFFER'}; ` +
        `summaries per level ${perLevel(before).join('/')} -> ${perLevel(after).join('/')}; ` +
        `eras ${eras(before) === eras(after) ? 'the same' : 'DIFFER'}; verify ${verified.ok ? 'clean' : 'FAILED'}`,
      verdict(same),
    );
  }
  line('round trip', allSame ? 'identical' : 'differences above', verdict(allSame));
}

async function writeExport(strata: Strata, groupId: string, file: string, summaries: boolean): Promise<void> {
  const sink = createWriteStream(file);
  for await (const l of strata.services.exportGroup(groupId, { summaries })) {
    if (!sink.write(`${JSON.stringify(l)}\n`)) await once(sink, 'drain');
  }
  sink.end();
  await once(sink, 'close');
}

async function readLines(file: string): Promise<ExportLine[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ExportLine);
}
