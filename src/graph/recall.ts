import { BoundedCache } from '../domain/bounded-cache.js';
import type { StandingLayers } from '../domain/context-values.js';
import type { EntityBrief } from '../domain/entity-briefs.js';
import type { EntityRecord } from '../domain/entity-shapes.js';
import { groupBm25 } from '../domain/group-bm25.js';
import {
  anyTermInGroup,
  entityNamesInGroup,
  groupClause,
  termInGroup,
  textClause,
} from '../domain/lucene.js';
import type { NamedPeriod } from '../domain/named-period.js';
import { type DetailPath, pathsUp } from '../domain/summary-details.js';
import type { LexicalHit, TermStat } from '../domain/term-evidence.js';
import { type AskedTerm, keyWords, LENGTH_KEY, termFrequencies, termsHeld } from '../domain/term-keys.js';
import type { Graph } from './graph.js';

/** One hit of a vector or full-text search. */
export interface SearchHit {
  id: string;
  level: string;
  score: number;
  /** The summary's decay as the last cycle left it (on the group's clock); 1 for memories and eras. */
  decay: number;
}

export interface VectorShare {
  groupMemories: number;
  indexMemories: number;
  groupSummaries: number;
  indexSummaries: number;
}

export interface SearchScope {
  groupId: string;
  from: string | null;
  to: string | null;
  /** When the question is asked: a summary or era that ends after it is not seen (domain/recall.ts toAsOfWindow). */
  asOf: string | null;
}

export interface ExpandedHit {
  id: string;
  kind: 'memory' | 'summary' | 'era';
  level: string;
  text: string;
  speaker: string | null;
  ts: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  details: { id: string; text: string; speaker: string; ts: string; score: number; path: string[] }[];
  neighbours: {
    id: string;
    level: string;
    periodStart: string;
    periodEnd: string;
    text: string;
    direction: 'previous' | 'next';
    steps: number;
  }[];
}

export interface Turn {
  id: string;
  text: string;
  speaker: string;
  ts: string;
}

/** A turn as recall/lexical-search.cypher returns it, its time in epoch milliseconds. */
interface TurnRow {
  id: string;
  text: string;
  speaker: string;
  tsMillis: number;
}

/** A candidate with the turns around it (its own fields are its hit's). */
interface MemoryContextRow {
  id: string;
  previous: TurnRow[];
  next: TurnRow[];
}

/** The one row of recall/lexical-search.cypher. */
interface LexicalSearchRow {
  terms: { term: string; memoryCount: number; best: number | null }[];
  groupMemories: number;
  /** The summed length of the group's memory texts; null while its count is under way (or before it was kept). */
  groupLength: number | null;
  hits: LexicalHitsRow;
  context: MemoryContextRow[];
  entities: EntityRecord[];
}

/** The search's hits as parallel lists, one entry per hit, best first. */
interface LexicalHitsRow {
  ids: string[];
  levels: string[];
  scores: number[];
  decays: number[];
  texts: string[];
  speakers: string[];
  sessions: string[];
  /** A memory's time in epoch milliseconds; 0 for a summary. */
  times: number[];
  inPeriod: boolean[];
}

/** What recall's lexical search finds: the terms' weights, the hits, the group's size, the best memory candidates' context. */
export interface LexicalSearch {
  terms: TermStat[];
  hits: LexicalHit[];
  groupMemories: number;
  context: MemoryContext[];
  /** Every memory hit's own fields, best first: what recall returns of one that ranks. */
  turns: Turn[];
  /** The entities the lookup found (`entities` of the search's options), best matched first; none when not asked. */
  entities: EntityRecord[];
}

/**
 * The search's hits, each with the query terms it holds and its bm25: Lucene's (over each term's best) for a
 * summary, and for a memory the same measure with the group's own average length (domain/group-bm25.ts), where the
 * group's statistics hold its length.
 */
function hitsOf(row: LexicalSearchRow, asked: AskedTerm[]): LexicalHit[] {
  const { hits } = row;
  const bm25 = memoryBm25(row, asked);
  return hits.ids.map((id, i) => ({
    id,
    level: hits.levels[i] as string,
    decay: hits.decays[i] as number,
    inPeriod: hits.inPeriod[i] === true,
    bm25: bm25.get(i) ?? (hits.scores[i] as number),
    terms: termsHeld(asked, hits.texts[i] as string, hits.speakers[i] || null),
    speaker: hits.speakers[i] || null,
    sessionId: hits.sessions[i] || null,
  }));
}

