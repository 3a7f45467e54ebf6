/**
 * Switching embedders: ~100,000 demo memories over 10 groups, rolled up with the hashing embedder (the aggregate
 * benchmark's setup), then `strata reembed` to another embedder (glove by default) in this process while
 * bench:recall loads the same groups through a Strata configured as before, in a second process. Then the way back,
 * through the CLI in a third process killed with SIGKILL half-way, carried on by a second run, and every group
 * verified. Target: the re-embedding in <= 60 s with 0 recall errors; after the kill and the resume, verify clean.
 *
 *   npm run bench:reembed -- [--memories 100000] [--groups 10] [--months 12] [--to glove|hashing-256] [--page 1000]
 *                            [--connections 1] [--recall-duration 90] [--keep]
 *
 * The database must hold the hashing embedder's vectors when it starts (as the tests leave it); it ends with them
 * again, in slot a, the other slot's vectors dropped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { ReembedRepository } from '../src/graph/reembed.js';
import { readEmbedderRecord } from '../src/graph/schema.js';
import { otherSlot } from '../src/graph/vector-slots.js';
import { createLogger } from '../src/log.js';
import { createStrata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { heading, line, num, seconds, verdict } from './lib/format.js';
import { loadAndRollUp } from './lib/rolled-up.js';
import { awaitIdleServerLine } from './lib/server-cpu.js';
import { awaitSearchIndexes, cleanUp, LOCAL_CONFIG, openBenchStrata } from './lib/strata.js';

const TARGET_SECONDS = 60;

const args = options({
  memories: { type: 'string', default: '100000' },
  groups: { type: 'string', default: '10' },
  months: { type: 'string', default: '12' },
  to: { type: 'string', default: 'glove' },
  page: { type: 'string', default: '1000' },
  connections: { type: 'string', default: '1' },
  'recall-duration': { type: 'string', default: '90' },
  'time-limit': { type: 'string', default: '3600' },
  keep: { type: 'boolean', default: false },
});

/** The settings of the embedder to move to: glove, or hashing-<size>. */
function targetSettings(to: string): Record<string, string> {
  if (to === 'glove') return { EMBEDDER: 'glove' };
  const size = /^hashing-(\d+)$/.exec(to)?.[1];
  if (size) return { EMBEDDER: 'hashing', EMBEDDING_DIMENSION: size };
  throw new Error(`--to: glove or hashing-<size>, not ${to}`);
}

