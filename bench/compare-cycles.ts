/**
 * This build's incremental cycle against another build's, on one database, day by day. After the aggregate
 * benchmark's setup (this build loads and rolls up ~100,000 memories), each new day of data is cycled by one build,
 * in the order A B B A A B ..., so both meet the same data, the same database and the same drift of the machine.
 * A single bench:aggregate run cannot resolve a 10 % change on a machine whose speed drifts by more than that from
 * minute to minute; the difference within each pair of neighbouring rounds can.
 *
 * Printed: each build's mean round (wall time, this process's CPU, the Neo4j server's CPU), and the mean
 * difference within a pair with its standard error. The first pair is left out of both, as it runs the other
 * build's code for the first time (compiled by V8 as it goes).
 *
 *   npm run bench:compare-cycles -- --other /path/to/other/checkout [--rounds 40] [--memories 100000] [--groups 10]
 *
 * The other checkout needs its node_modules (its own or a link to these) and the same schema: opening it applies
 * its own.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Strata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { type CycleRound, cycleGroups, problems } from './lib/cycles.js';
import { oneMoreDay } from './lib/demo-data.js';
import { heading, line, num } from './lib/format.js';
import { ingestGroups } from './lib/load.js';
import { abbaOrder, mean, pairedDifference } from './lib/paired.js';
import { loadAndRollUp } from './lib/rolled-up.js';
import { withCpu } from './lib/server-cpu.js';
import { cleanUp, LOCAL_CONFIG, openBenchStrata } from './lib/strata.js';

const DAY_MS = 86_400_000;

const args = options({
  other: { type: 'string' },
  rounds: { type: 'string', default: '40' },
  memories: { type: 'string', default: '100000' },
  groups: { type: 'string', default: '10' },
  months: { type: 'string', default: '12' },
  'time-limit': { type: 'string', default: '3600' },
});

/** What this benchmark uses of a build: its bench helpers, which run its own src. */
interface Build {
  name: string;
  strata: Strata;
  cycleGroups: typeof cycleGroups;
}

interface RoundCost {
  ms: number;
  appCpuMs: number;
  serverCpuMs: number;
}

run(async () => {
  heading('compare cycles: this build against another, day by day on one database');
  if (!args.other) throw new Error('--other <path of the other checkout> is required');
  const rounds = intOption(args.rounds, 'rounds', 4);
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  if (!hasNeo4j) {
    console.log(skippedLine('the incremental cycles of two builds'));
    return;
  }
  const other = await openOtherBuild(resolve(args.other));
  const strata = await openBenchStrata(LOCAL_CONFIG);
  try {
    const builds: Build[] = [{ name: 'this build', strata, cycleGroups }, other];
    const setup = await loadAndRollUp(strata, {
      label: 'cmp',
      memories: intOption(args.memories, 'memories'),
      groups: intOption(args.groups, 'groups'),
      months: intOption(args.months, 'months'),
      batch: 1000,
      deadline,
    });
    line(
      'setup',
      `${num(setup.load.sent)} memories, ${setup.groupIds.length} groups, rolled up by this build`,
    );
    const costs: RoundCost[][] = [[], []];
    for (let n = 1; n <= rounds && !deadline.passed(); n++) {
      const day = new Date(Date.parse(setup.data.endDay) + (n - 1) * DAY_MS).toISOString().slice(0, 10);
      await ingestGroups(
        strata,
        setup.data.groups.map((g) => ({ groupId: g.groupId, memories: oneMoreDay(g, day) })),
        { batch: 1000, concurrency: 4, deadline },
      );
      const which = abbaOrder(n);
      const build = builds[which] as Build;
      const now = new Date(setup.now.getTime() + n * DAY_MS);
      const { round, cost } = await measuredRound(strata, () =>
        build.cycleGroups(build.strata, setup.groupIds, now, deadline),
      );
      for (const p of problems(round)) console.log(`problem (${build.name}, day ${day}): ${p}`);
      costs[which]?.push(cost);
    }
    report(builds, costs);
    await cleanUp(strata, setup.groupIds, false);
  } finally {
    await strata.close();
    await other.strata.close();
  }
});

async function openOtherBuild(root: string): Promise<Build> {
  const helpers = (path: string) => import(pathToFileURL(resolve(root, path)).href);
  const [strataLib, cyclesLib] = await Promise.all([
    helpers('bench/lib/strata.ts'),
    helpers('bench/lib/cycles.ts'),
  ]);
  return {
    name: `other build (${root})`,
    strata: (await strataLib.openBenchStrata(LOCAL_CONFIG)) as Strata,
    cycleGroups: cyclesLib.cycleGroups as typeof cycleGroups,
  };
}

async function measuredRound(
  strata: Strata,
  cycle: () => Promise<CycleRound>,
): Promise<{ round: CycleRound; cost: RoundCost }> {
  const { result: round, appMs, serverMs } = await withCpu(strata, cycle);
  return { round, cost: { ms: round.ms, appCpuMs: appMs, serverCpuMs: serverMs } };
}

function report(builds: Build[], costs: RoundCost[][]): void {
  // The first pair runs the other build's code for the first time.
  const [mine = [], theirs = []] = costs.map((c) => c.slice(1));
  const pairs = Math.min(mine.length, theirs.length);
  if (pairs < 2) {
    console.log('too few rounds to compare: ask for more --rounds, or a longer --time-limit');
    return;
  }
  const figures: [keyof RoundCost, string][] = [
    ['ms', 'round'],
    ['appCpuMs', 'app CPU'],
    ['serverCpuMs', 'Neo4j CPU'],
  ];
  for (const [k, build] of builds.entries()) {
    const own = (k === 0 ? mine : theirs).slice(0, pairs);
    line(
      build.name,
      figures.map(([key, label]) => `${label} ${num(mean(own.map((c) => c[key])))} ms`).join(', '),
      `mean of ${pairs} rounds`,
    );
  }
  for (const [key, label] of figures) {
    const d = pairedDifference(
      mine.map((c) => c[key]),
      theirs.map((c) => c[key]),
    );
    const share = (d.mean / mean(theirs.slice(0, pairs).map((c) => c[key]))) * 100;
    const sign = d.mean >= 0 ? '+' : '';
    line(
      `${label}, this - other`,
      `${sign}${num(d.mean)} ms (${sign}${num(share, 1)} %)`,
      `standard error ${num(d.standardError)} ms over ${d.pairs} pairs`,
    );
  }
}