/** The memory hits' bm25 by the group's statistics, by hit index; none where they do not hold its length. */
function memoryBm25(row: LexicalSearchRow, asked: AskedTerm[]): Map<number, number> {
  const { hits, groupLength, groupMemories } = row;
  if (!groupLength || groupMemories <= 0) return new Map();
  const memories = hits.ids.flatMap((_, i) => (hits.levels[i] === 'memory' ? [i] : []));
  const scores = groupBm25(
    memories.map((i) => termFrequencies(asked, hits.texts[i] as string, hits.speakers[i] || null)),
    {
      memories: groupMemories,
      averageLength: groupLength / groupMemories,
      termMemories: new Map(row.terms.map((t) => [t.term, t.memoryCount])),
    },
  );
  return new Map(memories.map((i, j) => [i, scores[j] as number]));
}

/** The search's memory hits as turns, best first (a summary hit is none). */
function memoryTurns(row: LexicalHitsRow): Turn[] {
  return row.ids.flatMap((id, i) =>
    row.levels[i] === 'memory'
      ? [
          turnOf({
            id,
            text: row.texts[i] as string,
            speaker: row.speakers[i] as string,
            tsMillis: row.times[i] as number,
          }),
        ]
      : [],
  );
}

function turnOf({ id, text, speaker, tsMillis }: TurnRow): Turn {
  return { id, text, speaker, ts: new Date(tsMillis).toISOString() };
}

/** The turns around a memory candidate (from recall/lexical-search.cypher); its own fields are in `turns`. */
export interface MemoryContext {
  id: string;
  previous: Turn[];
  next: Turn[];
}

/** A ranked hit to expand: the memories known to be beneath it, and how many more to look for. */
export interface RankedHit {
  id: string;
  known: DetailPath[];
  fill: number;
}

/** What recall needs from the graph; RecallRepository is the Neo4j one, tests hand in their own. */
export type RecallStore = Omit<Pick<RecallRepository, keyof RecallRepository>, keyof ContextStore>;

/** What the context block reads besides recall. */
export type ContextStore = Pick<RecallRepository, 'contextSources' | 'entityBriefs'>;

/**
 * How long a group's memory count serves recall before the search counts it again. Counting seeks every memory
 * of the group (2.4 ms of Neo4j's CPU at 10,000 memories, growing with the group), and the count only sets the
 * scale of term weights (a log of it), which a minute of new memories barely moves.
 */
export const GROUP_SIZE_TTL_MS = 60_000;

/**
 * The hits a term's best score in the group is read from: its first few, as the group clause can match a longer
 * group id that holds this one (domain/lucene.ts termInGroup).
 */
const BEST_OF = 10;

/**
 * What the search's boosts (idf over best score, about 0.01 to 10) are multiplied by to go as whole numbers: Lucene
 * boosts are relative, so the scale changes no order, and a millionth is finer than any score differs by.
 */
const BOOST_SCALE = 1_000_000;

/** The entities a brief names beside the one it is about. */
const BRIEF_RELATED = 3;

/**
 * How many terms' best scores are kept, across groups (each keyed by its Lucene query, which names its group); the
 * oldest goes first. A term's best serves recall for GROUP_SIZE_TTL_MS, like the group's count: reading it is one
 * full-text call per term a recall (in bench:recall, 0.6 to 0.8 ms of Neo4j's 4 ms per recall), and within a minute
 * it barely moves: a new memory of the group may score a little over it, and other groups' writes move Lucene's
 * index-wide statistics a little, alike for every hit of the term.
 */
const TERM_BESTS_KEPT = 50_000;

/** How many groups' counts are kept; the oldest goes first. */
const GROUP_SIZES_KEPT = 10_000;

/** How many of a group's entities the lookups found are kept for the guess of what a query names; oldest first. */
const ENTITIES_SEEN_KEPT = 256;

