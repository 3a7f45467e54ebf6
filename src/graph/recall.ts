import type { TermHits } from '../domain/term-evidence.js';
import type { Graph } from './graph.js';

/** One hit of a vector or full-text search. */
export interface SearchHit {
  id: string;
  level: string;
  score: number;
  /** The summary's decay as the last cycle left it (on the group's clock); 1 for memories and eras. */
  decay: number;
}

export interface SearchScope {
  groupId: string;
  from: string | null;
  to: string | null;
}

export interface ExpandedHit {
  rank: number;
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

export interface TurnNeighbours {
  id: string;
  previous: Turn[];
  next: Turn[];
}

/** What recall needs from the graph; RecallRepository is the Neo4j one, tests hand in their own. */
export type RecallStore = Pick<RecallRepository, keyof RecallRepository>;

/** The searches and the expansion behind recall; each method is one Cypher round trip. */
export class RecallRepository {
  constructor(private readonly graph: Graph) {}

  vectorMemories(scope: SearchScope, vector: number[], candidates: number, limit: number) {
    return this.graph.read<SearchHit>('recall/vector-memories', { ...scope, vector, candidates, limit });
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

  exactMemories(scope: SearchScope, vector: number[], limit: number) {
    return this.graph.read<SearchHit>('recall/exact-memories', { ...scope, vector, limit });
  }

  exactSummaries(scope: SearchScope, levels: string[], vector: number[], limit: number) {
    return this.graph.read<SearchHit>('recall/exact-summaries', { ...scope, levels, vector, limit });
  }

  /** Each term's full-text hits in the group, and the group's memory count (for term weights). */
  async termHits(
    scope: SearchScope,
    levels: string[],
    terms: string[],
    perTerm: number,
    limit: number,
  ): Promise<{ termHits: TermHits[]; groupMemories: number }> {
    const rows = await this.graph.read<TermHits & { groupMemories: number }>('recall/term-hits', {
      ...scope,
      levels,
      terms,
      perTerm,
      limit,
    });
    return { termHits: rows, groupMemories: rows[0]?.groupMemories ?? 0 };
  }

  /** The turn before and after each memory in its conversation (same session, within the idle gap). */
  turnNeighbours(groupId: string, ids: string[], gapMinutes: number): Promise<TurnNeighbours[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.graph.read<TurnNeighbours>('recall/turn-neighbours', { groupId, ids, gapMinutes });
  }

  expand(
    scope: SearchScope,
    hits: { id: string }[],
    options: { vector: number[]; down: boolean; perSummary: number; sideways: number },
  ): Promise<ExpandedHit[]> {
    if (hits.length === 0) return Promise.resolve([]);
    return this.graph.read<ExpandedHit>('recall/expand', { ...scope, hits, ...options });
  }
}
