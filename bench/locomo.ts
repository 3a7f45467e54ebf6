/**
 * LoCoMo evidence recall: every conversation of ../shared/bench/locomo/locomo-dev.json loaded as its own group with
 * default settings (pruning on), the cycle run, then every question of categories 1-4 asked through
 * services.recall. Recall@k is the share of a question's evidence turns among the first k memory ids the response
 * names, in its order (hits and the turns or details under them alike), so expansion cannot buy recall with a
 * bigger budget. A plain BM25 over the turns, computed in the same run, is the baseline.
 *
 * Abstention: each group is also asked the other conversations' questions, which nothing in it answers.
 *
 *   npm run bench:locomo -- [--file path/to/locomo.json] [--embedder hashing|glove] [--keep] [--haystack <groupId>]
 *
 * --embedder picks the local embedder (hashing by default); another than the database's needs a database with no
 * other data (bench/lib/strata.ts localEmbedder).
 *
 * With --haystack, every conversation goes into that group instead (a large group loaded before, such as the one
 * `bench:aggregate -- --memories 1000000 --groups 1 --months 60 --keep` leaves): the needle-in-a-haystack figure,
 * recall@k when a conversation's turns are a sliver of a big group. Turn ids are prefixed with the conversation's
 * sample id there, abstention is not asked (the other conversations' questions are answered in the same group), and
 * the group is left as it is, conversations included.
 *
 * Data: LoCoMo (Maharana et al., ACL 2024), three of its ten conversations; see ../shared/bench/locomo/NOTICE.md.
 */
import { HashingEmbeddings } from '../src/ai/embeddings/hashing.js';
import { type RecallRequestInput, type RecallResponse, recallRequestSchema } from '../src/domain/recall.js';
import { estimateTokens } from '../src/domain/tokens.js';
import { type LocomoConversation, readLocomoFile } from '../src/ingest/importers/locomo.js';
import type { Strata } from '../src/strata.js';
import { Bm25 } from './lib/bm25.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { cycleOne } from './lib/cycles.js';
import { firstK, KS, memoryIds, RecallTally, recallRows, scorableQuestions } from './lib/evidence.js';
import { heading, line, num, seconds, table, verdict } from './lib/format.js';
import { locomoPath } from './lib/paths.js';
import { awaitSearchIndexes, benchGroupId, cleanUp, localEmbedder, openBenchStrata } from './lib/strata.js';

const MAX_K = Math.max(...KS);
const NO_EXPANSION = { turns: 0, down: false, perSummary: 0, sideways: 0 };

/** Full text and hybrid over memories alone, and Strata as a client calls it, with and without its floor. */
const CONFIGURATIONS: [string, Omit<RecallRequestInput, 'query'>][] = [
  ['full-text (memories)', { mode: 'lexical', levels: ['memory'], expand: NO_EXPANSION, minScore: 0 }],
  ['hybrid (memories)', { mode: 'hybrid', levels: ['memory'], expand: NO_EXPANSION, minScore: 0 }],
  ['strata, no floor', { minScore: 0 }],
  ['strata (as the API answers)', {}],
  // Each mechanism measured apart: without the turns around a hit, and without the summary levels.
  ['strata, no turns', { expand: { turns: 0 } }],
  ['strata, memories only', { levels: ['memory'] }],
];
const STRATA = 3;
const NO_FLOOR = 2;

const args = options({
  file: { type: 'string' },
  'time-limit': { type: 'string', default: '1800' },
  keep: { type: 'boolean', default: false },
  haystack: { type: 'string' },
  embedder: { type: 'string', default: 'hashing' },
});

run(async () => {
  const path = locomoPath(args.file);
  const conversations = await readLocomoFile(path);
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  heading(`LoCoMo evidence recall: ${conversations.length} conversations from ${path}`);
  if (hasNeo4j) {
    const strata = await openBenchStrata({ ...localEmbedder(args.embedder), SUMMARIZER: 'local' });
    line('embedder', strata.embedder.name);
    try {
      await measure(strata, conversations, deadline);
    } finally {
      await strata.close();
    }
  } else {
    console.log(skippedLine("Strata's recall@k through services.recall, and the BM25 baseline beside it"));
  }
  offlineIndication(conversations, deadline);
});