/**
 * How many groups' seen entities are kept; the group asked least lately goes first. A group's entry holds up to
 * ENTITIES_SEEN_KEPT records of a few hundred bytes, so this bounds the guess to some tens of MB; a group whose
 * entry went only pays the lookup's own round trip again, once.
 */
const GROUPS_SEEN_KEPT = 1_000;

/** The searches and the expansion behind recall; each method is one Cypher round trip. */
export class RecallRepository {
  private readonly groupSizes = new Map<string, { count: number; countedAt: number }>();
  private readonly termBests = new BoundedCache<{ best: number; readAt: number }>({
    maxEntries: TERM_BESTS_KEPT,
    maxChars: TERM_BESTS_KEPT * 128,
  });
  private readonly timeZones = new BoundedCache<{ zone: string | null; readAt: number }>({
    maxEntries: GROUP_SIZES_KEPT,
    maxChars: GROUP_SIZES_KEPT * 256,
  });
  private readonly seenEntities = new BoundedCache<Map<string, SeenEntity>>({
    maxEntries: GROUPS_SEEN_KEPT,
    maxChars: GROUPS_SEEN_KEPT * 256,
    refreshOnHit: true,
  });

  constructor(
    private readonly graph: Pick<Graph, 'read'>,
    private readonly now: () => number = Date.now,
  ) {}

  vectorMemories(scope: SearchScope, vector: number[], candidates: number, limit: number) {
    return this.graph.read<SearchHit>('recall/vector-memories', { ...scope, vector, candidates, limit });
  }

  /** Nearest memories among the best `candidates` full-text hits of the words: for memories without a vector index. */
  vectorMemoriesByWords(
    scope: SearchScope,
    words: string[],
    vector: number[],
    candidates: number,
    limit: number,
  ): Promise<SearchHit[]> {
    if (words.length === 0) return Promise.resolve([]);
    return this.graph.read<SearchHit>('recall/vector-memories-by-words', {
      ...scope,
      query: anyTermInGroup(words, scope.groupId),
      vector,
      candidates,
      limit,
    });
  }

  vectorSummaries(scope: SearchScope, levels: string[], vector: number[], candidates: number, limit: number) {
    return this.graph.read<SearchHit>('recall/vector-summaries', {
      ...scope,
      levels,
      vector,
      candidates,
      limit,
    });
  }

  vectorEras(scope: SearchScope, vector: number[], candidates: number, limit: number) {
    return this.graph.read<SearchHit>('recall/vector-eras', { ...scope, vector, candidates, limit });
  }

  /** The group's memory and summary counts beside each label's total, for sizing vector searches. */
  async vectorShare(groupId: string): Promise<VectorShare> {
    const [row] = await this.graph.read<VectorShare>('recall/vector-share', { groupId });
    return row ?? { groupMemories: 0, indexMemories: 0, groupSummaries: 0, indexSummaries: 0 };
  }

  exactMemories(scope: SearchScope, vector: number[], limit: number) {
    return this.graph.read<SearchHit>('recall/exact-memories', { ...scope, vector, limit });
  }

  exactSummaries(scope: SearchScope, levels: string[], vector: number[], limit: number) {
    return this.graph.read<SearchHit>('recall/exact-summaries', { ...scope, levels, vector, limit });
  }

