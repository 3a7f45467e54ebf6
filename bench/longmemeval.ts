/**
 * LongMemEval-S retrieval through the REST API, as a client uses it: one group a question, every haystack turn
 * POSTed to /v1/groups/:id/memories with its session id, at its session's date plus a minute a turn, its role as
 * speaker; one POST /aggregate; then POST /recall {query, k: 10, asOf: when the question is asked}. The server is
 * the real express app (createApp), in process on a loopback port, so requests pass validation and serialisation.
 *
 * Measured on the first 10 distinct memory ids of each response, in response order (hits, then the turns and
 * details under them: evidence.ts memoryIds), over the questions with an answer (ids not ending in _abs):
 *   - an evidence turn (has_answer) among them (0/1);
 *   - the share of the question's evidence turns among them (evidence.ts evidenceRecall, as LoCoMo's recall@k);
 *   - session level: their sessions, deduplicated in order; NDCG@10 (binary relevance: an answer session),
 *     recall_any@5/@10 and recall_all@5/@10 of the answer sessions, the number of distinct sessions (and, apart,
 *     of the whole response's memories);
 *   - questions answered with nothing (no item), answerable and false-premise apart.
 * Beside them, computed in the same run: BM25 over the same turns (first 10 turns, the same measures) and BM25 over
 * whole sessions (first 10 sessions, the session measures). BM25: k1 1.2, b 0.75, Porter stems, English stop words
 * (bench/lib/bm25.ts), over the turns' text alone.
 *
 *   npm run bench:longmemeval -- [--file path] [--limit N] [--keep] [--as-of | --no-as-of] [--asked-at day|minute]
 *                                [--time-limit s] [--embedder hashing|glove]
 *
 * --as-of (the default) sends asOf when the recall schema has it; --as-of with a schema that lacks it stops the run
 * (the schema rejects unknown fields), and the default then sends none and says so. asOf is the end of the
 * question_date's day (--asked-at day, the default: the data orders sessions against a question by day alone, and
 * its gold answers come from sessions dated later that day than the question's time; lib/longmemeval.ts
 * lmeAskedAt), or its minute (--asked-at minute).
 *
 * Data: LongMemEval (Wu et al., ICLR 2025), 100 of its 500 questions; see ../shared/bench/longmemeval/NOTICE.md.
 */

import type { CycleReport } from '../src/domain/cycle-report.js';
import { type RecallResponse, recallRequestSchema } from '../src/domain/recall.js';
import type { Strata } from '../src/strata.js';
import { Bm25 } from './lib/bm25.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { firstK, memoryIds } from './lib/evidence.js';
import { heading, line } from './lib/format.js';
import {
  haystackMemories,
  isAbstention,
  type LmeAskedBy,
  type LmeQuestion,
  lmeAskedAt,
  rankedSessions,
  readLongMemEval,
  sessionScores,
  sessionsAfterQuestion,
  turnScores,
} from './lib/longmemeval.js';
import { emptyResults, type LmeResults, printResults } from './lib/longmemeval-report.js';
import { longMemEvalPath } from './lib/paths.js';
import {
  awaitSearchIndexes,
  benchGroupId,
  cleanUp,
  localEmbedder,
  openBenchStrata,
  serveOnLoopback,
} from './lib/strata.js';

const K = 10;
const BATCH = 1000;
const args = options({
  file: { type: 'string' },
  limit: { type: 'string' },
  keep: { type: 'boolean', default: false },
  'as-of': { type: 'boolean' },
  'no-as-of': { type: 'boolean' },
  'asked-at': { type: 'string', default: 'day' },
  'time-limit': { type: 'string', default: '3600' },
  embedder: { type: 'string', default: 'hashing' },
});

run(async () => {
  const path = longMemEvalPath(args.file);
  const all = readLongMemEval(path);
  const questions = args.limit === undefined ? all : all.slice(0, intOption(args.limit, 'limit'));
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  heading(
    `LongMemEval-S retrieval through the REST API: ${questions.length} of ${all.length} questions from ${path}`,
  );
  if (!hasNeo4j) {
    console.log(skippedLine('recall on LongMemEval through the REST API, and the BM25 baselines beside it'));
    return;
  }
  const asOf = asOfChoice();
  const strata = await openBenchStrata({ ...localEmbedder(args.embedder), SUMMARIZER: 'local' });
  const server = await serveOnLoopback(strata);
  line('embedder', strata.embedder.name);
  line(
    'asOf',
    asOf.askedAt ? `sent: the question_date's ${asOf.askedAt}, as ISO 8601` : 'not sent',
    asOf.why,
  );
  const after = sessionsAfterQuestion(questions);
  line(
    'sessions after their question',
    `later the same day: ${after.laterSameDay} of ${after.sessions}; on a later day: ${after.laterDay}`,
    "against the question's minute; gold answers draw on sessions dated later the same day",
  );
  const groupIds: string[] = [];
  try {
    const results = await askAll(strata, server.url, questions, asOf.askedAt, deadline, groupIds);
    printResults(results, K);
  } finally {
    await cleanUp(strata, groupIds, args.keep === true);
    await server.close();
    await strata.close();
  }
});

