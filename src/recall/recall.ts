import type { Embedder } from '../ai/embeddings/index.js';
import type { Config } from '../config.js';
import {
  type AskedAbout,
  askedAbout,
  asksForAdvice,
  isAssistant,
  speakerWeight,
  withoutRequestWords,
} from '../domain/asker.js';
import type { EntityRecord } from '../domain/entity-shapes.js';
import { RECALL_LEVELS, type RecallLevel } from '../domain/levels.js';
import { queryEntities, queryTerms } from '../domain/lucene.js';
import { type EntityTerm, entityTerms, type NamedEntity, namedEntities } from '../domain/named-entities.js';
import { type NamedPeriod, namedPeriod } from '../domain/named-period.js';
import { type Candidate, rankCandidates } from '../domain/ranking.js';
import {
  type RecallDetail,
  type RecallItem,
  type RecallRequest,
  type RecallResponse,
  toAsOfWindow,
  vectorPlan,
} from '../domain/recall.js';
import { namesRelativePeriod, relativePeriod } from '../domain/relative-period.js';
import { type SummaryDetails, summaryDetails } from '../domain/summary-details.js';
import {
  asksAbout,
  asksQuestion,
  type LexicalEvidence,
  lexicalEvidence,
  SESSION_SHARE,
  sessionEvidence,
  windowEvidence,
} from '../domain/term-evidence.js';
import { type AskedTerm, askedName, askedWord, keyWords, termsHeld } from '../domain/term-keys.js';
import type {
  ExpandedHit,
  LexicalSearch,
  MemoryContext,
  RankedHit,
  RecallStore,
  SearchHit,
  SearchScope,
  Turn,
} from '../graph/recall.js';
import { vectorSearch } from './vector-search.js';

export interface RecallDeps {
  repo: RecallStore;
  embedder: Embedder;
  settings: RecallSettings;
  /** The clock a question without `asOf` is asked on. */
  now?: () => Date;
}

/** How a caller other than a client uses recall. */
export interface RecallOptions {
  /**
   * Bring the reply under every hit that asks, not only where it leaves the answer to it: for the context block,
   * whose budget is tokens packed by value rather than k, so a reply costs no other hit its place.
   */
  everyReply?: boolean;
}

export interface RecallSettings {
  /** How much each ranked list counts in the fusion. */
  listWeights: Config['recall']['listWeights'];
  /** Fusion by rank or by normalised score (domain/fusion.ts). */
  fusion: Config['recall']['fusion'];
  /** The relevance floor when a request names none. */
  minRelevance: number;
  /**
   * Maps a vector similarity to relevance for embedders whose similarity says whether a text answers; null for the
   * hashing embedder, whose similarity is only word overlap (the lexical evidence already counts that, with
   * weights), and for the glove embedder, whose similarities to an answer and to the best of nothing overlap.
   */
  vectorRelevance: ((similarity: number) => number) | null;
  /** Turns further apart than this (or in other sessions) are not neighbours. */
  turnGapMinutes: number;
  /** The texts the full-text search ranks and returns (RECALL_SEARCH_CANDIDATES; config.ts says what it trades). */
  searchCandidates: number;
  /** Hits a term's weight is counted from while the group's statistics are being taken (RECALL_TERM_CANDIDATES). */
  termCandidates: number;
  /** Memory candidates whose context the search reads (RECALL_CONTEXT_CANDIDATES). */
  contextCandidates: number;
}

/** How many times its texts the search ranks when the query names a period (searchCandidates). */
const PERIOD_CANDIDATES_FACTOR = 3;

/** The group's entities read whose names share a word with the query, of which it may name a few. */
const NAMED_CANDIDATES = 20;

/**
 * How much a hit in the period the query names ("on 3 June, 2023") counts over one outside it: messages carry their
 * day in their time, not their words, so the date can only rank.
 */
const NAMED_PERIOD_BOOST = 2;

/**
 * How many memories the walk down from a summary reads when the candidates beneath it are too few for its details:
 * a bound on what one hit costs, whatever its level.
 */
const DETAIL_SCAN = 200;

