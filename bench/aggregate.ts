/**
 * Aggregation cost: ~100,000 demo memories over 10 groups and 12 months, then the first full cycle over every
 * group (sessions, days, weeks, months, decay; pruning off so the figures are about roll-ups), then one more day
 * of data in every group and the cycle again, a day later. Targets: the full cycle over 100k memories in 60 s or less,
 * the incremental cycle under 1% of the full one. The floor is the same writes done bare (bench/lib/floors.ts). A
 * second day and its cycle follow, printed beside the target figure: the first cycle after the bulk also pays for
 * Neo4j planning its statements again, the second shows what a day costs once it has. Last, a few hours of a live
 * day, a cycle after each: what the scheduler's frequent cycles of a live group cost.
 *
 *   npm run bench:aggregate -- [--memories 100000] [--groups 10] [--months 12] [--keep] [--skip-floor] [--prune]
 *   npm run bench:aggregate -- --memories 1000000 --groups 1 --months 60 --reuse bench-agg-1234abcd-g1 [--days-done 3]
 *
 * --reuse takes groups an earlier run of the same sizes kept (--keep), measures from one more day on, and keeps them
 * for the next run (--days-done: the days earlier runs on them added). The floor
 * reads every summary of a group with its children in one statement, more than Neo4j's heap of 1G holds at a million
 * memories: --skip-floor leaves it out there. --prune turns pruning on as users run it (each day's first cycle
 * archives decayed summaries and looks for originals past their retention), keeping every original (PRUNING_CONFIG).
 */
