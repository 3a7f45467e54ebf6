/**
 * LoCoMo evidence recall: every conversation of ../shared/bench/locomo/locomo-dev.json loaded as its own group,
 * the cycle run, then every question of categories 1-4 asked through services.recall under four configurations.
 * Recall@k is the share of a question's evidence turns found among the memories within the first k items
 * (an item's expanded details count with it). Targets: full Strata recall@10 >= 0.70, never below hybrid.
 *
 *   npm run bench:locomo -- [--file path/to/locomo.json] [--keep]
 *
 * Data: LoCoMo (Maharana et al., ACL 2024), three of its ten conversations; see ../shared/bench/locomo/NOTICE.md.
 */
import { HashingEmbeddings } from '../src/ai/embeddings/hashing.js';
import { type RecallRequestInput, recallRequestSchema } from '../src/domain/recall.js';
import { type LocomoConversation, readLocomoFile } from '../src/ingest/importers/locomo.js';
import type { Strata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { KS, RecallTally, recallRows, scorableQuestions } from './lib/evidence.js';
import { heading, line, num, seconds, table, verdict } from './lib/format.js';
import { locomoPath } from './lib/paths.js';
import { awaitSearchIndexes, benchGroupId, cleanUp, LOCAL_CONFIG, openBenchStrata } from './lib/strata.js';

const TARGET_FULL_AT_10 = 0.7;
const MAX_K = Math.max(...KS);
const NO_EXPANSION = { down: false, perSummary: 0, sideways: 0 };

/** The four ways of asking: one search side alone, both fused, and everything Strata has. */
const CONFIGURATIONS: [string, Omit<RecallRequestInput, 'query'>][] = [
  ['vector', { mode: 'vector', levels: ['memory'], expand: NO_EXPANSION }],
  ['full-text', { mode: 'lexical', levels: ['memory'], expand: NO_EXPANSION }],
  ['hybrid', { mode: 'hybrid', levels: ['memory'], expand: NO_EXPANSION }],
  ['strata (all levels, expansion)', { mode: 'hybrid', expand: { down: true, perSummary: 3, sideways: 1 } }],
];

const args = options({
  file: { type: 'string' },
  'time-limit': { type: 'string', default: '1800' },
  keep: { type: 'boolean', default: false },
});

run(async () => {
  const path = locomoPath(args.file);
  const conversations = await readLocomoFile(path);
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  heading(`LoCoMo evidence recall: ${conversations.length} conversations from ${path}`);
  if (hasNeo4j) {
    const strata = await openBenchStrata(LOCAL_CONFIG);
    try {
      await measure(strata, conversations, deadline);
    } finally {
      await strata.close();
    }
  } else {
    console.log(skippedLine("Strata's recall@k through services.recall for the four configurations"));
  }
  offlineIndication(conversations, deadline);
});

async function measure(
  strata: Strata,
  conversations: LocomoConversation[],
  deadline: Deadline,
): Promise<void> {
  const groups: { groupId: string; conversation: LocomoConversation; diaOf: Map<string, string> }[] = [];
  const started = performance.now();
  for (const conversation of conversations) {
    const groupId = benchGroupId(`locomo-${conversation.sampleId}`);
    // Ids unique to this run's group (ids are global in the graph), mapped back to dia ids through this table.
    const diaOf = new Map<string, string>();
    const memories = conversation.memories.map((m) => {
      const id = `${groupId}-${String(m.meta?.diaId)}`;
      diaOf.set(id, String(m.meta?.diaId));
      return { ...m, id };
    });
    for (let i = 0; i < memories.length; i += 1000)
      await strata.services.ingest(groupId, memories.slice(i, i + 1000));
    groups.push({ groupId, conversation, diaOf });
  }
  line(
    'ingested',
    `${num(conversations.reduce((n, c) => n + c.memories.length, 0))} turns in ${seconds(performance.now() - started)}`,
  );

  for (const { groupId, conversation } of groups) {
    const now = firstOfNextMonth(conversation);
    const report = await strata.cycle(groupId, { now });
    const l = report.levels;
    line(
      `cycle ${conversation.sampleId}`,
      `${report.status}, ${seconds(report.tookMs)}`,
      `now ${now.toISOString()}; session ${l.session.created}, day ${l.day.created}, week ${l.week.created}, month ${l.month.created}, era ${l.era.created}` +
        (report.errors.length > 0 ? `; ${report.errors.length} errors, first: ${report.errors[0]}` : ''),
    );
  }
  await awaitSearchIndexes(strata);

  const tallies: [string, RecallTally][] = CONFIGURATIONS.map(([name]) => [name, new RecallTally()]);
  let asked = 0;
  let cutShort = false;
  for (const { groupId, conversation, diaOf } of groups) {
    const scorable = scorableQuestions(conversation.questions, new Set(diaOf.values()));
    for (const question of scorable.questions) {
      if (deadline.passed()) {
        cutShort = true;
        break;
      }
      for (const [c, [, request]] of CONFIGURATIONS.entries()) {
        const response = await strata.services.recall(
          groupId,
          recallRequestSchema.parse({ ...request, query: question.question, k: MAX_K }),
        );
        // The memories an item brings: itself when it is one, and whatever expansion reached below it.
        const perItem = response.items.map((item) => [
          ...(item.kind === 'memory' ? [item.id] : []),
          ...item.details.map((d) => d.id),
        ]);
        const diaIdsWithin = (k: number) =>
          perItem
            .slice(0, k)
            .flat()
            .flatMap((id) => diaOf.get(id) ?? []);
        tallies[c]?.[1].add(question.category, question.evidence, diaIdsWithin);
      }
      asked++;
    }
  }
  line(
    'questions asked',
    `${num(asked)} x ${CONFIGURATIONS.length} configurations`,
    cutShort ? 'time limit reached' : undefined,
  );
  const { header, rows } = recallRows(tallies);
  table(header, rows);

  const full = tallies[3]?.[1];
  const hybrid = tallies[2]?.[1];
  if (full && hybrid) {
    const at10 = full.mean(10);
    line(
      'full recall@10',
      at10.toFixed(3),
      `target >= ${TARGET_FULL_AT_10}: ${verdict(at10 >= TARGET_FULL_AT_10 && !cutShort)}`,
    );
    const below = KS.filter((k) => full.mean(k) < hybrid.mean(k));
    line(
      'full never below hybrid',
      below.length === 0 ? 'yes' : `no, below at ${below.map((k) => `@${k}`).join(' ')}`,
      verdict(below.length === 0),
    );
  }
  await cleanUp(
    strata,
    groups.map((g) => g.groupId),
    args.keep === true,
  );
}

/**
 * The cycle's now: the first of the month after the conversation's last turn, plus two hours, so every day, week
 * and month it spans is over and rolled up. (Recall's decay uses the real clock, so this does not age anything.)
 */
function firstOfNextMonth(conversation: LocomoConversation): Date {
  const d = new Date(Math.max(...conversation.memories.map((m) => Date.parse(m.ts))));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 2));
}

