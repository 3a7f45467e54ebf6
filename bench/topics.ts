/**
 * Topics and drift a researcher can trust, measured on data with known answers.
 *
 * Demo groups (seed/generator.ts), one per seed, ingested and rolled up by the real cycle (pruning off), then read
 * back through the drift chart service:
 * - topic precision: the share of each week's top 5 topics written in its planted theme's own lines and in none
 *   of the filler lines every era shares (seed/themes.ts). Target >= 0.8 averaged over the seeds.
 * - drift separation: median drift at planted era boundaries over median drift between adjacent weeks inside an
 *   era, for the topic drift, the unsmoothed JSD and the embedding distance. Target >= 2 for the topic drift.
 * The three dev LoCoMo conversations, imported and rolled up the same way: topics of every summary that are
 * numbers, pronouns or speaker names (target: none), and each conversation's ten most frequent topics.
 * - topics a reader recognises: of each session's and each week's top 5 topics, the share that LoCoMo's reference
 *   summaries of the same sessions mention (every word's Porter stem among the reference's), beside the share
 *   @3's topics get (PLAIN_RULES: every noun a candidate, captions as speech, asides too) on a second copy of each
 *   conversation rolled up by the same cycle in the same run, its thin periods and fallbacks included. Target:
 *   0.15 above it.
 *
 *   npm run bench:topics -- [--seeds 1,2,3,4,5] [--months 6] [--per-day 40] [--file locomo.json] [--embedder hashing|glove]
 *                          [--keep]
 */

import type { PlantedEra } from '../seed/generator.js';
import { generateDemo } from '../seed/generator.js';
import { HashingEmbeddings } from '../src/ai/embeddings/hashing.js';
import { LocalExtractiveSummarizer } from '../src/ai/summarizers/local.js';
import { type DriftPoint, driftSeries } from '../src/domain/drift.js';
import { SUMMARY_LEVELS } from '../src/domain/levels.js';
import type { MemoryInput } from '../src/domain/memory.js';
import { PLAIN_RULES } from '../src/domain/phrases.js';
import { median } from '../src/domain/rollup.js';
import { type LocomoConversation, readLocomoFile } from '../src/ingest/importers/locomo.js';
import type { Strata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { cycleOne } from './lib/cycles.js';
import { dayAfterLast } from './lib/demo-data.js';
import { heading, line, num, seconds, table, verdict } from './lib/format.js';
import { ingestGroups } from './lib/load.js';
import { locomoPath } from './lib/paths.js';
import { benchGroupId, cleanUp, LOCAL_CONFIG, localEmbedder, openBenchStrata } from './lib/strata.js';
import { weekSeriesOffline } from './lib/topic-offline.js';
import {
  type DriftSplit,
  forbiddenKind,
  type ReferencePeriod,
  type ReferenceShare,
  referenceShare,
  separation,
  shareOf,
  splitDrift,
  topicPrecision,
  type WeekTopics,
} from './lib/topic-quality.js';

const TARGET_PRECISION = 0.8;
const TARGET_SEPARATION = 2;
const TOP_TOPICS = 10;
const TARGET_GAIN = 0.15;

const args = options({
  file: { type: 'string' },
  seeds: { type: 'string', default: '1,2,3,4,5' },
  months: { type: 'string', default: '6' },
  'per-day': { type: 'string', default: '40' },
  'time-limit': { type: 'string', default: '3600' },
  keep: { type: 'boolean', default: false },
  embedder: { type: 'string', default: 'hashing' },
});

/** One seed's figures. */
interface SeedResult {
  seed: number;
  weeks: number;
  precision: number | null;
  splits: { topic: DriftSplit; jsd: DriftSplit; embedding: DriftSplit };
}

run(async () => {
  const seeds = args.seeds.split(',').map((s) => intOption(s.trim(), 'seeds', 0));
  const months = intOption(args.months, 'months');
  const perDay = intOption(args['per-day'], 'per-day');
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  const demos = seeds.map((seed) => ({
    seed,
    group: generateDemo({ seed, groups: 1, months, messagesPerDay: perDay })[0],
  }));
  heading(`topics: demo seeds ${seeds.join(', ')}, ${months} months at ${perDay} messages a day; LoCoMo dev`);
  if (!hasNeo4j) {
    console.log(skippedLine('topic precision, drift separation and LoCoMo topics through the real cycle'));
    await offlineIndication(demos);
    return;
  }
  const config = { ...LOCAL_CONFIG, ...localEmbedder(args.embedder) };
  const strata = await openBenchStrata(config);
  // The same cycle with @3's topics, for the LoCoMo comparison in this run.
  const plain = await openBenchStrata(config, {
    summarizer: new LocalExtractiveSummarizer(new HashingEmbeddings({ dimension: 384 }), PLAIN_RULES),
  });
  const groupIds: string[] = [];
  try {
    const results: SeedResult[] = [];
    for (const { seed, group } of demos) {
      if (deadline.passed()) break;
      const groupId = benchGroupId(`topics-s${seed}`);
      groupIds.push(groupId);
      await rollUp(strata, groupId, group.memories, deadline);
      const chart = await strata.services.driftChart(groupId, { level: 'week' });
      const weeks = chart.periods.map((p) => ({
        periodStart: p.periodStart,
        topics: p.topics.map((t) => t.name),
      }));
      results.push(score(seed, weeks, chart.drift, group.plantedEras));
    }
    reportDemo(results);
    await locomoTopics(strata, plain, groupIds, deadline);
  } finally {
    await cleanUp(strata, groupIds, args.keep === true);
    await Promise.all([strata.close(), plain.close()]);
  }
});

async function rollUp(strata: Strata, groupId: string, memories: MemoryInput[], deadline: Deadline) {
  const ingested = { groupId, memories: memories.map(({ id: _id, ...rest }) => rest) };
  await ingestGroups(strata, [ingested], { batch: 1000, concurrency: 1, deadline });
  // Two hours into the day after the last message: every day and week is over, nothing has decayed away.
  const now = new Date(`${dayAfterLast(ingested)}T02:00:00Z`);
  const report = await cycleOne(strata, groupId, { now });
  const l = report.levels;
  line(
    `cycle ${groupId}`,
    `${report.status}, ${seconds(report.tookMs)}`,
    `${num(memories.length)} memories; day ${l.day.created}, week ${l.week.created}, era ${l.era.created}`,
  );
}

function score(seed: number, weeks: WeekTopics[], drift: DriftPoint[], eras: PlantedEra[]): SeedResult {
  return {
    seed,
    weeks: weeks.length,
    precision: topicPrecision(weeks, eras),
    splits: {
      topic: splitDrift(drift, eras, (p) => p.topicDrift),
      jsd: splitDrift(drift, eras, (p) => p.jsd),
      embedding: splitDrift(drift, eras, (p) => p.cosineDistance),
    },
  };
}

const fixed = (v: number | null, digits = 2) => (v === null ? '-' : v.toFixed(digits));

function reportDemo(results: SeedResult[]): void {
  heading('demo groups: week topics and drift against the planted eras');
  table(
    ['seed', 'weeks', 'precision@5', 'topic drift sep.', 'jsd sep.', 'embedding sep.', 'topic drift b/i'],
    results.map((r) => [
      String(r.seed),
      String(r.weeks),
      fixed(r.precision, 3),
      fixed(separation(r.splits.topic)),
      fixed(separation(r.splits.jsd)),
      fixed(separation(r.splits.embedding)),
      `${fixed(median(r.splits.topic.boundary))}/${fixed(median(r.splits.topic.inside))}`,
    ]),
  );
  const mean = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
    return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
  };
  const precision = mean(results.map((r) => r.precision));
  const topic = mean(results.map((r) => separation(r.splits.topic)));
  line(
    'topic precision (mean)',
    fixed(precision, 3),
    `target >= ${TARGET_PRECISION}: ${verdict((precision ?? 0) >= TARGET_PRECISION)}`,
  );
  line(
    'topic drift separation (mean)',
    fixed(topic),
    `target >= ${TARGET_SEPARATION}: ${verdict((topic ?? 0) >= TARGET_SEPARATION)}`,
  );
  line('unsmoothed jsd separation (mean)', fixed(mean(results.map((r) => separation(r.splits.jsd)))));
  line('embedding separation (mean)', fixed(mean(results.map((r) => separation(r.splits.embedding)))));
}