import { loadConfig } from '../src/config.js';
import type { Strata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { type CycleRound, cycleGroups, levelTotals, problems, roundComplete } from './lib/cycles.js';
import { benchData, oneMoreDay } from './lib/demo-data.js';
import { rollupFloor } from './lib/floors.js';
import { heading, line, num, seconds, verdict } from './lib/format.js';
import { ingestGroups } from './lib/load.js';
import { rollupMonthOffline } from './lib/offline-rollup.js';
import { loadAndRollUp, type RolledUp } from './lib/rolled-up.js';
import { awaitIdleServerLine, withCpu } from './lib/server-cpu.js';
import { type StatementTime, statementTimes } from './lib/statement-times.js';
import { cleanUp, LOCAL_CONFIG, openBenchStrata, PRUNING_CONFIG, totalCounts } from './lib/strata.js';
import { type StatementMemory, transactionMemory } from './lib/transaction-memory.js';

const TARGET_RATIO = 0.01;
const TARGET_FULL_MS = 60_000;
const TARGET_MEMORIES = 100_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The hours of the live phase: a working day's. */
const LIVE_HOURS = { from: 9, to: 15 };
/** Statements of the second day's round printed, most time first. */
const CYCLE_STATEMENTS_SHOWN = 8;

const args = options({
  memories: { type: 'string', default: '100000' },
  groups: { type: 'string', default: '10' },
  months: { type: 'string', default: '12' },
  batch: { type: 'string', default: '1000' },
  'time-limit': { type: 'string', default: '3600' },
  keep: { type: 'boolean', default: false },
  'skip-floor': { type: 'boolean', default: false },
  prune: { type: 'boolean', default: false },
  reuse: { type: 'string' },
  'days-done': { type: 'string', default: '0' },
});

/** Days after the data that earlier runs on reused groups added already (each run adds three): this run's follow. */
const DAYS_DONE = intOption(args['days-done'], 'days-done', 0);

run(async () => {
  const memories = intOption(args.memories, 'memories');
  const groups = intOption(args.groups, 'groups');
  const months = intOption(args.months, 'months');
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  heading(`aggregate: ${num(memories)} memories, ${groups} groups, ${months} months`);

  if (hasNeo4j) {
    const strata = await openBenchStrata({ ...LOCAL_CONFIG, ...(args.prune ? PRUNING_CONFIG : {}) });
    try {
      await measure(strata, {
        memories,
        groups,
        months,
        batch: intOption(args.batch, 'batch'),
        deadline,
        ...(args.reuse ? { reuse: args.reuse.split(',').map((g) => g.trim()) } : {}),
      });
    } finally {
      await strata.close();
    }
  } else {
    console.log(skippedLine('the full and incremental cycle times and the summaries per level'));
  }
  await offlineIndication(memories, groups, months);
});

async function measure(
  strata: Strata,
  opts: {
    memories: number;
    groups: number;
    months: number;
    batch: number;
    deadline: Deadline;
    reuse?: string[];
  },
): Promise<void> {
  const memory = transactionMemory(strata.graph);
  const setup = await loadAndRollUp(strata, { label: 'agg', ...opts, memory });
  if (opts.reuse) {
    line(
      'reused groups',
      setup.groupIds.join(', '),
      'loaded and cycled by an earlier run; from one more day on',
    );
    await measureDays(strata, setup, opts);
    return;
  }
  line('ingested', `${num(setup.load.sent)} memories in ${seconds(setup.load.ms)}`, 'setup, not measured');
  line(
    'full cycle',
    seconds(setup.full.ms),
    `${setup.full.reports.length} groups, ${strata.config.scheduler.concurrency} at a time (CYCLE_CONCURRENCY), now ${setup.now.toISOString()}; target <= ${seconds(TARGET_FULL_MS)} at ${num(TARGET_MEMORIES)} memories${
      opts.memories === TARGET_MEMORIES ? `: ${verdict(setup.full.ms <= TARGET_FULL_MS)}` : ''
    }`,
  );
  line('  memories/s', num(setup.load.sent / (setup.full.ms / 1000)));
  line('  created+updated', levelTotals(setup.full.reports));
  printCpuPerGroup(setup.fullCpu, setup.groupIds.length, 'CPU per group, full cycle');
  printShared(setup.full);
  printStatementMemory(setup.fullMemory);
  line(
    'app memory (RSS)',
    `${mib(setup.fullRss.beforeBytes)} before the full cycle, peak ${mib(setup.fullRss.peakBytes)} during it`,
    'sampled every 50 ms; the bench holds its generated data too',
  );
  await printLevels(strata, setup.groupIds, 'after full');
  await printVerify(strata, setup.groupIds);
  if (!args['skip-floor']) {
    await awaitIdleServerLine(strata, 'before the floor');
    const floor = await rollupFloor(strata, setup.groupIds);
    line(
      'floor',
      seconds(floor.ms),
      `bare UNWIND ... CREATE of ${num(floor.nodes)} nodes with their vectors and ${num(floor.relationships)} relationships, throwaway label, same data`,
    );
    line('full cycle / floor', `${num(setup.full.ms / floor.ms, 1)} x`);
    await awaitIdleServerLine(strata, 'before the indexed floor');
    const indexed = await rollupFloor(strata, setup.groupIds, { indexed: true });
    line(
      'floor with the indexes',
      seconds(indexed.ms),
      `the same writes as :Summary nodes of a throwaway group, so Neo4j keeps every index a summary has (not the target's floor)`,
    );
    line('full cycle / indexed floor', `${num(setup.full.ms / indexed.ms, 1)} x`);
  }
  await measureDays(strata, setup, opts);
}

/** One more day, a second day and the live hours, in groups whose full cycle is done. */
async function measureDays(strata: Strata, setup: RolledUp, opts: { batch: number; deadline: Deadline }) {
  // One more day in every group, on the first day after the data; the cycle then runs a day later.
  const incremental = await oneMoreDayCycle(strata, setup, 1, opts);
  line('incremental cycle', seconds(incremental.ms), `now ${incremental.now.toISOString()}`);
  line('  created+updated', levelTotals(incremental.reports));
  printCpuPerGroup(incremental, setup.groupIds.length);
  printShared(incremental);
  await printLevels(strata, setup.groupIds, 'after incremental');

  // A reused group's full cycle ran in an earlier run.
  if (setup.full.reports.length > 0) {
    const ratio = incremental.ms / setup.full.ms;
    const complete = roundComplete(setup.full) && roundComplete(incremental);
    line(
      'incremental / full',
      `${num(ratio * 100, 2)} %`,
      `target < ${TARGET_RATIO * 100} %: ${verdict(complete && ratio < TARGET_RATIO)}`,
    );
  }
  // The first cycle after the bulk of the data also pays for Neo4j planning its statements again (their
  // statistics moved by more than its threshold); a second day shows the cycle without that, and where its time
  // goes, statement by statement (timed only here, so the target figure above is the cycle alone).
  const timer = statementTimes(strata.graph);
  const second = await oneMoreDayCycle(strata, setup, 2, { ...opts, timer });
  line(
    'a second day, for comparison',
    seconds(second.ms),
    setup.full.ms > 0
      ? `${num((second.ms / setup.full.ms) * 100, 2)} % of the full cycle; not the target figure`
      : 'not the target figure',
  );
  printCpuPerGroup(second, setup.groupIds.length);
  printShared(second);
  printStatementTimes(second.statements ?? [], setup.groupIds.length);
  const live = await liveHours(strata, setup, opts);
  for (const p of [
    ...problems(setup.full),
    ...problems(incremental),
    ...problems(second),
    ...live.flatMap(problems),
  ])
    console.log(`problem: ${p}`);
  // Groups reused from an earlier run stay, as they came: this run did not make them, and the next --reuse needs them.
  await cleanUp(strata, setup.groupIds, args.keep === true || args.reuse !== undefined);
}

/** Day `n` after the data in every group, ingested, then the cycle of every group a day after the last one. */
async function oneMoreDayCycle(
  strata: Strata,
  setup: RolledUp,
  n: number,
  opts: { batch: number; deadline: Deadline; timer?: ReturnType<typeof statementTimes> },
): Promise<CycleRound & { now: Date; statements?: StatementTime[]; appMs: number; serverMs: number }> {
  const day = new Date(Date.parse(setup.data.endDay) + (DAYS_DONE + n - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const extra = setup.data.groups.map((g) => ({ groupId: g.groupId, memories: oneMoreDay(g, day) }));
  const load = await ingestGroups(strata, extra, {
    batch: opts.batch,
    concurrency: 4,
    deadline: opts.deadline,
  });
  line(n === 1 ? 'one more day' : 'a second day', `${num(load.sent)} memories on ${day}`);
  const now = new Date(setup.now.getTime() + (DAYS_DONE + n) * DAY_MS);
  await awaitIdleServerLine(strata, 'before the cycle');
  opts.timer?.start();
  const {
    result: round,
    appMs,
    serverMs,
  } = await withCpu(strata, () => cycleGroups(strata, setup.groupIds, now, opts.deadline));
  return { ...round, now, appMs, serverMs, ...(opts.timer ? { statements: opts.timer.stop() } : {}) };
}

/**
 * The CPU a round cost the app and Neo4j, per group: what the round's time is made of on a busy machine. The full
 * cycle's line has a label of its own: bench:scale reads the first "CPU per group" as one more day's.
 */
function printCpuPerGroup(
  round: { appMs: number; serverMs: number },
  groups: number,
  label = 'CPU per group',
) {
  line(
    `  ${label}`,
    `${num(round.appMs / groups, 2)} + ${num(round.serverMs / groups, 2)} ms`,
    'app + Neo4j, the whole round over its groups',
  );
}

/** How much the round's cycles shared: writes per shared transaction, and reads per statement sent. */
function printShared(round: CycleRound) {
  const shared = round.shared;
  if (!shared) return;
  line(
    '  shared',
    `${num(shared.units)} writes in ${num(shared.shared)} transactions, ${num(shared.readCalls)} reads in ${num(shared.reads)} statements`,
    `${num(shared.fallbacks)} run again alone after a shared one failed`,
  );
}

/**
 * The cycle as the scheduler runs it for a live group (every few minutes, on what came in meanwhile): the third day
 * after the data, hour by hour, ingested an hour at a time and every group cycled after each hour. Little is new in
 * an hour (sessions, now and then), so these rounds show what a cycle costs beside its roll-ups. Not a target.
 */
async function liveHours(
  strata: Strata,
  setup: RolledUp,
  opts: { batch: number; deadline: Deadline },
): Promise<CycleRound[]> {
  const day = new Date(Date.parse(setup.data.endDay) + (DAYS_DONE + 2) * DAY_MS).toISOString().slice(0, 10);
  const dayStart = Date.parse(day);
  const dayOf = setup.data.groups.map((g) => ({ groupId: g.groupId, memories: oneMoreDay(g, day) }));
  const rounds: CycleRound[] = [];
  for (let hour = LIVE_HOURS.from; hour < LIVE_HOURS.to; hour++) {
    const inHour = (ts: string) => Math.floor((Date.parse(ts) - dayStart) / HOUR_MS) === hour;
    const extra = dayOf.map((g) => ({
      groupId: g.groupId,
      memories: g.memories.filter((m) => inHour(m.ts)),
    }));
    await ingestGroups(strata, extra, { batch: opts.batch, concurrency: 4, deadline: opts.deadline });
    rounds.push(
      await cycleGroups(strata, setup.groupIds, new Date(dayStart + (hour + 1) * HOUR_MS), opts.deadline),
    );
  }
  const ms = rounds.map((r) => r.ms);
  const mean = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
  line(
    'live hours',
    `${num(mean)} ms a round`,
    `mean of ${rounds.length} rounds (${num(Math.min(...ms))}-${num(Math.max(...ms))} ms), ${day} from ${LIVE_HOURS.from}:00: an hour of memories, then every group's cycle${setup.full.ms > 0 ? `; ${num((mean / setup.full.ms) * 100, 2)} % of the full cycle` : ''}; not a target`,
  );
  return rounds;
}

const mib = (bytes: number) => `${num(bytes / 2 ** 20, 1)} MiB`;

/** The statements of the full cycle by their peak transaction memory, largest first. */
function printStatementMemory(statements: StatementMemory[]): void {
  line(
    '  peak transaction memory',
    statements[0] ? mib(statements[0].peakBytes) : 'none sampled',
    `SHOW TRANSACTIONS every 100 ms; ${CYCLE_STATEMENTS_SHOWN} largest below`,
  );
  for (const s of statements.slice(0, CYCLE_STATEMENTS_SHOWN))
    line(`    ${mib(s.peakBytes)}`, `${num(s.samples)} samples`, s.name);
}

/** strata verify of every group: the checks that failed, summed over the groups, and the groups behind. */
async function printVerify(strata: Strata, groupIds: string[]): Promise<void> {
  const failed = new Map<string, number>();
  let behind = 0;
  for (const groupId of groupIds) {
    // A group the generator gave no memories was never created.
    if (!(await strata.services.getGroup(groupId))) continue;
    const report = await strata.services.verify(groupId);
    for (const check of report.checks.filter((c) => !c.ok))
      failed.set(check.check, (failed.get(check.check) ?? 0) + 1);
    if (report.cycle.behind) behind++;
  }
  const checks = [...failed].map(([check, n]) => `${check} in ${n}`).join(', ');
  line(
    'verify',
    failed.size === 0 ? 'clean' : `FAILED: ${checks}`,
    `${groupIds.length} groups; ${behind} behind`,
  );
}

/** The statements of a round, most time first: how many a group's cycle makes, and which cost the most. */
function printStatementTimes(statements: StatementTime[], groups: number): void {
  const calls = statements.reduce((n, s) => n + s.calls, 0);
  line(
    '  statements per group',
    num(calls / Math.max(1, groups), 1),
    `${num(calls)} in all, ${CYCLE_STATEMENTS_SHOWN} most costly below (time summed over the groups cycling at once)`,
  );
  for (const s of statements.slice(0, CYCLE_STATEMENTS_SHOWN)) {
    line(`    ${num(s.calls)} x`, `${num(s.ms)} ms, ${num(s.ms / s.calls, 1)} ms each`, s.name);
  }
}

async function printLevels(strata: Strata, groupIds: string[], when: string): Promise<void> {
  const counts = await totalCounts(strata, groupIds);
  const levels = ['session', 'day', 'week', 'month'].map(
    (l) => `${l} ${num(counts.get(`Summary:${l}`) ?? 0)}`,
  );
  line(`summaries ${when}`, `${levels.join(', ')}, era ${num(counts.get('Era') ?? 0)}`);
}

/** The pure parts of one month of one group, timed without Neo4j; an indication only. */
async function offlineIndication(memories: number, groups: number, months: number): Promise<void> {
  heading('offline indication, NOT the target figure: pure roll-up work of one month of one group');
  const config = loadConfig({ ...process.env, ...LOCAL_CONFIG, LOG_LEVEL: 'silent' });
  const ids = Array.from({ length: groups }, (_, i) => `bench-offline-g${i + 1}`);
  const data = benchData({ memories, groups, months, groupIds: ids });
  const group = data.groups[0];
  if (!group || group.memories.length === 0) return;
  // A month from the middle of the span, so it is a full, typical one.
  const month = (group.memories[Math.floor(group.memories.length / 2)]?.ts ?? '').slice(0, 7);
  const inMonth = group.memories.filter((m) => m.ts.startsWith(month));
  // One warm-up pass (JIT, Intl time-zone data), so the timed pass shows the steady cost.
  await rollupMonthOffline(group.groupId, inMonth.slice(0, 200), config.rollup);
  const t = await rollupMonthOffline(group.groupId, inMonth, config.rollup);
  line('month', `${month} of ${group.groupId}: ${num(t.memories)} memories`);
  line('sessionization', `${num(t.sessionizeMs, 1)} ms`, `${t.sessions} sessions`);
  line('period bucketing', `${num(t.bucketMs, 1)} ms`, 'day, week and month of every memory');
  line(
    'local summarizer + embedding',
    `${num(t.summarizeMs, 0)} ms`,
    `${t.sessions} sessions, ${t.days} days, ${t.weeks} weeks, ${t.weeks >= config.rollup.monthMinWeeks ? 1 : 0} month`,
  );
  const perAll = ((t.sessionizeMs + t.bucketMs + t.summarizeMs) * data.total) / Math.max(1, t.memories);
  line(
    'scaled to all memories',
    seconds(perAll),
    'CPU of these parts alone, by memory count; no graph reads or writes',
  );
}
