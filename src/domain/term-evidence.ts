import type { QueryEntities } from './lucene.js';

/**
 * Lexical evidence of a query, term by term: which hits hold which query terms, how rare each term is in the
 * group, and from that two numbers per hit.
 *
 * `bm25` is a BM25 with the group's own term statistics, good for ranking. Lucene's idf comes from the full-text
 * index that every group shares, so a speaker's name that is rare in the database but in every other turn of this
 * group would outweigh the words that tell turns apart, and one group's ranking would move with other groups' data.
 *
 * `coverage` is the share of the query's information the hit holds, each term weighted by its rarity in the group:
 * a fixed 0..1 scale whatever the query, so 0.6 means the same thing for every question, and a question about
 * things the group never mentioned scores near 0 on every hit.
 */

/** One query term as recall/lexical-search.cypher weighed it in one group. */
export interface TermStat {
  term: string;
  /** How many of the group's memories hold it (graph/term-stats.ts; for a name searched by its spellings, a bound). */
  memoryCount: number;
  /** Whether any of the group's texts, memory or summary, holds it. */
  found: boolean;
}

/** One full-text hit of a query in one group (from recall/lexical-search.cypher). */
export interface LexicalHit {
  id: string;
  level: string;
  decay: number;
  /** In the period the query names, if it names one. */
  inPeriod?: boolean;
  /** Per query term held, its Lucene score over the term's best in the group, times its idf in the group, summed. */
  bm25: number;
  /** The query terms it holds (domain/term-keys.ts termsHeld). */
  terms: Iterable<string>;
  /** Who said it, for a memory; null for a summary. */
  speaker?: string | null;
  /** The session of a memory that has one; null for a summary. */
  sessionId?: string | null;
}

export interface LexicalEvidence {
  id: string;
  level: string;
  decay: number;
  /** In the period the query names, if it names one. */
  inPeriod: boolean;
  /** Per query term held: its Lucene score relative to the term's best hit (the tf part), times its idf in the group. */
  bm25: number;
  /** The query terms the hit holds. */
  terms: Set<string>;
  /** Who said it, for a memory; null for a summary. */
  speaker: string | null;
  /** The session of a memory that has one; null for a summary. */
  sessionId: string | null;
}

/** BM25's inverse document frequency, highest for a term the group never uses (lexicalEvidence weighs those apart). */
export function idf(documentCount: number, memoryCount: number): number {
  const n = Math.max(documentCount, memoryCount);
  return Math.log(1 + (n - memoryCount + 0.5) / (memoryCount + 0.5));
}

/**
 * How many times its idf a name weighs when the group never mentions it. A rare word the group does use is nearly
 * as rare as one it never uses, so by idf alone "When is Maria's daughter's birthday?" is two-thirds covered by
 * a group that talks about a daughter's birthday but has never heard of Maria. A question about someone or
 * something the group does not know has no answer in it, whatever else matches. A request for advice is not such a
 * question (domain/asker.ts asksForAdvice): recall weighs its unheard names as words.
 */
export const ABSENT_NAME_WEIGHT = 3;

/**
 * How many times its idf a plain word weighs when the group never uses it (a word that is neither a name nor a
 * date). Such a word is more often the asker's wording than the subject: people ask in other words than they
 * told ("Would Caroline likely pursue writing?", "What activities does Melanie partake in?" of a group that says
 * "write" and "pottery"), so at its full idf, the most any word weighs, it would hold a question the group can
 * answer under the floor. A name cannot be said in other words, which is why an absent name weighs more, not less.
 */
export const ABSENT_WORD_WEIGHT = 0.5;

/**
 * Per-term weights and per-hit evidence. A term weighs its idf in the group, except the query's words that no
 * text of the group holds: a name the group never mentions weighs ABSENT_NAME_WEIGHT times that, such a date
 * nothing, as messages seldom write out their own date ("What did Gina find on 1 February, 2023?" asks about a
 * day, which recall knows from the messages' times, not from their words), and any other such word
 * ABSENT_WORD_WEIGHT times its idf.
 */
export function lexicalEvidence(
  terms: TermStat[],
  lexicalHits: LexicalHit[],
  groupMemories: number,
  entities: QueryEntities = { names: new Set(), dates: new Set() },
): { weights: Map<string, number>; hits: Map<string, LexicalEvidence> } {
  const weights = new Map<string, number>();
  for (const { term, memoryCount, found } of terms) {
    const groupIdf = idf(groupMemories, memoryCount);
    const unheard = memoryCount === 0 && !found;
    const weight = !unheard
      ? groupIdf
      : entities.names.has(term)
        ? groupIdf * ABSENT_NAME_WEIGHT
        : entities.dates.has(term)
          ? 0
          : groupIdf * ABSENT_WORD_WEIGHT;
    weights.set(term, weight);
  }
  const hits = new Map<string, LexicalEvidence>();
  for (const hit of lexicalHits) {
    hits.set(hit.id, {
      id: hit.id,
      level: hit.level,
      decay: hit.decay,
      inPeriod: hit.inPeriod === true,
      bm25: hit.bm25,
      terms: new Set(hit.terms),
      speaker: hit.speaker ?? null,
      sessionId: hit.sessionId ?? null,
    });
  }
  return { weights, hits };
}

/** Share of the query's term weight that `terms` hold, 0..1. */
export function coverage(terms: Iterable<string>, weights: Map<string, number>): number {
  let total = 0;
  for (const w of weights.values()) total += w;
  if (total <= 0) return 0;
  let held = 0;
  for (const term of terms instanceof Set ? terms : new Set(terms)) held += weights.get(term) ?? 0;
  return Math.min(1, held / total);
}