/**
 * What the local embedder alone can do: exact cosine over HashingEmbeddings vectors of the turns, which is what
 * Neo4j's exact scan computes for the same vectors. Not Strata's figure: no full text, no summaries, no fusion.
 */
function offlineIndication(conversations: LocomoConversation[], deadline: Deadline): void {
  heading(
    "offline indication, NOT Strata's measured figure: vector-only recall@k, exact cosine over hashing vectors of the turns",
  );
  const variants = [0, 3].flatMap((charNgrams) =>
    [384, 1024].map((dimension) => ({ charNgrams, dimension })),
  );
  const tallies: [string, RecallTally][] = [];
  let dropped = 0;
  let noEvidence = 0;
  for (const { charNgrams, dimension } of variants) {
    if (deadline.passed()) break;
    const embedder = new HashingEmbeddings({ dimension, charNgrams });
    const tally = new RecallTally();
    dropped = 0;
    noEvidence = 0;
    for (const conversation of conversations) {
      const turns = conversation.memories.map((m) => ({
        dia: String(m.meta?.diaId),
        vector: embedder.embedSync(m.text),
      }));
      const scorable = scorableQuestions(conversation.questions, new Set(turns.map((t) => t.dia)));
      dropped += scorable.droppedEvidence;
      noEvidence += scorable.noEvidence;
      for (const question of scorable.questions) {
        const q = embedder.embedSync(question.question);
        // Vectors are unit length, so the dot product is the cosine.
        const ranked = turns
          .map((t) => ({ dia: t.dia, score: t.vector.reduce((s, v, i) => s + v * (q[i] as number), 0) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, MAX_K);
        tally.add(question.category, question.evidence, (k) => ranked.slice(0, k).map((r) => r.dia));
      }
    }
    tallies.push([`hashing-${dimension}${charNgrams ? `-c${charNgrams}` : ''}`, tally]);
  }
  const { header, rows } = recallRows(tallies);
  table(header, rows);
  line(
    'evidence left out',
    `${dropped} ids naming no turn in the data, ${noEvidence} questions left with none`,
  );
}