async function measure(
  strata: Strata,
  conversations: LocomoConversation[],
  deadline: Deadline,
): Promise<void> {
  const groups: { groupId: string; conversation: LocomoConversation }[] = [];
  const started = performance.now();
  const haystack = args.haystack;
  if (haystack && !(await strata.services.getGroup(haystack)))
    throw new Error(`--haystack: group ${haystack} does not exist in this Neo4j`);
  for (const original of conversations) {
    const groupId = haystack ?? benchGroupId(`locomo-${original.sampleId}`);
    // Ids are the group's own, so the dialogue ids the questions cite serve as memory ids; in a haystack shared by
    // several conversations, behind the conversation's sample id.
    const conversation = haystack ? inHaystack(original) : original;
    const memories = conversation.memories.map((m) => ({ ...m, id: String(m.meta?.diaId) }));
    for (let i = 0; i < memories.length; i += 1000)
      await strata.services.ingest(groupId, memories.slice(i, i + 1000));
    groups.push({ groupId, conversation });
  }
  line(
    'ingested',
    `${num(conversations.reduce((n, c) => n + c.memories.length, 0))} turns in ${seconds(performance.now() - started)}`,
  );
  for (const { groupId, conversation } of groups) {
    const report = await cycleOne(strata, groupId);
    const l = report.levels;
    line(
      `cycle ${conversation.sampleId}`,
      `${report.status}, ${seconds(report.tookMs)}`,
      `session ${l.session.created}, day ${l.day.created}, week ${l.week.created}, month ${l.month.created}, ` +
        `era ${l.era.created}; archived ${JSON.stringify(report.pruned.archived)}, originals pruned ${report.pruned.memories}` +
        (report.errors.length > 0 ? `; ${report.errors.length} errors, first: ${report.errors[0]}` : ''),
    );
  }
  await awaitSearchIndexes(strata);

  const tallies: [string, RecallTally][] = [
    ...CONFIGURATIONS.map(([name]): [string, RecallTally] => [name, new RecallTally()]),
    ['BM25 over turns (baseline)', new RecallTally()],
  ];
  const ask = (groupId: string, request: Omit<RecallRequestInput, 'query'>, query: string) =>
    strata.services.recall(groupId, recallRequestSchema.parse({ ...request, query, k: MAX_K }));
  const abstention = {
    positives: [] as number[],
    negatives: [] as number[],
    emptyNegatives: 0,
    firstEvidenceKept: 0,
  };
  const latencies: number[] = [];
  let tokensAt10 = 0;
  let asked = 0;
  let cutShort = false;
  for (const { groupId, conversation } of groups) {
    const turnIds = new Set(conversation.memories.map((m) => String(m.meta?.diaId)));
    const bm25 = new Bm25(
      conversation.memories.map((m) => ({ id: String(m.meta?.diaId), text: `${m.speaker}: ${m.text}` })),
    );
    const scorable = scorableQuestions(conversation.questions, turnIds);
    for (const question of scorable.questions) {
      if (deadline.passed()) {
        cutShort = true;
        break;
      }
      for (const [c, [, request]] of CONFIGURATIONS.entries()) {
        const t0 = performance.now();
        const response = await ask(groupId, request, question.question);
        if (c === STRATA) latencies.push(performance.now() - t0);
        const ids = memoryIds(response);
        tallies[c]?.[1].add(question.category, question.evidence, (k) => firstK(ids, k));
        if (c === NO_FLOOR) abstention.positives.push(topRelevance(response));
        if (c === STRATA) {
          if (ids.includes(question.evidence[0] as string)) abstention.firstEvidenceKept++;
          tokensAt10 += responseTokens(response, 10);
        }
      }
      const ranked = bm25.search(question.question, MAX_K);
      tallies[CONFIGURATIONS.length]?.[1].add(question.category, question.evidence, (k) =>
        ranked.slice(0, k),
      );
      asked++;
    }
    // Questions of the other conversations: nothing in this group answers them (in a haystack it holds them all).
    for (const other of haystack ? [] : groups) {
      if (other === groups.find((g) => g.groupId === groupId) || deadline.passed()) continue;
      const foreign = scorableQuestions(
        other.conversation.questions,
        new Set(other.conversation.memories.map((m) => String(m.meta?.diaId))),
      );
      for (const question of foreign.questions) {
        if (deadline.passed()) break;
        const response = await ask(groupId, { minScore: 0 }, question.question);
        abstention.negatives.push(topRelevance(response));
        // What a client gets at the default floor: nothing, or something.
        const answered = await ask(groupId, {}, question.question);
        if (answered.items.length === 0) abstention.emptyNegatives++;
      }
    }
  }
  line(
    'questions asked',
    `${num(asked)} x ${CONFIGURATIONS.length} configurations, plus BM25`,
    cutShort ? 'time limit reached' : undefined,
  );
  const { header, rows } = recallRows(tallies);
  table(header, rows);

  const full = tallies[STRATA]?.[1] as RecallTally;
  const text = tallies[0]?.[1] as RecallTally;
  const baseline = tallies[CONFIGURATIONS.length]?.[1] as RecallTally;
  const noFloor = tallies[NO_FLOOR]?.[1] as RecallTally;
  line(
    'strata recall@10',
    full.mean(10).toFixed(3),
    `target >= 0.72: ${verdict(full.mean(10) >= 0.72 && !cutShort)}`,
  );
  line(
    'strata - BM25 baseline @10',
    (full.mean(10) - baseline.mean(10)).toFixed(3),
    `target >= +0.10: ${verdict(full.mean(10) - baseline.mean(10) >= 0.1)}`,
  );
  const below = KS.filter((k) => full.mean(k) < text.mean(k));
  line(
    'strata never below full text',
    below.length === 0 ? 'yes' : `no, below at ${below.map((k) => `@${k}`).join(' ')}`,
    verdict(below.length === 0),
  );
  line('mean response size at k = 10', `${num(tokensAt10 / Math.max(1, asked))} tokens`);
  latencies.sort((a, b) => a - b);
  line(
    'strata recall latency (in process)',
    `p50 ${num(latencies[Math.floor(latencies.length / 2)] ?? 0, 1)} ms`,
  );

  if (haystack) {
    console.log(`haystack ${haystack} kept, with the conversations in it; abstention is not asked there`);
    return;
  }
  heading("abstention: each group asked its own questions (positives) and the other groups' (negatives)");
  const floor = strata.config.recall.minRelevance;
  const emptyNegatives = abstention.emptyNegatives / Math.max(1, abstention.negatives.length);
  line('relevance floor', floor.toFixed(2), `RECALL_MIN_RELEVANCE`);
  line(
    'negatives answered with nothing',
    `${(emptyNegatives * 100).toFixed(1)} % of ${abstention.negatives.length}`,
    `target >= 90 %: ${verdict(emptyNegatives >= 0.9)}`,
  );
  line(
    'positives still returning their first evidence turn',
    `${((abstention.firstEvidenceKept / Math.max(1, asked)) * 100).toFixed(1)} %`,
  );
  const drop = noFloor.mean(10) - full.mean(10);
  line('recall@10 lost to the floor', drop.toFixed(3), `target <= 0.02: ${verdict(drop <= 0.02)}`);
  // A response answers when one of its hits reaches the floor: the top relevance at minScore 0 tells nearly the
  // same, for any floor (a hit past the first 20 may still reach it).
  for (const f of [0.2, 0.3, 0.4, 0.5, 0.6]) {
    const share = (values: number[], below: boolean) =>
      values.filter((r) => r < f === below).length / Math.max(1, values.length);
    line(
      `  at a floor of ${f.toFixed(1)}`,
      `${(share(abstention.negatives, true) * 100).toFixed(1)} % of negatives empty`,
      `${(share(abstention.positives, false) * 100).toFixed(1)} % of positives answered`,
    );
  }
  const auc = rocAuc(abstention.positives, abstention.negatives);
  line('ROC AUC of the top relevance', auc.toFixed(3), `target >= 0.9: ${verdict(auc >= 0.9)}`);
  await cleanUp(
    strata,
    groups.map((g) => g.groupId),
    args.keep === true,
  );
}

