/**
 * Strata at the size of a real archive: the scenarios of the scale targets, one after another, each run by the
 * benchmark that measures it (its whole output is shown), then every figure beside its target.
 *
 *   large   one group of --large memories over --large-months (1,000,000 over 60): bench:aggregate (ingest rate,
 *           full cycle, each statement's peak transaction memory, verify, one more day), then bench:recall on that
 *           group with one connection and with --connections
 *   year    one group at the same rate over 12 months: one more day at a year of history, for the ratio
 *   medium  --medium memories over 10 groups and 12 months (100,000): bench:recall with one connection and with
 *           --connections, the CPU per recall the large group is held to
 *   small   --small-groups groups asked for --small memories over 12 months (1,000 groups, 100,000 asked, which the
 *           demo generator's quiet days make about 25,000): the full cycle against its floor (and, reported, against
 *           the floor with a summary's indexes), one more day per group
 *
 *   npm run bench:scale -- [--large 1000000] [--large-months 60] [--medium 100000] [--small-groups 1000]
 *                          [--small 100000] [--duration 20] [--connections 10] [--only large,year,medium,small]
 *
 * The bench:aggregate runs prune as users do (--prune): each day's first cycle archives what has decayed, so the
 * full cycle after the load archives most of the history and every "one more day" includes the daily archive read.
 *
 * Small sizes run in minutes (--large 100000 --medium 20000 --small-groups 100 --small 10000 --duration 5); the
 * targets are for the default sizes, with Neo4j given docker-compose.yml's memory (heap 1G, page cache 1G).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { heading, num, table } from './lib/format.js';
import { LOCAL_CONFIG, openBenchStrata } from './lib/strata.js';

const args = options({
  large: { type: 'string', default: '1000000' },
  'large-months': { type: 'string', default: '60' },
  medium: { type: 'string', default: '100000' },
  small: { type: 'string', default: '100000' },
  'small-groups': { type: 'string', default: '1000' },
  duration: { type: 'string', default: '20' },
  connections: { type: 'string', default: '10' },
  only: { type: 'string', default: 'large,year,medium,small' },
});

const SCENARIOS = ['large', 'year', 'medium', 'small'] as const;
type Scenario = (typeof SCENARIOS)[number];

/** One target: what it holds, the figure measured (null when its run did not print it), and whether it is met. */
interface Row {
  scenario: string;
  figure: string;
  measured: string;
  target: string;
  met: boolean | null;
}

