/**
 * Is a change to the roll-ups output-neutral? Builds the same demo data with this checkout (ingest, the first full
 * cycle, one more day and its cycle), then writes what every summary holds (texts, topics, counts, scores, vector
 * sums, children, NEXT_PERIOD, MENTIONS), the node counts per level and `verify` of each group to a JSON file.
 * Two such files, one from before a change and one from after, are then compared with --before and --after.
 *
 *   npm run bench:equivalence -- --out before.json [--memories 20000] [--groups 4] [--months 6] [--run snapshot]
 *   npm run bench:equivalence -- --before before.json --after after.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Strata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { cycleGroups, problems } from './lib/cycles.js';
import { benchData, oneMoreDay } from './lib/demo-data.js';
import { heading, line, num } from './lib/format.js';
import { ingestGroups } from './lib/load.js';
import { cleanUp, groupCounts, LOCAL_CONFIG, openBenchStrata } from './lib/strata.js';

const DAY_MS = 86_400_000;

const args = options({
  memories: { type: 'string', default: '20000' },
  groups: { type: 'string', default: '4' },
  months: { type: 'string', default: '6' },
  out: { type: 'string' },
  before: { type: 'string' },
  after: { type: 'string' },
  // Memory ids are content hashes that include the group id, and ties in time order fall back to the id: runs
  // compared must use the same group ids.
  run: { type: 'string', default: 'snapshot' },
  keep: { type: 'boolean', default: false },
});

type Snapshot = Record<string, unknown>;

run(async () => {
  if (args.before || args.after) {
    if (!args.before || !args.after) throw new Error('--before and --after go together');
    process.exit(compare(read(args.before), read(args.after)) ? 0 : 1);
  }
  if (!args.out) throw new Error('--out <file> is required (or --before a.json --after b.json)');
  if (!hasNeo4j) {
    console.log(skippedLine('the roll-up snapshot'));
    return;
  }
  const strata = await openBenchStrata(LOCAL_CONFIG);
  try {
    const snapshot = await build(strata);
    writeFileSync(args.out, `${JSON.stringify(snapshot, null, 1)}\n`);
    console.log(`snapshot written to ${args.out}`);
  } finally {
    await strata.close();
  }
});

async function build(strata: Strata): Promise<Snapshot> {
  const memories = intOption(args.memories, 'memories');
  const groups = intOption(args.groups, 'groups');
  const deadline = new Deadline(3600);
  heading(`roll-up snapshot: ${num(memories)} memories, ${groups} groups`);
  const groupIds = Array.from({ length: groups }, (_, i) => `bench-equiv-${args.run}-g${i + 1}`);
  const data = benchData({ memories, groups, months: intOption(args.months, 'months'), groupIds });
  await ingestGroups(strata, data.groups, { batch: 1000, concurrency: 2, deadline });
  const now = new Date(`${data.endDay}T02:00:00Z`);
  const full = await cycleGroups(strata, groupIds, now, deadline);
  line('full cycle', `${num(full.ms)} ms`);
  // A day more and its cycle, so that regenerated periods (version 2) are compared too.
  const extra = data.groups.map((g) => ({ groupId: g.groupId, memories: oneMoreDay(g, data.endDay) }));
  await ingestGroups(strata, extra, { batch: 1000, concurrency: 2, deadline });
  const later = await cycleGroups(strata, groupIds, new Date(now.getTime() + DAY_MS), deadline);
  line('one more day', `${num(later.ms)} ms`);
  for (const p of [...problems(full), ...problems(later)]) console.log(`problem: ${p}`);

  const snapshot: Snapshot = {};
  for (const [i, groupId] of groupIds.entries()) {
    const strip = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(`${groupId}:`, 'G:'));
    const summaries = await strata.graph.read<{ id: string }>('inspect/summary-contents', { groupId });
    const verify = await strata.services.verify(groupId);
    snapshot[`g${i + 1}`] = strip({
      counts: Object.fromEntries(await groupCounts(strata, groupId)),
      verify: { ...verify, groupId: 'G' },
      summaries: Object.fromEntries(summaries.map((s) => [s.id, s])),
    });
  }
  await cleanUp(strata, groupIds, args.keep === true);
  return snapshot;
}

function read(file: string): Snapshot {
  return JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
}

/** Prints every difference (the first few per group in full) and the counts; true when there is none. */
function compare(before: Snapshot, after: Snapshot): boolean {
  let differences = 0;
  const byField = new Map<string, number>();
  for (const group of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = (before[group] ?? {}) as Record<string, Record<string, unknown>>;
    const b = (after[group] ?? {}) as Record<string, Record<string, unknown>>;
    line(`${group} counts before`, JSON.stringify(a.counts));
    line(`${group} counts after`, JSON.stringify(b.counts));
    line(`${group} verify after`, JSON.stringify((b.verify as { ok?: unknown })?.ok ?? b.verify));
    const shown: string[] = [];
    const diff = (path: string, x: unknown, y: unknown) => {
      if (JSON.stringify(x) === JSON.stringify(y)) return;
      differences++;
      const field = path.split('.').pop() ?? path;
      byField.set(field, (byField.get(field) ?? 0) + 1);
      if (shown.length < 5) {
        shown.push(
          `${group} ${path}: ${JSON.stringify(x).slice(0, 300)} -> ${JSON.stringify(y).slice(0, 300)}`,
        );
      }
    };
    diff('counts', a.counts, b.counts);
    diff('verify', a.verify, b.verify);
    const sa = a.summaries ?? {};
    const sb = b.summaries ?? {};
    for (const id of new Set([...Object.keys(sa), ...Object.keys(sb)])) {
      const x = (sa[id] ?? {}) as Record<string, unknown>;
      const y = (sb[id] ?? {}) as Record<string, unknown>;
      for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) diff(`${id}.${key}`, x[key], y[key]);
    }
    line(
      `${group} summaries compared`,
      `${num(Object.keys(sa).length)} before, ${num(Object.keys(sb).length)} after`,
    );
    for (const s of shown) console.log(`  ${s}`);
  }
  if (byField.size > 0) line('differing fields', JSON.stringify(Object.fromEntries(byField)));
  line('differences', num(differences), differences === 0 ? 'the same graph' : 'NOT the same');
  return differences === 0;
}