/** The conversation with its turn ids, and the evidence its questions cite, behind its sample id. */
function inHaystack(conversation: LocomoConversation): LocomoConversation {
  const id = (diaId: unknown) => `${conversation.sampleId}/${String(diaId)}`;
  return {
    ...conversation,
    memories: conversation.memories.map((m) => ({ ...m, meta: { ...m.meta, diaId: id(m.meta?.diaId) } })),
    questions: conversation.questions.map((q) => ({ ...q, evidence: q.evidence.map(id) })),
  };
}

function topRelevance(response: RecallResponse): number {
  return Math.max(0, ...response.items.map((i) => i.score));
}

/** Tokens of the texts a response holds within its first k memory ids (hits, turns and details). */
function responseTokens(response: RecallResponse, k: number): number {
  let seen = 0;
  let tokens = 0;
  for (const item of response.items) {
    if (seen >= k) break;
    tokens += estimateTokens(item.text);
    if (item.kind === 'memory') seen++;
    for (const d of item.details) {
      if (seen >= k) break;
      tokens += estimateTokens(d.text);
      seen++;
    }
  }
  return tokens;
}

/** Area under the ROC curve: the chance a random positive scores above a random negative (ties count half). */
function rocAuc(positives: number[], negatives: number[]): number {
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
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