/**
 * Whether to send asOf, read from the question_date by its day or its minute (null: not sent), and why: on by default
 * when the schema knows it; asked for and unknown stops the run.
 */
function asOfChoice(): { askedAt: LmeAskedBy | null; why: string } {
  if (args['as-of'] && args['no-as-of']) {
    console.error('--as-of and --no-as-of: one or the other');
    process.exit(2);
  }
  const askedAt = args['asked-at'];
  if (askedAt !== 'day' && askedAt !== 'minute') {
    console.error(`--asked-at: day or minute, not "${askedAt}"`);
    process.exit(2);
  }
  const known = 'asOf' in recallRequestSchema.shape;
  if (args['no-as-of']) return { askedAt: null, why: '--no-as-of' };
  if (known)
    return { askedAt, why: `${args['as-of'] ? '--as-of' : 'default --as-of'}, --asked-at ${askedAt}` };
  if (args['as-of']) {
    console.error(
      '--as-of: this recall schema has no asOf field, and it rejects unknown fields; try --no-as-of',
    );
    process.exit(2);
  }
  return {
    askedAt: null,
    why: 'default --as-of, but this recall schema has no asOf field and rejects unknown ones',
  };
}

async function http<T>(url: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Ingests, cycles and asks each question in its own group, scoring Strata's response and the baselines. */
async function askAll(
  strata: Strata,
  url: string,
  questions: LmeQuestion[],
  askedAt: LmeAskedBy | null,
  deadline: Deadline,
  groupIds: string[],
): Promise<LmeResults> {
  const results = emptyResults(questions.length);
  for (const [index, question] of questions.entries()) {
    if (deadline.passed()) {
      results.cutShort = true;
      break;
    }
    const groupId = benchGroupId('lme', index);
    groupIds.push(groupId);
    const group = `/v1/groups/${encodeURIComponent(groupId)}`;
    const haystack = haystackMemories(question, groupId);
    results.turns += haystack.memories.length;
    results.truncated += haystack.truncated;

    let t0 = performance.now();
    for (let i = 0; i < haystack.memories.length; i += BATCH)
      await http(url, 'POST', `${group}/memories`, { memories: haystack.memories.slice(i, i + BATCH) });
    results.timings.ingest.push(performance.now() - t0);
    t0 = performance.now();
    results.reports.push(await http<CycleReport>(url, 'POST', `${group}/aggregate`));
    results.timings.aggregate.push(performance.now() - t0);
    // Full-text indexes refresh asynchronously: waited for, so no recall searches a stale index (timed apart).
    t0 = performance.now();
    await awaitSearchIndexes(strata);
    results.timings.refresh.push(performance.now() - t0);
    t0 = performance.now();
    const asOf = askedAt ? lmeAskedAt(question.question_date, askedAt) : null;
    const response = await http<RecallResponse>(url, 'POST', `${group}/recall`, {
      query: question.question,
      k: K,
      ...(asOf ? { asOf } : {}),
    });
    results.timings.recall.push(performance.now() - t0);

    if (isAbstention(question)) {
      results.abstentions++;
      if (response.items.length === 0) results.empty.abstention.push(question.question_id);
      continue;
    }
    if (response.items.length === 0) results.empty.answerable.push(question.question_id);
    // Asked at its date, a question sees only the turns said by then, Strata and the baselines alike.
    const visible = asOf ? haystack.memories.filter((m) => m.ts <= asOf) : haystack.memories;
    const seen = new Set(visible.map((m) => m.id));
    const later = haystack.evidence.filter((id) => !seen.has(id)).length;
    if (later === haystack.evidence.length) results.laterEvidence.all.push(question.question_id);
    else if (later > 0) results.laterEvidence.some++;
    const ids = memoryIds(response);
    results.items += response.items.length;
    results.memories += new Set(ids).size;
    results.responseSessions.push(rankedSessions(ids, haystack.sessionOf).length);
    const answerSessions = new Set(question.answer_session_ids);
    const score = (first: string[]) =>
      turnScores(first, haystack.evidence, haystack.sessionOf, answerSessions);
    const type = question.question_type;
    results.strata.add(type, score(firstK(ids, K)));
    if (later < haystack.evidence.length) results.strataByAsOf.add(type, score(firstK(ids, K)));
    const turnIndex = new Bm25(visible.map((m) => ({ id: m.id, text: m.text })));
    results.bm25Turns.add(type, score(turnIndex.search(question.question, K)));
    const sessionIndex = new Bm25(
      question.haystack_sessions.flatMap((_, s) => {
        const id = question.haystack_session_ids[s] as string;
        const turns = visible.filter((m) => m.sessionId === id);
        return turns.length > 0 ? [{ id, text: turns.map((m) => m.text).join('\n') }] : [];
      }),
    );
    // A haystack may repeat a session id: twice K, so that K distinct remain.
    results.bm25Sessions.add(
      type,
      sessionScores(firstK(sessionIndex.search(question.question, 2 * K), K), answerSessions),
    );
  }
  return results;
}
