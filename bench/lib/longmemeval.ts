/**
 * LongMemEval (Wu et al., ICLR 2025) retrieval scoring: the data's shape, its dates, and the turn- and session-level
 * measures bench:longmemeval prints. Pure bookkeeping, shared by Strata's responses and the BM25 baselines.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { evidenceRecall } from './evidence.js';

export const QUESTION_TYPES = [
  'single-session-user',
  'single-session-assistant',
  'single-session-preference',
  'multi-session',
  'knowledge-update',
  'temporal-reasoning',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface LmeTurn {
  role: 'user' | 'assistant';
  content: string;
  has_answer?: boolean;
}

export interface LmeQuestion {
  question_id: string;
  question_type: QuestionType;
  question: string;
  answer: unknown;
  question_date: string;
  haystack_session_ids: string[];
  haystack_dates: string[];
  haystack_sessions: LmeTurn[][];
  answer_session_ids: string[];
}

/** The questions of a LongMemEval file, gzipped (.gz) or not. */
export function readLongMemEval(path: string): LmeQuestion[] {
  const raw = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  return JSON.parse(text) as LmeQuestion[];
}

/** A false-premise question (id ending in _abs): nothing in the history answers it. */
export function isAbstention(question: Pick<LmeQuestion, 'question_id'>): boolean {
  return question.question_id.endsWith('_abs');
}

const LME_DATE = /^(\d{4})\/(\d{2})\/(\d{2}) \(\w{3}\) (\d{2}):(\d{2})$/;

/** A LongMemEval date such as "2023/05/30 (Tue) 23:40", read as UTC, plus `minutes`, as an ISO 8601 instant. */
export function lmeInstant(date: string, minutes = 0): string {
  const [y, mo, d, h, mi] = lmeDateParts(date);
  return new Date(Date.UTC(y, mo - 1, d, h, mi) + minutes * 60_000).toISOString();
}

/** How a question's question_date is read as the moment it is asked (lmeAskedAt). */
export type LmeAskedBy = 'day' | 'minute';

/**
 * When a question is asked, read from its question_date: by its day, the last millisecond of it (UTC, as the turns
 * are stored), or by its minute. The data orders sessions against a question by day only: its gold answers come
 * from sessions dated later on the question's day than its time ("How long have I been living in my current
 * apartment?", asked at 08:39, is answered by a session of 20:50 that day), and no session is dated on a later day
 * (sessionsAfterQuestion counts both).
 */
export function lmeAskedAt(date: string, by: LmeAskedBy): string {
  if (by === 'minute') return lmeInstant(date);
  const [y, mo, d] = lmeDateParts(date);
  return new Date(Date.UTC(y, mo - 1, d + 1) - 1).toISOString();
}

/** The haystack sessions dated after their question's minute: later the same day, and on a later day. */
export function sessionsAfterQuestion(
  questions: readonly Pick<LmeQuestion, 'question_date' | 'haystack_dates'>[],
): { sessions: number; laterSameDay: number; laterDay: number } {
  const counts = { sessions: 0, laterSameDay: 0, laterDay: 0 };
  for (const q of questions) {
    const asked = lmeInstant(q.question_date);
    const endOfDay = lmeAskedAt(q.question_date, 'day');
    for (const date of q.haystack_dates) {
      const said = lmeInstant(date);
      counts.sessions++;
      if (said > endOfDay) counts.laterDay++;
      else if (said > asked) counts.laterSameDay++;
    }
  }
  return counts;
}

function lmeDateParts(date: string): [number, number, number, number, number] {
  const m = LME_DATE.exec(date.trim());
  if (!m) throw new Error(`not a LongMemEval date: "${date}"`);
  const [, y, mo, d, h, mi] = m.map(Number) as number[];
  return [y, mo, d, h, mi] as [number, number, number, number, number];
}

/** Distinct sessions of ranked memory ids, in order of first appearance; ids with no known session are skipped. */
export function rankedSessions(
  memoryIds: readonly string[],
  sessionOf: ReadonlyMap<string, string>,
): string[] {
  const out: string[] = [];
  for (const id of memoryIds) {
    const session = sessionOf.get(id);
    if (session !== undefined && !out.includes(session)) out.push(session);
  }
  return out;
}

/** Binary-relevance NDCG@k: DCG of the ranked list over the DCG of the min(k, |relevant|) relevant items first. */
export function ndcgAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  const gain = (i: number) => 1 / Math.log2(i + 2);
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    if (relevant.has(id)) dcg += gain(i);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += gain(i);
  return dcg / ideal;
}

/** 1 when any relevant id is among the first k, else 0. */
export function recallAnyAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return ranked.slice(0, k).some((id) => relevant.has(id)) ? 1 : 0;
}

/** 1 when every relevant id is among the first k, else 0 (0 for nothing relevant). */
export function recallAllAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  const first = new Set(ranked.slice(0, k));
  return [...relevant].every((id) => first.has(id)) ? 1 : 0;
}

export type Measure =
  | 'evidenceTurn'
  | 'evidenceShare'
  | 'ndcg10'
  | 'anyAt5'
  | 'anyAt10'
  | 'allAt5'
  | 'allAt10'
  | 'sessions';

export type Scores = Partial<Record<Measure, number>>;