/**
 * Recall, in the shape of a graph retriever: search (each query term through the full-text index, with the best
 * memory candidates' context in the same round trip; the vector indexes where the embedder's vectors mean
 * something: domain/recall.ts vectorPlan), score every memory with its neighbouring turns, fuse and re-rank by
 * decay, drop what is below the relevance floor, then one Cypher expansion of the ranked hits down SUMMARIZES and
 * along NEXT_PERIOD (skipped when the search returned every hit whole).
 */
export async function recall(
  deps: RecallDeps,
  groupId: string,
  request: RecallRequest,
  options: RecallOptions = {},
): Promise<RecallResponse> {
  const started = performance.now();
  const scope: SearchScope = { groupId, ...toAsOfWindow(request.from, request.to, request.asOf) };
  const levels = request.levels ?? [...RECALL_LEVELS];
  const pool = Math.max(request.k * 3, 30);
  // A request for advice is searched for what it is about, and answered from what informs it (domain/asker.ts).
  const advice = asksForAdvice(request.query);
  const queried = queryTerms(request.query);
  const words = advice ? withoutRequestWords(queried) : queried;
  const terms = request.mode === 'vector' ? [] : words;
  const minScore = request.minScore ?? deps.settings.minRelevance;
  const [vector, period] = await Promise.all([
    deps.embedder.embeddings.embedQuery(request.query),
    terms.length > 0 ? queryPeriod(deps, groupId, request) : null,
  ]);
  const vectors = vectorPlan(request.mode, terms.length > 0, deps.embedder.semantic, minScore);
  const [{ lexical, named, byName }, indexHits] = await Promise.all([
    searchNamed(deps, scope, levels, request.query, terms, words, {
      candidates: searchCandidates(deps.settings, pool, period !== null),
      perTerm: deps.settings.termCandidates,
      period,
      contextCandidates: deps.settings.contextCandidates,
      gapMinutes: deps.settings.turnGapMinutes,
    }),
    vectors === 'index' ? vectorSearch(deps, scope, levels, { vector, words }, pool) : Promise.resolve([]),
  ]);
  const asked = queryEntities(request.query);
  // A name the group never heard does not void a request for advice.
  if (advice) asked.names.clear();
  for (const term of byName.matches.keys()) asked.names.add(term);
  const evidence = lexicalEvidence(lexical.terms, lexical.hits, lexical.groupMemories, asked);
  // Nothing in full text: the vector index is all there is to rank (for a caller who asked for minScore 0).
  const vectorHits =
    vectors === 'index-if-no-lexical-hits' && evidence.hits.size === 0
      ? await vectorSearch(deps, scope, levels, { vector, words }, pool)
      : indexHits;
  const context = contextByBm25(lexical.context, evidence.hits);
  const about = askedAbout(request.query);
  const turnEvidence = (turn: Turn) => evidence.hits.get(turn.id) ?? turnOutsideHits(turn, byName.asked);
  const candidates = toCandidates(evidence, context, turnEvidence, vectorHits, {
    vectorRelevance: deps.settings.vectorRelevance,
    about,
  });
  const ranked = rankCandidates(candidates, {
    k: request.k,
    minRelevance: minScore,
    listWeights: deps.settings.listWeights,
    fusion: deps.settings.fusion,
  });
  const turns = new Map(lexical.turns.map((t) => [t.id, t]));
  const byId = await expandRanked(deps.repo, scope, ranked, { context, turns }, request.expand, vector);
  const items = ranked.flatMap((r) => {
    const hit = byId.get(r.id);
    // A hit archived or deleted between search and expansion is dropped rather than returned half-filled.
    if (!hit) return [];
    const details =
      hit.kind === 'memory' ? neighbourTurns(hit, context, evidence, request, about, options) : hit.details;
    return [toItem(hit, r.score, r.scoreParts, details)];
  });
  return {
    query: request.query,
    k: request.k,
    items,
    minScore,
    abstained: items.length === 0 && minScore > 0,
    entities: named.map((n) => n.entity),
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

/**
 * The period the query names: a date written out, else an expression relative to when it is asked ("last Saturday",
 * "two weeks ago"), read on the group's calendar.
 */
async function queryPeriod(
  deps: Pick<RecallDeps, 'repo' | 'now'>,
  groupId: string,
  request: RecallRequest,
): Promise<NamedPeriod | null> {
  const written = namedPeriod(request.query);
  if (written || !namesRelativePeriod(request.query)) return written;
  const asOf = request.asOf ? new Date(request.asOf) : (deps.now?.() ?? new Date());
  const zone = (await deps.repo.groupTimeZone(groupId)) ?? 'UTC';
  return relativePeriod(request.query, asOf, zone);
}

type SearchOptions = Parameters<RecallStore['lexicalSearch']>[3];

/**
 * The full-text search of the query's terms, with the names the query gives asked by every spelling of the entity
 * they name (withEntityTerms), and the entities it names. The entities are looked up in the search's own round
 * trip, so the search asks on a guess, made from the entities of the group that lookups found lately; when the
 * entities found say otherwise, it searches again as they say. A query not searched in full text (vector mode)
 * looks its entities up alone.
 */
async function searchNamed(
  deps: Pick<RecallDeps, 'repo'>,
  scope: SearchScope,
  levels: RecallLevel[],
  query: string,
  terms: string[],
  words: string[],
  options: Omit<SearchOptions, 'matches' | 'entities'>,
): Promise<{
  lexical: LexicalSearch;
  named: NamedEntity<EntityRecord>[];
  byName: ReturnType<typeof withEntityTerms>;
}> {
  if (terms.length === 0) {
    const candidates = words.length > 0 ? await deps.repo.entitiesNamed(scope, words, NAMED_CANDIDATES) : [];
    const named = namedEntities(query, candidates);
    const lexical = { terms: [], hits: [], groupMemories: 0, context: [], turns: [], entities: candidates };
    return { lexical, named, byName: withEntityTerms(terms, entityTerms(named)) };
  }
  const guessed = entityTerms(namedEntities(query, deps.repo.entitiesSeen(scope.groupId, keyWords(query))));
  const guess = withEntityTerms(terms, guessed);
  const lexical = await deps.repo.lexicalSearch(scope, levels, guess.asked, {
    ...options,
    matches: guess.matches,
    entities: { words, limit: NAMED_CANDIDATES },
  });
  const named = namedEntities(query, lexical.entities);
  const found = entityTerms(named);
  if (sameEntityTerms(found, guessed)) return { lexical, named, byName: guess };
  const byName = withEntityTerms(terms, found);
  const again = await deps.repo.lexicalSearch(scope, levels, byName.asked, {
    ...options,
    matches: byName.matches,
  });
  return { lexical: again, named, byName };
}

/** Whether two lists of entity terms ask the same, in the same order (the order the search sums scores in). */
function sameEntityTerms(a: EntityTerm[], b: EntityTerm[]): boolean {
  return a.length === b.length && a.every((t, i) => JSON.stringify(t) === JSON.stringify(b[i]));
}

/**
 * The query's terms as the search asks them (domain/term-keys.ts), with the words that name one of the group's
 * entities asked as one term, by every spelling of it (domain/named-entities.ts): `matches` maps each such term to
 * its Lucene expression.
 */
function withEntityTerms(
  terms: string[],
  entityTerms: EntityTerm[],
): { asked: AskedTerm[]; matches: Map<string, string> } {
  const replaced = new Set(entityTerms.flatMap((t) => t.replaces));
  return {
    asked: [
      ...terms.filter((t) => !replaced.has(t)).map(askedWord),
      ...entityTerms.map((t) => askedName(t.term, t.spellings)),
    ],
    matches: new Map(entityTerms.map((t) => [t.term, t.match])),
  };
}

/**
 * The texts the search ranks: the setting's, and never fewer than the ranking's pool or the context candidates;
 * more when the query names a period, as a hit in it counts NAMED_PERIOD_BOOST times its score and may come from
 * further down.
 */
function searchCandidates(settings: RecallSettings, pool: number, namesPeriod: boolean): number {
  const wanted = Math.max(settings.searchCandidates, pool, settings.contextCandidates);
  return namesPeriod ? wanted * PERIOD_CANDIDATES_FACTOR : wanted;
}

/**
 * A turn beside a candidate that the search did not return: the query terms it holds, told from its text, and no
 * score of its own, as it ranked below every hit returned.
 */
function turnOutsideHits(turn: Turn, asked: AskedTerm[]): LexicalEvidence {
  return {
    id: turn.id,
    level: 'memory',
    decay: 1,
    inPeriod: false,
    bm25: 0,
    terms: new Set(termsHeld(asked, turn.text, turn.speaker)),
    speaker: turn.speaker,
    sessionId: null,
  };
}

type ContextById = Map<string, MemoryContext>;

/**
 * Every ranked hit whole, by id. A memory the full-text search returned is (its own fields came with it); the rest
 * (summaries, eras, memories only the vector search found) are read in one expansion, skipped when there are none.
 */
async function expandRanked(
  repo: RecallStore,
  scope: SearchScope,
  ranked: { id: string; kind: string }[],
  { context, turns }: { context: ContextById; turns: Map<string, Turn> },
  expand: RecallRequest['expand'],
  vector: number[],
): Promise<Map<string, ExpandedHit>> {
  // The context map keeps the candidates' order: best first. Finding a summary's details upwards from the
  // candidates costs a few hops each instead of a walk down through every memory of a month, and is read only
  // when a summary or era ranks.
  const summaries = ranked.filter((r) => r.kind !== 'memory').map((r) => r.id);
  const above =
    expand.down && summaries.length > 0 ? await repo.pathsAbove(scope.groupId, [...context.keys()]) : null;
  const beneath = above
    ? summaryDetails(
        summaries,
        [...context.keys()].map((id) => ({ id, above: above.get(id) ?? [] })),
        new Set(ranked.filter((r) => r.kind === 'memory').map((r) => r.id)),
        expand.perSummary,
      )
    : new Map<string, SummaryDetails>();
  const toExpand = ranked.filter((r) => r.kind !== 'memory' || !turns.has(r.id));
  const expanded = await repo.expand(
    scope,
    toExpand.map((r): RankedHit => {
      const details = beneath.get(r.id) ?? { known: [], candidates: 0 };
      const wanted = r.kind === 'memory' || !expand.down ? 0 : expand.perSummary;
      return { id: r.id, known: details.known, fill: Math.max(0, wanted - details.candidates) };
    }),
    { vector, scan: DETAIL_SCAN, sideways: expand.sideways },
  );
  const byId = new Map<string, ExpandedHit>(expanded.map((e) => [e.id, e]));
  for (const r of ranked) {
    const memory = turns.get(r.id);
    if (memory && !byId.has(r.id)) byId.set(r.id, asExpandedMemory(memory));
  }
  return byId;
}

/** The best memory candidates' context by id, best first (by their own bm25, ties by id). */
function contextByBm25(context: MemoryContext[], hits: Map<string, LexicalEvidence>): ContextById {
  const bm25 = (id: string) => hits.get(id)?.bm25 ?? 0;
  const best = [...context].sort(
    (a, b) => bm25(b.id) - bm25(a.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return new Map(best.map((c) => [c.id, c]));
}

function asExpandedMemory(memory: Turn): ExpandedHit {
  const { id, text, speaker, ts } = memory;
  return {
    id,
    kind: 'memory',
    level: 'memory',
    text,
    speaker,
    ts,
    periodStart: null,
    periodEnd: null,
    details: [],
    neighbours: [],
  };
}

/**
 * One candidate per hit. A memory's lexical score and relevance are those of its window (itself and its
 * neighbouring turns), its score with a share of its session's evidence (domain/term-evidence.ts sessionEvidence); a
 * summary's are its own. An assistant's turn keeps a share of its lexical score when the query asks about its asker
 * (domain/asker.ts), and all of its relevance: it still holds the words. The vector list adds similarity, and
 * relevance where the embedder's similarity means something.
 */
function toCandidates(
  evidence: ReturnType<typeof lexicalEvidence>,
  context: ContextById,
  turnEvidence: (turn: Turn) => LexicalEvidence,
  vectorHits: SearchHit[],
  { vectorRelevance, about }: { vectorRelevance: RecallSettings['vectorRelevance']; about: AskedAbout },
): Candidate[] {
  const byId = new Map<string, Candidate>();
  const sessions = sessionEvidence(evidence.hits.values(), evidence.weights);
  for (const hit of evidence.hits.values()) {
    const around = context.get(hit.id);
    const window = around
      ? windowEvidence(
          hit,
          [around.previous[0], around.next[0]].map((t) => (t ? turnEvidence(t) : undefined)),
          evidence.weights,
        )
      : windowEvidence(hit, [], evidence.weights);
    byId.set(hit.id, {
      id: hit.id,
      kind: kindOf(hit.level),
      level: hit.level as RecallLevel,
      vectorScore: null,
      lexicalScore:
        (window.bm25 + SESSION_SHARE * (hit.sessionId ? (sessions.get(hit.sessionId) ?? 0) : 0)) *
        (hit.inPeriod ? NAMED_PERIOD_BOOST : 1) *
        speakerWeight(about, hit.speaker),
      decay: hit.decay,
      relevance: window.coverage,
    });
  }
  for (const hit of vectorHits) {
    const candidate = byId.get(hit.id) ?? {
      id: hit.id,
      kind: kindOf(hit.level),
      level: hit.level as RecallLevel,
      vectorScore: null,
      lexicalScore: null,
      decay: hit.decay,
      relevance: 0,
    };
    candidate.vectorScore = Math.max(candidate.vectorScore ?? hit.score, hit.score);
    if (vectorRelevance) candidate.relevance = Math.max(candidate.relevance ?? 0, vectorRelevance(hit.score));
    byId.set(hit.id, candidate);
  }
  return [...byId.values()];
}

function kindOf(level: string): Candidate['kind'] {
  return level === 'memory' ? 'memory' : level === 'era' ? 'era' : 'summary';
}

/**
 * The turns to show under a memory hit that asks a question and leaves the answer to its reply
 * (domain/term-evidence.ts asksAbout), or whose reply is an assistant's when the query asks what the assistant said
 * (domain/asker.ts): its reply first (the answer is usually the next turn), then the turn before it. A statement
 * stands alone: the turns around it hold the query's words no more often than other turns do, and a slot in the
 * first k is better spent on the next hit. An assistant's turn never comes when the query asks about its asker: it
 * repeats what the asker's turn holds.
 */
function neighbourTurns(
  hit: ExpandedHit,
  context: ContextById,
  { hits: evidence, weights }: ReturnType<typeof lexicalEvidence>,
  request: RecallRequest,
  about: AskedAbout,
  { everyReply = false }: RecallOptions,
): RecallDetail[] {
  const found = context.get(hit.id);
  if (!found || request.expand.turns === 0) return [];
  const asks = everyReply ? asksQuestion(hit.text) : asksAbout(hit.text, weights);
  const reply = found.next[0];
  const assistantReplied =
    about === 'assistant' && reply !== undefined && isAssistant(reply.speaker) && !isAssistant(hit.speaker);
  if (!asks && !assistantReplied) return [];
  const around = [found.next[0], found.previous[0]].filter(
    (t): t is Turn => t !== undefined && !(about === 'asker' && isAssistant(t.speaker)),
  );
  return around.slice(0, request.expand.turns).map((t) => ({
    id: t.id,
    text: t.text,
    speaker: t.speaker,
    ts: t.ts,
    score: evidence.get(t.id)?.bm25 ?? 0,
    path: [hit.id, t.id],
  }));
}

function toItem(
  hit: ExpandedHit,
  score: number,
  scoreParts: RecallItem['scoreParts'],
  details: RecallDetail[],
): RecallItem {
  return {
    id: hit.id,
    kind: hit.kind,
    level: hit.level as RecallLevel,
    text: hit.text,
    ...(hit.speaker ? { speaker: hit.speaker } : {}),
    ...(hit.ts ? { ts: hit.ts } : {}),
    ...(hit.periodStart ? { periodStart: hit.periodStart } : {}),
    ...(hit.periodEnd ? { periodEnd: hit.periodEnd } : {}),
    score,
    scoreParts,
    path: [hit.id],
    details,
    neighbours: hit.neighbours
      .sort((a, b) => (a.direction === b.direction ? a.steps - b.steps : a.direction === 'previous' ? -1 : 1))
      .map(({ steps: _steps, ...n }) => ({ ...n, level: n.level as RecallLevel })),
  };
}