/** One conversation imported as `strata import` writes it, into a fresh group, and rolled up by the cycle. */
async function importAndRollUp(
  strata: Strata,
  conversation: LocomoConversation,
  label: string,
  groupIds: string[],
): Promise<string> {
  const groupId = benchGroupId(`${label}-${conversation.sampleId}`);
  groupIds.push(groupId);
  const memories = conversation.memories.map((m) => ({ ...m, id: `${groupId}-${String(m.meta?.diaId)}` }));
  for (let i = 0; i < memories.length; i += 1000)
    await strata.services.ingest(groupId, memories.slice(i, i + 1000));
  const last = new Date(Math.max(...memories.map((m) => Date.parse(m.ts))));
  await cycleOne(strata, groupId, {
    now: new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1, 2)),
  });
  return groupId;
}

/** Each session and week summary of the group beside the reference summaries of the sessions it covers. */
async function referencePeriods(
  strata: Strata,
  groupId: string,
  conversation: LocomoConversation,
  level: 'session' | 'week',
): Promise<ReferencePeriod[]> {
  const summaries = await strata.services.listSummaries(groupId, { level, limit: 500 });
  return summaries.map((summary) => {
    const [from, to] = [Date.parse(summary.startsAt), Date.parse(summary.endsAt)];
    const sessions = new Set(
      conversation.memories
        .filter((m) => Date.parse(m.ts) >= from && Date.parse(m.ts) <= to)
        .map((m) => Number(m.meta?.session)),
    );
    const reference = [...sessions].map((n) => conversation.sessionSummaries?.[n] ?? '').join('\n');
    return { topics: summary.topics.map((t) => t.name), reference };
  });
}

