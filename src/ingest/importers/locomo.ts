import { readFile } from 'node:fs/promises';
import type { MemoryInput } from '../../domain/memory.js';
import { monthIndex } from '../../domain/named-period.js';

/** One LoCoMo sample: a long two-person conversation and the questions asked about it. */
export interface LocomoConversation {
  sampleId: string;
  speakers: [string, string];
  memories: MemoryInput[];
  questions: LocomoQuestion[];
  /** The dataset's own summary of each session, by session number, where it has them (`session_summary`). */
  sessionSummaries?: Record<number, string>;
}

export interface LocomoQuestion {
  question: string;
  /** Empty for category 5 (adversarial): the conversation holds no answer. */
  answer: string;
  /** Dialogue ids such as "D1:3", cleaned of the dataset's few malformed entries. */
  evidence: string[];
  /** 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
  category: number;
  /** For category 5: the plausible but unsupported answer a model should not give. */
  adversarialAnswer?: string;
}

export interface LocomoOptions {
  /** Names that replace speaker_a and speaker_b, in texts' speaker fields and the speakers pair. */
  renameSpeakers?: [string, string];
}

const LOCOMO_DATE = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i;

/**
 * "1:56 pm on 8 May, 2023" -> 2023-05-08T13:56:00Z. The dataset gives wall-clock times with no
 * zone; reading them as UTC keeps every session on the calendar day the dataset names.
 */
export function parseLocomoDate(s: string): Date {
  const m = LOCOMO_DATE.exec(s);
  if (!m) throw new Error(`not a LoCoMo date-time: "${s}" (expected e.g. "1:56 pm on 8 May, 2023")`);
  const [, hh, mm, ampm, dd, monthName, yyyy] = m as unknown as string[];
  const hour12 = Number(hh);
  const minute = Number(mm);
  const day = Number(dd);
  const month = monthIndex(monthName);
  if (hour12 < 1 || hour12 > 12 || minute > 59 || month < 0) {
    throw new Error(`not a LoCoMo date-time: "${s}"`);
  }
  // 12 am is midnight and 12 pm is noon.
  const hour = (hour12 % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
  const date = new Date(Date.UTC(Number(yyyy), month, day, hour, minute));
  if (date.getUTCDate() !== day) throw new Error(`not a calendar date: "${s}"`);
  return date;
}

/** Turns the parsed LoCoMo JSON (an array of samples) into memories and questions, one entry per sample. */
export function locomoConversations(data: unknown, options: LocomoOptions = {}): LocomoConversation[] {
  if (!Array.isArray(data)) throw new Error('LoCoMo data must be a JSON array of samples');
  return data.map((sample, index) => toConversation(sample, index, options));
}

/** Reads and converts a LoCoMo file, e.g. ../shared/bench/locomo/locomo-dev.json. */
export async function readLocomoFile(
  path: string,
  options: LocomoOptions = {},
): Promise<LocomoConversation[]> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new Error(
        `LoCoMo file not found: ${path} (the dataset is expected at ../shared/bench/locomo/locomo-dev.json relative to the project root)`,
      );
    }
    throw err;
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (err) {
    throw new Error(`LoCoMo file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  return locomoConversations(data, options);
}

interface RawTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

interface RawQuestion {
  question: string;
  answer?: string | number;
  evidence?: string[];
  category: number;
  adversarial_answer?: string;
}

function toConversation(sample: unknown, index: number, options: LocomoOptions): LocomoConversation {
  const s = sample as {
    sample_id?: unknown;
    conversation?: Record<string, unknown>;
    qa?: unknown;
    session_summary?: unknown;
  };
  if (typeof s?.sample_id !== 'string' || typeof s.conversation !== 'object' || s.conversation === null) {
    throw new Error(`LoCoMo sample ${index} has no sample_id or conversation`);
  }
  const sampleId = s.sample_id;
  const conv = s.conversation;
  const original: [string, string] = [String(conv.speaker_a), String(conv.speaker_b)];
  const speakers = options.renameSpeakers ?? original;
  const rename = new Map([
    [original[0], speakers[0]],
    [original[1], speakers[1]],
  ]);

  // Some samples list date-times for sessions that have no turns; only sessions with turns count.
  const sessionNumbers = Object.keys(conv)
    .map((key) => /^session_(\d+)$/.exec(key)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);

  const memories: MemoryInput[] = [];
  for (const n of sessionNumbers) {
    const turns = conv[`session_${n}`] as RawTurn[];
    const when = conv[`session_${n}_date_time`];
    if (typeof when !== 'string') throw new Error(`LoCoMo ${sampleId}: session_${n} has no date-time`);
    const start = parseLocomoDate(when).getTime();
    turns.forEach((turn, i) => {
      // Turns are one minute apart so the order within a session survives sorting by time.
      const ts = new Date(start + i * 60_000).toISOString();
      const caption = turn.blip_caption?.trim();
      memories.push({
        id: `locomo-${sampleId}-${turn.dia_id}`,
        text: caption ? `${turn.text} [shared image: ${caption}]` : turn.text,
        speaker: rename.get(turn.speaker) ?? turn.speaker,
        ts,
        sessionId: `${sampleId}-session_${n}`,
        meta: { diaId: turn.dia_id, session: n },
      });
    });
  }

  const questions = (Array.isArray(s.qa) ? (s.qa as RawQuestion[]) : []).map((q) => ({
    question: q.question,
    answer: q.answer === undefined ? '' : String(q.answer),
    evidence: cleanEvidence(q.evidence ?? []),
    category: q.category,
    ...(q.adversarial_answer !== undefined ? { adversarialAnswer: String(q.adversarial_answer) } : {}),
  }));

  const sessionSummaries = readSessionSummaries(s.session_summary);
  return {
    sampleId,
    speakers: [speakers[0], speakers[1]],
    memories,
    questions,
    ...(sessionSummaries ? { sessionSummaries } : {}),
  };
}

/** `{"session_1_summary": "..."}` to `{1: "..."}`; undefined when the sample has none. */
function readSessionSummaries(raw: unknown): Record<number, string> | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const out: Record<number, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const n = /^session_(\d+)_summary$/.exec(key)?.[1];
    if (n !== undefined && typeof value === 'string') out[Number(n)] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A few evidence entries hold two ids ("D8:6; D9:17") or stray text; keep only well-formed dialogue ids. */
export function cleanEvidence(evidence: string[]): string[] {
  return evidence.flatMap((e) => String(e).split(/[;,\s]+/)).filter((e) => /^D\d+:\d+$/.test(e));
}