run(async () => {
  if (!hasNeo4j) {
    console.log(skippedLine('the scale scenarios'));
    return;
  }
  const only = new Set(args.only.split(',').map((s) => s.trim()));
  for (const s of only)
    if (!SCENARIOS.includes(s as Scenario)) throw new Error(`--only: unknown scenario ${s} (${SCENARIOS})`);
  const large = intOption(args.large, 'large');
  const largeMonths = intOption(args['large-months'], 'large-months');
  const connections = String(intOption(args.connections, 'connections'));
  const duration = String(intOption(args.duration, 'duration'));
  const rows: Row[] = [];
  const recall = (groups: string, conns: string) =>
    bench('recall', ['--skip-load', '--group', groups, '--connections', conns, '--duration', duration]);

  let mediumCpu: number | null = null;
  if (only.has('medium')) {
    heading('medium: recall over many groups of 10,000');
    const setup = await bench('recall', [
      ...['--memories', args.medium, '--groups', '10', '--months', '12'],
      ...['--connections', '1', '--duration', duration, '--keep'],
    ]);
    const groups = kept(setup);
    const busy = await recall(groups.join(','), connections);
    await deleteGroups(groups);
    mediumCpu = cpuPerRequest(setup);
    rows.push(
      row('medium', 'CPU per recall, 1 connection', ms(mediumCpu), '<= 4 ms', atMost(mediumCpu, 4)),
      row(
        'medium',
        `requests/s, ${connections} connections`,
        text(busy, 'requests/s'),
        '>= 250',
        atLeast(figure(busy, 'requests/s'), 250),
      ),
      row(
        'medium',
        `recall p99, ${connections} connections`,
        text(busy, 'latency p99'),
        '<= 60 ms',
        atMost(figure(busy, 'latency p99'), 60),
      ),
    );
  }

  let oneYearDay: number | null = null;
  if (only.has('year')) {
    heading('year: one group, a year of history at the large group rate');
    const year = await bench('aggregate', [
      ...aggregateArgs(Math.round((large * 12) / largeMonths), 1, 12),
      '--skip-floor',
    ]);
    oneYearDay = figure(year, 'incremental cycle');
  }

  if (only.has('large')) {
    heading(`large: one group, ${num(large)} memories over ${largeMonths} months`);
    // The floor reads a group's every summary at once, more than a heap of 1G holds at this size.
    const agg = await bench('aggregate', [...aggregateArgs(large, 1, largeMonths), '--keep', '--skip-floor']);
    const groups = kept(agg);
    const quiet = await recall(groups.join(','), '1');
    const busy = await recall(groups.join(','), connections);
    await deleteGroups(groups);
    const ingest = ingestRate(agg);
    const day = figure(agg, 'incremental cycle');
    const cpu = cpuPerRequest(quiet);
    rows.push(
      row('large', 'ingest', ingest === null ? '-' : `${num(ingest)}/s`, '>= 5,000/s', atLeast(ingest, 5000)),
      row('large', 'full cycle', text(agg, 'full cycle'), '<= 600 s', atMost(figure(agg, 'full cycle'), 600)),
      row(
        'large',
        'peak transaction memory',
        text(agg, '  peak transaction memory'),
        'bounded (a page)',
        null,
      ),
      row(
        'large',
        'verify after the full cycle',
        text(agg, 'verify'),
        'clean',
        text(agg, 'verify') === 'clean',
      ),
      row('large', 'one more day', text(agg, 'incremental cycle'), '<= 2 s', atMost(day, 2)),
      row('large', 'CPU of one more day (app + Neo4j)', ms(cpuPerGroupDay(agg)), 'reported', null),
      row(
        'large',
        'one more day / at a year',
        day !== null && oneYearDay ? `${num(day / oneYearDay, 2)} x` : '-',
        '<= 1.2 x',
        day !== null && oneYearDay ? day / oneYearDay <= 1.2 : null,
      ),
      row(
        'large',
        'recall p50, 1 connection',
        text(quiet, 'latency p50'),
        '<= 15 ms',
        atMost(figure(quiet, 'latency p50'), 15),
      ),
      row(
        'large',
        'recall p99, 1 connection',
        text(quiet, 'latency p99'),
        '<= 40 ms',
        atMost(figure(quiet, 'latency p99'), 40),
      ),
      row(
        'large',
        'CPU per recall / medium',
        cpu !== null && mediumCpu ? `${num(cpu / mediumCpu, 2)} x (${ms(cpu)})` : ms(cpu),
        '<= 1.5 x',
        cpu !== null && mediumCpu ? cpu / mediumCpu <= 1.5 : null,
      ),
      row('large', `recall p99, ${connections} connections`, text(busy, 'latency p99'), 'reported', null),
    );
  }

  if (only.has('small')) {
    const groups = intOption(args['small-groups'], 'small-groups');
    heading(`small: ${num(groups)} groups, ${num(Number(args.small))} memories asked for`);
    const agg = await bench('aggregate', aggregateArgs(intOption(args.small, 'small'), groups, 12));
    const day = figure(agg, 'incremental cycle');
    const perGroup = day === null ? null : (day * 1000) / groups;
    rows.push(
      row(
        'small',
        'full cycle / floor',
        text(agg, 'full cycle / floor'),
        '<= 2 x',
        atMost(figure(agg, 'full cycle / floor'), 2),
      ),
      row(
        'small',
        'full cycle / floor with the indexes',
        text(agg, 'full cycle / indexed floor'),
        'reported',
        null,
      ),
      row(
        'small',
        'one more day per group',
        perGroup === null ? '-' : ms(perGroup),
        '<= 10 ms',
        atMost(perGroup, 10),
      ),
      row('small', 'CPU per group-day (app + Neo4j)', ms(cpuPerGroupDay(agg)), 'reported', null),
    );
  }

  heading('scale targets (each figure from the run above it)');
  table(
    ['scenario', 'figure', 'measured', 'target', ''],
    rows.map((r) => [
      r.scenario,
      r.figure,
      r.measured,
      r.target,
      r.met === null ? '' : r.met ? 'met' : 'NOT met',
    ]),
  );
});