  /**
   * The query's terms weighed by the group's own statistics and the group's texts that hold them, best first by
   * that weight (at most `candidates`), the group's memory count, and the context of the `contextCandidates` best
   * memory hits (recall/lexical-search.cypher), in one round trip. The count is the last one when it is younger than
   * GROUP_SIZE_TTL_MS, else counted by the same statement.
   */
  async lexicalSearch(
    scope: SearchScope,
    levels: string[],
    asked: AskedTerm[],
    options: {
      /** The texts the search ranks and returns. */
      candidates: number;
      /** Hits a term's weight is counted from where the group's statistics are still being taken. */
      perTerm: number;
      period: NamedPeriod | null;
      contextCandidates: number;
      gapMinutes: number;
      /** The Lucene expression a term is searched by where it is not the term itself (domain/named-entities.ts). */
      matches?: ReadonlyMap<string, string>;
      /** The entities to look up in the same round trip: those named by one of these words, at most `limit`. */
      entities?: { words: string[]; limit: number };
    },
  ): Promise<LexicalSearch> {
    const { period, matches, entities, ...limits } = options;
    const lookup = entities && entities.words.length > 0 ? entities : null;
    const known = this.knownGroupSize(scope.groupId);
    const terms = asked.map(({ term, key, spellings }) => {
      const match = matches?.get(term) ?? term;
      const query = termInGroup(match, scope.groupId);
      return { term, key, spellings, query, clause: textClause(match), best: this.knownBest(query) };
    });
    const [row] = await this.graph.read<LexicalSearchRow>('recall/lexical-search', {
      ...scope,
      levels,
      terms,
      keys: [LENGTH_KEY, ...new Set(asked.flatMap((a) => a.spellings.flat()))],
      lengthKey: LENGTH_KEY,
      groupClause: groupClause(scope.groupId),
      bestOf: BEST_OF,
      boostScale: BOOST_SCALE,
      ...limits,
      periodFrom: period?.from ?? null,
      periodTo: period?.to ?? null,
      groupMemories: known,
      entityQuery: lookup ? entityNamesInGroup(lookup.words, scope.groupId) : null,
      entityLimit: lookup?.limit ?? 0,
    });
    if (!row) return { terms: [], hits: [], groupMemories: known ?? 0, context: [], turns: [], entities: [] };
    if (known === null)
      this.groupSizes.set(scope.groupId, { count: row.groupMemories, countedAt: this.now() });
    // Only a best that was read: a term the group does not hold yet may be written the next second.
    const read = new Map(row.terms.map((t) => [t.term, t.best]));
    for (const { term, query, best: handed } of terms) {
      const best = read.get(term);
      if (handed === null && typeof best === 'number' && best > 0)
        this.termBests.set(query, { best, readAt: this.now() });
    }
    this.seeEntities(scope.groupId, row.entities);
    return {
      terms: row.terms.map(({ term, memoryCount, best }) => ({ term, memoryCount, found: best !== null })),
      hits: hitsOf(row, asked),
      groupMemories: row.groupMemories,
      context: row.context.map(({ id, previous, next }) => ({
        id,
        previous: previous.map(turnOf),
        next: next.map(turnOf),
      })),
      turns: memoryTurns(row.hits),
      entities: row.entities,
    };
  }

  /**
   * Entities of the group that lookups in the search found lately (at most ENTITIES_SEEN_KEPT, the latest), those
   * one of whose names shares a word with `words` (lower case, as domain/term-keys.ts keyWords cuts them): what
   * recall guesses a query names from before the search finds out. Only a guess: they may have changed since.
   */
  entitiesSeen(groupId: string, words: string[]): EntityRecord[] {
    const asked = new Set(words);
    const found: EntityRecord[] = [];
    for (const { entity, words: named } of this.seenEntities.get(groupId)?.values() ?? []) {
      if (named.some((w) => asked.has(w))) found.push(entity);
    }
    return found;
  }

  private seeEntities(groupId: string, found: EntityRecord[]): void {
    if (found.length === 0) return;
    const seen = this.seenEntities.get(groupId) ?? new Map<string, SeenEntity>();
    for (const entity of found) {
      seen.delete(entity.id);
      seen.set(entity.id, { entity, words: [entity.name, ...entity.aliases].flatMap(keyWords) });
    }
    for (const id of seen.keys()) {
      if (seen.size <= ENTITIES_SEEN_KEPT) break;
      seen.delete(id);
    }
    this.seenEntities.set(groupId, seen);
  }

  /**
   * Every path down to each of the group's memories `ids` from a summary or era above it, top first
   * (recall/links-above.cypher): what a summary that ranks shows of the memory candidates beneath it.
   */
  async pathsAbove(groupId: string, ids: string[]): Promise<Map<string, string[][]>> {
    if (ids.length === 0) return new Map();
    const [row] = await this.graph.read<{ links: [string, string][] }>('recall/links-above', {
      groupId,
      ids,
    });
    const parentsOf = new Map<string, string[]>();
    for (const [parent, child] of row?.links ?? []) {
      const parents = parentsOf.get(child);
      if (parents) parents.push(parent);
      else parentsOf.set(child, [parent]);
    }
    return new Map(ids.map((id) => [id, pathsUp(id, parentsOf)]));
  }