const emptyShare = (): ReferenceShare => ({ hits: 0, total: 0, misses: new Map() });

function addShare(into: ReferenceShare, from: ReferenceShare): void {
  into.hits += from.hits;
  into.total += from.total;
  for (const [name, n] of from.misses) into.misses.set(name, (into.misses.get(name) ?? 0) + n);
}

const mostMissed = (s: ReferenceShare) =>
  [...s.misses]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 12)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');

/**
 * Topics of every summary of the dev conversations: forbidden ones, the most frequent per conversation, and the
 * share of session and week topics the reference summaries mention, for these topics and @3's.
 */
async function locomoTopics(
  strata: Strata,
  plain: Strata,
  groupIds: string[],
  deadline: Deadline,
): Promise<void> {
  const conversations = await readLocomoFile(locomoPath(args.file));
  heading(`LoCoMo dev: topics of every summary of ${conversations.length} conversations`);
  let forbidden = 0;
  const levels = ['session', 'week'] as const;
  const shares = {
    now: { session: emptyShare(), week: emptyShare() },
    plain: { session: emptyShare(), week: emptyShare() },
  };
  for (const conversation of conversations) {
    if (deadline.passed()) break;
    const groupId = await importAndRollUp(strata, conversation, 'topics', groupIds);
    const plainId = await importAndRollUp(plain, conversation, 'topics-plain', groupIds);
    for (const level of levels) {
      addShare(
        shares.now[level],
        referenceShare(await referencePeriods(strata, groupId, conversation, level)),
      );
      addShare(
        shares.plain[level],
        referenceShare(await referencePeriods(plain, plainId, conversation, level)),
      );
    }
    const counts = new Map<string, number>();
    for (const level of SUMMARY_LEVELS) {
      for (const summary of await strata.services.listSummaries(groupId, { level, limit: 500 })) {
        for (const topic of summary.topics) counts.set(topic.name, (counts.get(topic.name) ?? 0) + 1);
      }
    }
    const bad = [...counts.keys()].flatMap((name) => {
      const kind = forbiddenKind(name, conversation.speakers);
      return kind ? [`${name} (${kind})`] : [];
    });
    forbidden += bad.length;
    const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_TOPICS);
    line(
      `${conversation.sampleId} (${conversation.speakers.join(', ')})`,
      `${counts.size} distinct topics, ${bad.length} numbers, pronouns or speaker names${bad.length ? `: ${bad.join(', ')}` : ''}`,
    );
    line('  most frequent', top.map(([name, n]) => `${name} ${n}`).join(', '));
  }
  line('forbidden topics (all)', String(forbidden), `target 0: ${verdict(forbidden === 0)}`);
  reportReferenceShares(shares);
}

function reportReferenceShares(shares: Record<'now' | 'plain', Record<'session' | 'week', ReferenceShare>>) {
  heading('LoCoMo dev: top 5 topics the reference session summaries mention (Porter stems)');
  const all = (s: Record<'session' | 'week', ReferenceShare>) => {
    const sum = emptyShare();
    addShare(sum, s.session);
    addShare(sum, s.week);
    return sum;
  };
  const rows = (['session', 'week', 'all'] as const).map((level) => {
    const now = level === 'all' ? all(shares.now) : shares.now[level];
    const before = level === 'all' ? all(shares.plain) : shares.plain[level];
    const gain = (shareOf(now) ?? 0) - (shareOf(before) ?? 0);
    return { level, now, before, gain };
  });
  table(
    ['periods', 'topics', 'share (local-extractive@4)', 'share (@3, same run)', 'gain'],
    rows.map((r) => [
      r.level,
      String(r.now.total),
      fixed(shareOf(r.now), 3),
      fixed(shareOf(r.before), 3),
      `${r.gain >= 0 ? '+' : ''}${r.gain.toFixed(3)}`,
    ]),
  );
  for (const r of rows)
    line(
      `gain, ${r.level}`,
      r.gain.toFixed(3),
      `target >= ${TARGET_GAIN}: ${verdict(r.gain >= TARGET_GAIN)}`,
    );
  line('most missed (@4)', mostMissed(all(shares.now)));
  line('most missed (@3)', mostMissed(all(shares.plain)));
}

/** Without Neo4j: the same scores on week series built offline (bench/lib/topic-offline.ts), not the cycle's. */
async function offlineIndication(demos: { seed: number; group: ReturnType<typeof generateDemo>[number] }[]) {
  heading('offline indication, NOT the measured figure: week series rolled up without the graph');
  const results: SeedResult[] = [];
  for (const { seed, group } of demos) {
    const weeks = await weekSeriesOffline(group.groupId, group.memories);
    results.push(
      score(
        seed,
        weeks.map((w) => ({ periodStart: w.periodStart, topics: w.topics.map((t) => t.name) })),
        driftSeries(weeks),
        group.plantedEras,
      ),
    );
  }
  reportDemo(results);
}