/** Pruning on, as users run it (bench:aggregate --prune): each day's first cycle archives what decayed. */
function aggregateArgs(memories: number, groups: number, months: number): string[] {
  return ['--memories', String(memories), '--groups', String(groups), '--months', String(months), '--prune'];
}

/** Runs bench/<name>.ts in a child process, its output shown as it comes, and returns its `label: value` lines. */
function bench(name: string, benchArgs: string[]): Promise<Map<string, string>> {
  const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script, ...benchArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    out += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench ${name} exited with ${code}`));
      const figures = new Map<string, string>();
      for (const text of out.split('\n')) {
        const match = /^(.+?):\s+(.+?)(?:\s{3}\(.*\))?$/.exec(text);
        if (match && !figures.has(match[1] as string))
          figures.set(match[1] as string, (match[2] as string).trim());
      }
      resolve(figures);
    });
  });
}

/** The group ids a run kept (--keep). */
function kept(figures: Map<string, string>): string[] {
  const groups = figures.get('kept groups (--keep)');
  if (!groups) throw new Error('the run kept no groups');
  return groups.split(',').map((g) => g.trim());
}

async function deleteGroups(groupIds: string[]): Promise<void> {
  const strata = await openBenchStrata(LOCAL_CONFIG);
  try {
    for (const groupId of groupIds) await strata.services.deleteGroup(groupId);
  } finally {
    await strata.close();
  }
}

/** The figure's first number (thousands separators dropped): "286.47 s" is 286.47. */
function figure(figures: Map<string, string>, label: string): number | null {
  const match = /-?[\d,]+(\.\d+)?/.exec(figures.get(label) ?? '');
  return match ? Number(match[0].replaceAll(',', '')) : null;
}

function text(figures: Map<string, string>, label: string): string {
  return figures.get(label) ?? '-';
}

function ingestRate(figures: Map<string, string>): number | null {
  const match = /([\d,]+) memories in ([\d.,]+) s/.exec(figures.get('ingested') ?? '');
  if (!match) return null;
  return Number((match[1] as string).replaceAll(',', '')) / Number((match[2] as string).replaceAll(',', ''));
}

/** App and Neo4j CPU per group of the one-more-day round (bench:aggregate's first "CPU per group" line). */
function cpuPerGroupDay(figures: Map<string, string>): number | null {
  const match = /([\d.,]+) \+ ([\d.,]+) ms/.exec(figures.get('  CPU per group') ?? '');
  if (!match) return null;
  return Number((match[1] as string).replaceAll(',', '')) + Number((match[2] as string).replaceAll(',', ''));
}

/** App and Neo4j CPU per recall request. */
function cpuPerRequest(figures: Map<string, string>): number | null {
  const app = figure(figures, 'app CPU per request');
  const neo4j = figure(figures, 'Neo4j CPU per request');
  return app === null || neo4j === null ? null : app + neo4j;
}

function ms(value: number | null): string {
  return value === null ? '-' : `${num(value, 2)} ms`;
}

function atMost(value: number | null, target: number): boolean | null {
  return value === null ? null : value <= target;
}

function atLeast(value: number | null, target: number): boolean | null {
  return value === null ? null : value >= target;
}

function row(scenario: string, name: string, measured: string, target: string, met: boolean | null): Row {
  return { scenario, figure: name, measured, target, met };
}
