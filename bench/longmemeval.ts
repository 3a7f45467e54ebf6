/**
 * LongMemEval-S retrieval through the REST API, as a client uses it: one group a question, every haystack turn
 * POSTed to /v1/groups/:id/memories with its session id, at its session's date plus a minute a turn, its role as
 * speaker; one POST /aggregate; then POST /recall {query, k: 10, asOf: the question's date}. The server is the real
 * express app (createApp), in process on a loopback port, so requests pass validation and serialisation.
 *
 * Measured on the first 10 distinct memory ids of each response, in response order (hits, then the turns and
 * details under them: evidence.ts memoryIds), over the questions with an answer (ids not ending in _abs):
 *   - an evidence turn (has_answer) among them (0/1);
 *   - the share of the question's evidence turns among them (evidence.ts evidenceRecall, as LoCoMo's recall@k);
 *   - session level: their sessions, deduplicated in order; NDCG@10 (binary relevance: an answer session),
 *     recall_any@5/@10 and recall_all@5/@10 of the answer sessions, the number of distinct sessions.
 * Beside them, computed in the same run: BM25 over the same turns (first 10 turns, the same measures) and BM25 over
 * whole sessions (first 10 sessions, the session measures). BM25: k1 1.2, b 0.75, Porter stems, English stop words
 * (bench/lib/bm25.ts), over the turns' text alone.
 *
 *   npm run bench:longmemeval -- [--file path] [--limit N] [--keep] [--as-of | --no-as-of] [--time-limit s]
 *                                [--embedder hashing|glove]
 *
 * --as-of (the default) sends asOf when the recall schema has it; --as-of with a schema that lacks it stops the run
 * (the schema rejects unknown fields), and the default then sends none and says so.
 *
 * Data: LongMemEval (Wu et al., ICLR 2025), 100 of its 500 questions; see ../shared/bench/longmemeval/NOTICE.md.
 */

import type { CycleReport } from '../src/domain/cycle-report.js';
import { type RecallResponse, recallRequestSchema } from '../src/domain/recall.js';
import type { Strata } from '../src/strata.js';
import { Bm25 } from './lib/bm25.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { levelTotals } from './lib/cycles.js';
import { firstK, memoryIds } from './lib/evidence.js';
import { heading, line, num, percentile, seconds, table, verdict } from './lib/format.js';
import {
  haystackMemories,
  isAbstention,
  type LmeQuestion,
  LmeTally,
  lmeInstant,
  type Measure,
  readLongMemEval,
  sessionScores,
  turnScores,
  typeRows,
} from './lib/longmemeval.js';
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
const TURN_MEASURES: Measure[] = [
  'evidenceTurn',
  'evidenceShare',
  'ndcg10',
  'anyAt5',
  'anyAt10',
  'allAt10',
  'sessions',
];
const SESSION_MEASURES: Measure[] = ['ndcg10', 'anyAt5', 'anyAt10', 'allAt5', 'allAt10'];

const args = options({
  file: { type: 'string' },
  limit: { type: 'string' },
  keep: { type: 'boolean', default: false },
  'as-of': { type: 'boolean' },
  'no-as-of': { type: 'boolean' },
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
  line('asOf', asOf.send ? 'sent: the question_date, as ISO 8601' : 'not sent', asOf.why);
  try {
    await measure(strata, server.url, questions, asOf.send, deadline);
  } finally {
    await server.close();
    await strata.close();
  }
});