/** Session measures of a ranked list of distinct sessions against the answer sessions. */
export function sessionScores(sessions: readonly string[], answerSessions: ReadonlySet<string>): Scores {
  return {
    ndcg10: ndcgAt(sessions, answerSessions, 10),
    anyAt5: recallAnyAt(sessions, answerSessions, 5),
    anyAt10: recallAnyAt(sessions, answerSessions, 10),
    allAt5: recallAllAt(sessions, answerSessions, 5),
    allAt10: recallAllAt(sessions, answerSessions, 10),
    sessions: sessions.length,
  };
}

/**
 * Turn and session measures of the first memories of a response (already cut to the first k, distinct, in
 * response order): an evidence turn among them (0/1), the share of evidence turns among them (evidence.ts's
 * evidenceRecall: found / all evidence turns), and the session measures of the sessions they come from.
 */
export function turnScores(
  firstMemories: readonly string[],
  evidence: readonly string[],
  sessionOf: ReadonlyMap<string, string>,
  answerSessions: ReadonlySet<string>,
): Scores {
  const found = new Set(firstMemories);
  return {
    evidenceTurn: evidence.some((e) => found.has(e)) ? 1 : 0,
    evidenceShare: evidenceRecall(evidence, found),
    ...sessionScores(rankedSessions(firstMemories, sessionOf), answerSessions),
  };
}

/** Per-question scores of one system, by question type; means per type or over all questions. */
export class LmeTally {
  private readonly rows: { type: string; scores: Scores }[] = [];

  add(type: string, scores: Scores): void {
    this.rows.push({ type, scores });
  }

  questions(type?: string): number {
    return this.rows.filter((r) => type === undefined || r.type === type).length;
  }

  /** Mean of a measure over the questions of a type (all when none), each question weighing the same; NaN if none. */
  mean(measure: Measure, type?: string): number {
    const values = this.values(measure, type);
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
  }

  /** Questions whose measure satisfies `test`. */
  count(measure: Measure, test: (value: number) => boolean, type?: string): number {
    return this.values(measure, type).filter(test).length;
  }

  private values(measure: Measure, type?: string): number[] {
    return this.rows
      .filter((r) => type === undefined || r.type === type)
      .flatMap((r) => (r.scores[measure] === undefined ? [] : [r.scores[measure] as number]));
  }
}

export const MEASURE_NAMES: Record<Measure, string> = {
  evidenceTurn: 'an evidence turn @10',
  evidenceShare: 'share of evidence turns @10',
  ndcg10: 'session NDCG@10',
  anyAt5: 'session recall_any@5',
  anyAt10: 'session recall_any@10',
  allAt5: 'session recall_all@5',
  allAt10: 'session recall_all@10',
  sessions: 'distinct sessions (mean)',
};

const SHORT_TYPE: Record<QuestionType, string> = {
  'single-session-user': 'ss-user',
  'single-session-assistant': 'ss-assistant',
  'single-session-preference': 'ss-preference',
  'multi-session': 'multi-session',
  'knowledge-update': 'knowledge-update',
  'temporal-reasoning': 'temporal',
};

/** Table rows "system | measure | per question type | overall" for format.table; measures a system lacks are left out. */
export function typeRows(systems: [string, LmeTally, readonly Measure[]][]): {
  header: string[];
  rows: string[][];
} {
  const first = systems[0]?.[1];
  const header = [
    'system',
    'measure',
    ...QUESTION_TYPES.map((t) => `${SHORT_TYPE[t]} (${first?.questions(t) ?? 0})`),
    `overall (${first?.questions() ?? 0})`,
  ];
  const fmt = (m: Measure, v: number) => (Number.isNaN(v) ? '-' : v.toFixed(m === 'sessions' ? 1 : 3));
  const rows = systems.flatMap(([name, tally, measures]) =>
    measures.map((m) => [
      name,
      MEASURE_NAMES[m],
      ...QUESTION_TYPES.map((t) => fmt(m, tally.mean(m, t))),
      fmt(m, tally.mean(m)),
    ]),
  );
  return { header, rows };
}

/** The API's limit on a memory's text (memoryInputSchema): the few longer turns are cut there, as a client must. */
export const MAX_TEXT_CHARS = 20_000;

export interface Haystack {
  memories: { id: string; text: string; speaker: string; ts: string; sessionId: string }[];
  /** Memory id to its session id. */
  sessionOf: Map<string, string>;
  /** Ids of the evidence turns (has_answer). */
  evidence: string[];
  /** Turns cut to MAX_TEXT_CHARS. */
  truncated: number;
}

/**
 * A question's haystack as memories: every turn with its session id, at its session's date plus a minute a turn,
 * its role as speaker, and an id `${prefix}/s${session index}/t${turn index}` (indexes, since a haystack may repeat
 * a session id).
 */
export function haystackMemories(question: LmeQuestion, prefix: string): Haystack {
  const haystack: Haystack = { memories: [], sessionOf: new Map(), evidence: [], truncated: 0 };
  question.haystack_sessions.forEach((turns, s) => {
    const sessionId = question.haystack_session_ids[s] as string;
    const date = question.haystack_dates[s] as string;
    turns.forEach((turn, t) => {
      const id = `${prefix}/s${s}/t${t}`;
      let text = turn.content.trim();
      if (text.length === 0) return;
      if (text.length > MAX_TEXT_CHARS) {
        text = text.slice(0, MAX_TEXT_CHARS);
        haystack.truncated++;
      }
      haystack.memories.push({ id, text, speaker: turn.role, ts: lmeInstant(date, t), sessionId });
      haystack.sessionOf.set(id, sessionId);
      if (turn.has_answer) haystack.evidence.push(id);
    });
  });
  return haystack;
}