/**
 * Whether a turn asks something, wherever in it the question sits: people ask at the end of a turn ("Which team
 * did you sign with?") as often as before going on ("What did you paint? I'd love to see it!"), and either way
 * the reply is the turn that answers. A "?" that runs on into a word, "=" or "&" is a web address's query, not a
 * question.
 */
export function asksQuestion(text: string): boolean {
  return /\?(?![\p{L}\p{N}_=&])/u.test(text);
}

/**
 * Whether a turn that asks something leaves the answer to its reply: a short turn that asks does (a chat line,
 * "Wow, congrats! Which team did you sign with?"), and a longer one when the query's words it holds sit in what it
 * asks rather than in what it tells. "I planted 5 tomato plants this spring and the leaves are curling. What can I
 * do about the heat?" tells the answer to "How many tomato plants did I plant?" itself, and its reply (advice on
 * heat) would take a place in the first k that the next hit deserves. Each query term weighs `weights`; a term counts
 * for a sentence when one of its words has the term's stem (a light one: plurals, -ing, -ed).
 */
export function asksAbout(text: string, weights: Map<string, number>): boolean {
  if (!asksQuestion(text)) return false;
  if (text.length < SHORT_TURN) return true;
  let asked = 0;
  let told = 0;
  for (const sentence of text.split(SENTENCE_END)) {
    const stems = new Set((sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(lightStem));
    const question = asksQuestion(sentence);
    for (const [term, weight] of weights) {
      if (!stems.has(lightStem(term))) continue;
      if (question) asked += weight;
      else told += weight;
    }
  }
  return asked > 0 && asked >= told;
}

/**
 * Characters under which a turn that asks leaves the answer to its reply, whatever it tells: a chat line. A user's
 * request to an assistant, which states its facts before it asks, runs longer (LongMemEval's user turns: 170 to
 * 400 characters; LoCoMo's chat lines mostly under 150).
 */
export const SHORT_TURN = 150;

/** Where a sentence ends: after its mark, before the next one's first word. */
const SENTENCE_END = /(?<=[.!?])\s+/u;

/** A word without its plural or verb ending, enough to tell "plants" and "planted" are "plant". */
function lightStem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(?:ies|es|s|ing|ed|ly)$/u, '');
}

/**
 * How much a hit's session counts for it (sessionEvidence): a turn in a session that says more of what the query
 * asks is likelier to be part of the answer, as when a question's evidence is spread over a conversation. Asked
 * LongMemEval's dev questions in kept groups, 0.25 found an evidence turn among the first 10 memories for 0.894 of
 * them (0.872 without, 0.883 at 0.5 and at 1); LoCoMo's dev recall@10 was 0.741 (0.732 without, 0.738 at 0.5).
 * Each set of figures comes from one database state: the same code moved by up to 0.01 with what else the full-text
 * index held (its length statistics are index-wide; memories are now scored by their group's: domain/group-bm25.ts),
 * so only figures of one state compare.
 */
export const SESSION_SHARE = 0.25;

/** BM25's k1: how soon more hits of a term in one session stop counting for more. */
const SESSION_SATURATION = 1.2;

/**
 * Each session's evidence, from the memory hits in it: the session read as one document, each query term counting
 * its weight times a saturating count of the session's hits that hold it (BM25's term-frequency part, 1 for one
 * hit). Read from the search's hits alone, so a session counts what its best-matching turns say. Memories stored
 * without a session have none.
 */
export function sessionEvidence(
  hits: Iterable<LexicalEvidence>,
  weights: Map<string, number>,
): Map<string, number> {
  const held = new Map<string, Map<string, number>>();
  for (const hit of hits) {
    if (hit.level !== 'memory' || !hit.sessionId) continue;
    const terms = held.get(hit.sessionId) ?? new Map<string, number>();
    for (const term of hit.terms) terms.set(term, (terms.get(term) ?? 0) + 1);
    held.set(hit.sessionId, terms);
  }
  const evidence = new Map<string, number>();
  for (const [session, terms] of held) {
    let score = 0;
    for (const [term, count] of terms) {
      const saturated = (count * (SESSION_SATURATION + 1)) / (count + SESSION_SATURATION);
      score += (weights.get(term) ?? 0) * saturated;
    }
    evidence.set(session, score);
  }
  return evidence;
}

/** How much a neighbouring turn's evidence counts for a turn: the answer often sits in the turn after a question. */
export const NEIGHBOUR_SHARE = 0.5;

/**
 * A turn scored with its neighbours in the conversation: its own bm25 plus a share of theirs, and its coverage
 * with the terms only its neighbours hold counted at that share. "Which team did you sign with?" then lifts the
 * reply "The Minnesota Wolves", and a reply lifts the question that gives it its subject.
 */
export function windowEvidence(
  own: LexicalEvidence | undefined,
  neighbours: (LexicalEvidence | undefined)[],
  weights: Map<string, number>,
): { bm25: number; coverage: number } {
  const ownTerms = own?.terms ?? NO_TERMS;
  // Most hits have no neighbours known (only the context candidates do): one pass, and no lists built for them.
  let neighbourBm25 = 0;
  const theirs = new Set<string>();
  for (const neighbour of neighbours) {
    if (!neighbour) continue;
    neighbourBm25 = Math.max(neighbourBm25, neighbour.bm25);
    for (const term of neighbour.terms) if (!ownTerms.has(term)) theirs.add(term);
  }
  const bm25 = (own?.bm25 ?? 0) + NEIGHBOUR_SHARE * neighbourBm25;
  const ownCoverage = coverage(ownTerms, weights);
  return {
    bm25,
    coverage: Math.min(1, ownCoverage + (theirs.size > 0 ? NEIGHBOUR_SHARE * coverage(theirs, weights) : 0)),
  };
}

const NO_TERMS: ReadonlySet<string> = new Set();