  /**
   * The group's entities (of those named by `asOf`, when asked then) one of whose names or aliases holds one of the
   * terms, best matched first, at most `limit`: the candidates domain/named-entities.ts picks the query's from.
   */
  entitiesNamed(scope: SearchScope, terms: string[], limit: number): Promise<EntityRecord[]> {
    if (terms.length === 0) return Promise.resolve([]);
    return this.graph
      .read<{ entity: EntityRecord }>('recall/named-entities', {
        groupId: scope.groupId,
        query: entityNamesInGroup(terms, scope.groupId),
        asOf: scope.asOf,
        limit,
      })
      .then((rows) => rows.map((r) => r.entity));
  }

  /**
   * The group's time zone (null for no such group), read again after GROUP_SIZE_TTL_MS: a zone is set when the group
   * is made and rarely changes.
   */
  async groupTimeZone(groupId: string): Promise<string | null> {
    const known = this.timeZones.get(groupId);
    if (known && this.isFresh(known.readAt)) return known.zone;
    const [row] = await this.graph.read<{ timezone: string | null }>('recall/group-time-zone', { groupId });
    this.timeZones.set(groupId, { zone: row?.timezone ?? null, readAt: this.now() });
    return row?.timezone ?? null;
  }

  /** Whether what was read at `readAt` still serves: less than GROUP_SIZE_TTL_MS ago. */
  private isFresh(readAt: number): boolean {
    return this.now() - readAt < GROUP_SIZE_TTL_MS;
  }

  /** A term's best score in its group (by its Lucene query) if it was read less than GROUP_SIZE_TTL_MS ago, else null. */
  private knownBest(query: string): number | null {
    const known = this.termBests.get(query);
    return known && this.isFresh(known.readAt) ? known.best : null;
  }

  /** The group's memory count if it was counted less than GROUP_SIZE_TTL_MS ago, else null. */
  private knownGroupSize(groupId: string): number | null {
    const known = this.groupSizes.get(groupId);
    if (known && this.isFresh(known.countedAt)) return known.count;
    this.groupSizes.delete(groupId);
    if (this.groupSizes.size >= GROUP_SIZES_KEPT) {
      const oldest = this.groupSizes.keys().next().value;
      if (oldest !== undefined) this.groupSizes.delete(oldest);
    }
    return null;
  }

  /**
   * The ranked hits' own fields; beneath each, its known memories and up to `fill` more (closest to the vector
   * among the first `scan` the walk down reaches), scored by similarity; its NEXT_PERIOD neighbours up to
   * `sideways` steps.
   */
  expand(
    scope: SearchScope,
    hits: RankedHit[],
    options: { vector: number[]; scan: number; sideways: number },
  ): Promise<ExpandedHit[]> {
    if (hits.length === 0) return Promise.resolve([]);
    return this.graph.read<ExpandedHit>('recall/expand', { ...scope, hits, ...options });
  }

  /**
   * What a context block may hold besides recall: the current era, the latest periods and turns, newest first; asked
   * at `asOf`, those of that moment.
   */
  async contextSources(
    groupId: string,
    counts: { months: number; weeks: number; days: number; turns: number },
    asOf: string | null = null,
  ): Promise<ContextSources> {
    const [row] = await this.graph.read<ContextSources>('recall/context-layers', {
      groupId,
      ...counts,
      asOf,
    });
    return row ?? { eras: [], months: [], weeks: [], days: [], turns: [], timezone: null };
  }

  /** What the context block says of each of the group's entities named by id (none of another group's), asked at `asOf`. */
  entityBriefs(groupId: string, entityIds: string[], asOf: string | null = null): Promise<EntityBrief[]> {
    if (entityIds.length === 0) return Promise.resolve([]);
    return this.graph.read<EntityBrief>('recall/entity-briefs', {
      groupId,
      entityIds,
      asOf,
      related: BRIEF_RELATED,
    });
  }
}

/** An entity a lookup found, with the words of its names, lower case. */
interface SeenEntity {
  entity: EntityRecord;
  words: string[];
}

export interface ContextSources extends StandingLayers {
  turns: { id: string; text: string; speaker: string; ts: string }[];
  /** Null for a group that has no settings node yet. */
  timezone: string | null;
}