run(async () => {
  if (!hasNeo4j) {
    console.log(skippedLine('the re-embedding benchmark'));
    return;
  }
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  const pageSize = intOption(args.page, 'page');
  const target = targetSettings(String(args.to));
  const old = await openBenchStrata(LOCAL_CONFIG);
  heading(`re-embedding: ${num(intOption(args.memories, 'memories'))} memories asked, ${args.groups} groups`);
  const setup = await loadAndRollUp(old, {
    label: 'reembed',
    memories: intOption(args.memories, 'memories'),
    groups: intOption(args.groups, 'groups'),
    months: intOption(args.months, 'months'),
    batch: 1000,
    deadline,
  });
  const { groupIds } = setup;
  try {
    await awaitSearchIndexes(old);
    const store = new ReembedRepository(old.graph);
    const record = await readEmbedderRecord(old.graph);
    const pending = await store.pending(otherSlot(record.slot), true);
    line(
      'database',
      `${num(pending.memories)} memories, ${num(pending.summaries)} summaries, ${num(pending.eras)} eras`,
    );
    line('from', `${record.embedder} in slot ${record.slot.name}`);

    // 1. There, with recall loading the same groups through the old configuration.
    await awaitIdleServerLine(old, 'before the re-embedding');
    const recall = benchChild('recall', [
      ...['--skip-load', '--group', groupIds.join(','), '--connections', args.connections],
      ...['--duration', args['recall-duration']],
    ]);
    await recall.started;
    const next = await createStrata(
      loadConfig({
        ...process.env,
        ...LOCAL_CONFIG,
        ...target,
        LOG_LEVEL: 'error',
        SCHEDULER_ENABLED: 'false',
      }),
      createLogger('error'),
    );
    const there = await next.reembed({ pageSize });
    await next.close();
    const recallOut = await recall.done;
    const embedded = there.embedded.memories + there.embedded.summaries + there.embedded.eras;
    line('re-embedded', `${num(embedded)} nodes with ${there.to} in ${seconds(there.seconds * 1000)}`);
    line('  memories/s', num(there.embedded.memories / there.seconds));
    const phases = there.phaseSeconds;
    line(
      '  where the time went',
      `memories ${seconds(phases.memories * 1000)}, summaries ${seconds(phases.summaries * 1000)}, eras ${seconds(phases.eras * 1000)}, indexes ${seconds(phases.indexes * 1000)}`,
    );
    line('  embedder calls', num(there.calls));
    line('  switched', String(there.switched));
    const requests =
      /requests:\s+(\d[\d,]*) total, (\d[\d,]*) 2xx, (\d[\d,]*) non-2xx, (\d[\d,]*) errors, (\d[\d,]*) timeouts/.exec(
        recallOut,
      );
    const failed = requests
      ? [3, 4, 5].reduce((n, i) => n + Number((requests[i] ?? '0').replace(/,/g, '')), 0)
      : -1;
    const latency = ['p50', 'p99'].map(
      (p) => new RegExp(`latency ${p}:\\s+(\\S+ ms)`).exec(recallOut)?.[1] ?? '?',
    );
    line(
      'recall meanwhile',
      requests
        ? `${requests[1]} requests, ${num(failed)} failed, p50 ${latency[0]}, p99 ${latency[1]}`
        : 'not found',
      `${args.connections} connection(s) for ${args['recall-duration']} s from the start of the re-embedding`,
    );
    line(
      'target',
      `<= ${TARGET_SECONDS} s with 0 recall errors: ${verdict(there.switched && there.seconds <= TARGET_SECONDS && failed === 0)}`,
    );

    // 2. And back, through the CLI, killed half-way and carried on.
    heading('back to the hashing embedder: killed with SIGKILL half-way, then carried on');
    const backSlot = otherSlot((await readEmbedderRecord(old.graph)).slot);
    const total = (await store.pending(backSlot, true)).memories;
    const first = cliChild(['reembed', '--page', String(pageSize)]);
    // Half-way: the run has recorded itself, cleared the slot and filled half of it again.
    let left = total;
    while (first.exitCode === null) {
      await new Promise((r) => setTimeout(r, 200));
      if ((await readEmbedderRecord(old.graph)).reembed === null) continue;
      left = (await store.pending(backSlot)).memories;
      if (left <= total / 2) break;
    }
    const killedAt = total - left;
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    line('killed', `with ${num(killedAt)} of ${num(total)} memories done in the other slot`);
    const resumedRun = await runToEnd(cliChild(['reembed', '--page', String(pageSize), '--json']));
    const resumed = JSON.parse(resumedRun) as {
      resumed: boolean;
      switched: boolean;
      embedded: { memories: number };
    };
    line(
      'carried on',
      `resumed ${resumed.resumed}, ${num(resumed.embedded.memories)} memories left, switched ${resumed.switched}`,
    );
    const afterwards = await readEmbedderRecord(old.graph);
    line('record', `${afterwards.embedder} in slot ${afterwards.slot.name}`);
    let failedChecks = 0;
    for (const groupId of groupIds) {
      const report = await old.services.verify(groupId);
      failedChecks += report.checks.filter((c) => !c.ok).length;
    }
    line(
      'verify',
      `${groupIds.length} groups, ${failedChecks} failed checks: ${verdict(failedChecks === 0 && resumed.switched)}`,
    );
    const dropped = await old.dropPreviousVectors();
    line('dropped', `slot ${dropped.slot}'s vectors from ${num(dropped.cleared)} nodes`);
  } finally {
    await cleanUp(old, groupIds, Boolean(args.keep));
    await old.close();
  }
});

/** Another benchmark in a child process; resolves `started` once it prints its probe, `done` with its output. */
function benchChild(name: string, benchArgs: string[]): { started: Promise<void>; done: Promise<string> } {
  const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script, ...benchArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...LOCAL_CONFIG },
  });
  let out = '';
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('probe')) markStarted();
  });
  const done = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => {
      markStarted();
      if (code === 0) resolve(out);
      else reject(new Error(`bench ${name} exited with ${code}:\n${out}`));
    });
  });
  return { started, done };
}

/** `strata <args>` in a child process with the hashing embedder configured. */
function cliChild(cliArgs: string[]): ChildProcess {
  const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
  return spawn(process.execPath, ['--import', import.meta.resolve('tsx'), main, ...cliArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...LOCAL_CONFIG, LOG_LEVEL: 'warn' },
  });
}

function runToEnd(child: ChildProcess): Promise<string> {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`strata exited with ${code}: ${err}`)),
    ),
  );
}