/** Whether to send asOf, and why: on by default when the schema knows it; asked for and unknown stops the run. */
function asOfChoice(): { send: boolean; why: string } {
  if (args['as-of'] && args['no-as-of']) {
    console.error('--as-of and --no-as-of: one or the other');
    process.exit(2);
  }
  const known = 'asOf' in recallRequestSchema.shape;
  if (args['no-as-of']) return { send: false, why: '--no-as-of' };
  if (known) return { send: true, why: args['as-of'] ? '--as-of' : 'default --as-of' };
  if (args['as-of']) {
    console.error(
      '--as-of: this recall schema has no asOf field, and it rejects unknown fields; try --no-as-of',
    );
    process.exit(2);
  }
  return {
    send: false,
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

interface Timings {
  ingest: number[];
  aggregate: number[];
  refresh: number[];
  recall: number[];
}

async function measure(
  strata: Strata,
  url: string,
  questions: LmeQuestion[],
  sendAsOf: boolean,
  deadline: Deadline,
): Promise<void> {
  const started = performance.now();
  const strataTally = new LmeTally();
  const bm25Turns = new LmeTally();
  const bm25Sessions = new LmeTally();
  const timings: Timings = { ingest: [], aggregate: [], refresh: [], recall: [] };
  const reports: CycleReport[] = [];
  const groupIds: string[] = [];
  const empty = { answerable: [] as string[], abstention: [] as string[] };
  let abstentions = 0;
  let turns = 0;
  let truncated = 0;
  let items = 0;
  let memories = 0;
  let cutShort = false;
  try {
    for (const [index, question] of questions.entries()) {
      if (deadline.passed()) {
        cutShort = true;
        break;
      }
      const groupId = benchGroupId('lme', index);
      groupIds.push(groupId);
      const group = `/v1/groups/${encodeURIComponent(groupId)}`;
      const haystack = haystackMemories(question, groupId);
      turns += haystack.memories.length;
      truncated += haystack.truncated;

      let t0 = performance.now();
      for (let i = 0; i < haystack.memories.length; i += BATCH)
        await http(url, 'POST', `${group}/memories`, { memories: haystack.memories.slice(i, i + BATCH) });
      timings.ingest.push(performance.now() - t0);
      t0 = performance.now();
      reports.push(await http<CycleReport>(url, 'POST', `${group}/aggregate`));
      timings.aggregate.push(performance.now() - t0);
      // Full-text indexes refresh asynchronously: waited for, so no recall searches a stale index (timed apart).
      t0 = performance.now();
      await awaitSearchIndexes(strata);
      timings.refresh.push(performance.now() - t0);
      t0 = performance.now();
      const response = await http<RecallResponse>(url, 'POST', `${group}/recall`, {
        query: question.question,
        k: K,
        ...(sendAsOf ? { asOf: lmeInstant(question.question_date) } : {}),
      });
      timings.recall.push(performance.now() - t0);

      if (isAbstention(question)) {
        abstentions++;
        if (response.items.length === 0) empty.abstention.push(question.question_id);
        continue;
      }
      if (response.items.length === 0) empty.answerable.push(question.question_id);
      items += response.items.length;
      const ids = memoryIds(response);
      memories += new Set(ids).size;
      const answerSessions = new Set(question.answer_session_ids);
      const type = question.question_type;
      strataTally.add(
        type,
        turnScores(firstK(ids, K), haystack.evidence, haystack.sessionOf, answerSessions),
      );
      const turnIndex = new Bm25(haystack.memories.map((m) => ({ id: m.id, text: m.text })));
      bm25Turns.add(
        type,
        turnScores(
          turnIndex.search(question.question, K),
          haystack.evidence,
          haystack.sessionOf,
          answerSessions,
        ),
      );
      const sessionIndex = new Bm25(
        question.haystack_sessions.map((session, s) => ({
          id: question.haystack_session_ids[s] as string,
          text: session.map((turn) => turn.content).join('\n'),
        })),
      );
      bm25Sessions.add(
        type,
        sessionScores(firstK(sessionIndex.search(question.question, 2 * K), K), answerSessions),
      );
    }
  } finally {
    await cleanUp(strata, groupIds, args.keep === true);
  }
  const asked = timings.recall.length;
  const answerable = asked - abstentions;
  line(
    'questions',
    `${num(asked)} asked, ${num(answerable)} with an answer, ${num(abstentions)} false-premise (_abs)`,
    cutShort ? `time limit reached: ${asked} of ${questions.length}` : undefined,
  );
  line(
    'turns ingested',
    `${num(turns)} in ${num(asked)} groups`,
    truncated > 0
      ? `${truncated} turn(s) over ${num(20_000)} characters cut there, the API's limit`
      : undefined,
  );
  line('cycles', levelTotals(reports), 'summaries created+updated per level');
  const failed = reports.filter((r) => r.status !== 'succeeded' || r.errors.length > 0);
  if (failed.length > 0)
    console.log(
      `problem: ${failed.length} cycle(s) failed or had errors, first: ${JSON.stringify(failed[0])}`,
    );

  heading(
    `by question type: first ${K} memories of each response (Strata, BM25 turns) or ${K} sessions (BM25 sessions)`,
  );
  const { header, rows } = typeRows([
    ['strata', strataTally, TURN_MEASURES],
    ['BM25 turns', bm25Turns, TURN_MEASURES],
    ['BM25 sessions', bm25Sessions, SESSION_MEASURES],
  ]);
  table(header, rows);

  heading("the issue's table: Strata against BM25 in the same run");
  const f = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(3));
  const figure = (tally: LmeTally, m: Measure, type?: string) => tally.mean(m, type);
  const n = (type: string) => strataTally.questions(type);
  table(
    ['measure', 'Strata', 'BM25 (same run)'],
    [
      [
        'an evidence turn among the first 10',
        f(figure(strataTally, 'evidenceTurn')),
        f(figure(bm25Turns, 'evidenceTurn')),
      ],
      [
        'share of evidence turns among the first 10',
        f(figure(strataTally, 'evidenceShare')),
        f(figure(bm25Turns, 'evidenceShare')),
      ],
      [
        `the same, multi-session questions (${n('multi-session')})`,
        f(figure(strataTally, 'evidenceShare', 'multi-session')),
        f(figure(bm25Turns, 'evidenceShare', 'multi-session')),
      ],
      [
        `an evidence turn among the first 10, temporal-reasoning (${n('temporal-reasoning')})`,
        f(figure(strataTally, 'evidenceTurn', 'temporal-reasoning')),
        f(figure(bm25Turns, 'evidenceTurn', 'temporal-reasoning')),
      ],
      [
        `an evidence turn among the first 10, single-session-preference (${n('single-session-preference')})`,
        f(figure(strataTally, 'evidenceTurn', 'single-session-preference')),
        f(figure(bm25Turns, 'evidenceTurn', 'single-session-preference')),
      ],
      [
        'session NDCG@10 (memories mapped to sessions, in order)',
        f(figure(strataTally, 'ndcg10')),
        `${f(figure(bm25Sessions, 'ndcg10'))} (whole sessions)`,
      ],
      [
        'session recall_all@10',
        f(figure(strataTally, 'allAt10')),
        `${f(figure(bm25Sessions, 'allAt10'))} (whole sessions)`,
      ],
      [
        'session recall_any@5 / @10',
        `${f(figure(strataTally, 'anyAt5'))} / ${f(figure(strataTally, 'anyAt10'))}`,
        `${f(figure(bm25Sessions, 'anyAt5'))} / ${f(figure(bm25Sessions, 'anyAt10'))} (whole sessions)`,
      ],
    ],
  );

  heading('what a response holds');
  line(
    'per response (answerable)',
    `${num(items / Math.max(1, answerable), 1)} items, ${num(memories / Math.max(1, answerable), 1)} memories`,
    `${num(strataTally.mean('sessions'), 1)} distinct sessions among the first ${K} memories`,
  );
  line(
    'responses covering < 5 sessions',
    `${strataTally.count('sessions', (s) => s < 5)} of ${answerable}`,
    `BM25 turns: ${bm25Turns.count('sessions', (s) => s < 5)}`,
  );
  const emptyShare = empty.answerable.length / Math.max(1, answerable);
  line(
    'answerable answered with nothing',
    `${empty.answerable.length} of ${answerable} (${(emptyShare * 100).toFixed(1)} %)`,
    empty.answerable.length > 0 ? empty.answerable.join(' ') : undefined,
  );
  line(
    '_abs answered with nothing',
    `${empty.abstention.length} of ${abstentions}`,
    'false premise; retrieval alone is not expected to refuse them',
  );

  heading('done means (issue 56)');
  const cut = cutShort ? ', cut short' : '';
  const check = (label: string, value: number, target: number, targetText: string) =>
    line(label, f(value), `target ${targetText}: ${verdict(value >= target && !cutShort)}${cut}`);
  const turnBase = figure(bm25Turns, 'evidenceTurn');
  const shareBase = figure(bm25Turns, 'evidenceShare');
  check(
    'an evidence turn @10',
    figure(strataTally, 'evidenceTurn'),
    turnBase + 0.03,
    `>= BM25 + 0.03 = ${f(turnBase + 0.03)}`,
  );
  check(
    'share of evidence turns @10',
    figure(strataTally, 'evidenceShare'),
    shareBase + 0.05,
    `>= BM25 + 0.05 = ${f(shareBase + 0.05)}`,
  );
  check('multi-session share @10', figure(strataTally, 'evidenceShare', 'multi-session'), 0.8, '>= 0.80');
  check(
    'temporal: an evidence turn @10',
    figure(strataTally, 'evidenceTurn', 'temporal-reasoning'),
    0.92,
    '>= 0.92',
  );
  const sessionBase = figure(bm25Sessions, 'ndcg10');
  check(
    'session NDCG@10',
    figure(strataTally, 'ndcg10'),
    sessionBase,
    `>= BM25 sessions = ${f(sessionBase)}`,
  );
  line(
    'answerable answered with nothing',
    `${(emptyShare * 100).toFixed(1)} %`,
    `target <= 2 %: ${verdict(emptyShare <= 0.02 && !cutShort)}${cut}`,
  );

  heading('timing (per question)');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const p = (xs: number[], q: number) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      q,
    );
  line(
    'ingest',
    `${seconds(mean(timings.ingest))} mean`,
    `${num(turns / Math.max(1, asked))} turns a question`,
  );
  line('aggregate', `${seconds(mean(timings.aggregate))} mean`, `p50 ${seconds(p(timings.aggregate, 50))}`);
  line(
    'full-text refresh wait',
    `${seconds(mean(timings.refresh))} mean`,
    'not part of the API; before each recall',
  );
  line(
    'recall',
    `${seconds(mean(timings.recall))} mean`,
    `p50 ${num(p(timings.recall, 50))} ms, p99 ${num(p(timings.recall, 99))} ms`,
  );
  line('whole run', seconds(performance.now() - started), 'BM25 baselines and clean-up included');
}
