import type { PendingCounts } from '../domain/reembed.js';
import { cypher } from './cypher.js';
import type { Graph } from './graph.js';
import type { VectorSlot } from './vector-slots.js';

export interface MemoryToEmbed {
  id: string;
  speaker: string;
  text: string;
}

export interface SummaryToEmbed {
  id: string;
  version: number;
  text: string;
  /** Whether it lacks its recall vector (an active summary). */
  needsVector: boolean;
  /** What its content is made of, when it lacks its content vector (a day, week or month); else null. */
  childTexts: string[] | null;
}

export interface EraToEmbed {
  id: string;
  version: number;
  theme: string;
  text: string;
  /** Its periods' content vectors in the slot being filled. */
  periodVectors: number[][];
}

export interface SummaryVectors {
  id: string;
  version: number;
  vector: number[] | null;
  contentVector: number[] | null;
}

/** What a re-embedding reads and writes (jobs/reembed.ts); each page is read by a seek and written in one go. */
export interface ReembedStore {
  groups(): Promise<string[]>;
  /** What the slot lacks; with `everything`, all there is to embed (a slot about to be filled afresh). */
  pending(target: VectorSlot, everything?: boolean): Promise<PendingCounts>;
  memoriesAfter(groupId: string, after: string, limit: number, target: VectorSlot): Promise<MemoryToEmbed[]>;
  writeMemoryVectors(
    groupId: string,
    rows: { id: string; vector: number[] }[],
    target: VectorSlot,
  ): Promise<number>;
  summariesAfter(
    groupId: string,
    after: string,
    limit: number,
    target: VectorSlot,
  ): Promise<SummaryToEmbed[]>;
  writeSummaryVectors(rows: SummaryVectors[], target: VectorSlot): Promise<number>;
  eras(groupId: string, target: VectorSlot): Promise<EraToEmbed[]>;
  writeEraVectors(
    rows: { id: string; version: number; vector: number[] }[],
    target: VectorSlot,
  ): Promise<number>;
  /** Records the re-embedding under way, so that a start with the new embedder is told to wait for it. */
  begin(embedder: { name: string; dimension: number; semantic: boolean }): Promise<void>;
  /** Records the slot's vectors as the database's, from this embedder; ends the re-embedding. */
  finish(embedder: { name: string; dimension: number }, slot: VectorSlot): Promise<void>;
  /** Removes a slot's vectors from every node, in bounded transactions; returns how many nodes held one. */
  clearSlot(slot: VectorSlot): Promise<number>;
}

/** The slot being filled, named for the statements (the database's own slot is $vectorKey, passed by Graph). */
function targetParams(target: VectorSlot) {
  return { targetKey: target.vectorKey, targetContentKey: target.contentVectorKey };
}

export class ReembedRepository implements ReembedStore {
  constructor(private readonly graph: Pick<Graph, 'read' | 'write' | 'autoCommit'>) {}

  async groups(): Promise<string[]> {
    return (await this.graph.read<{ id: string }>('reembed/groups')).map((r) => r.id);
  }

  async pending(target: VectorSlot, everything = false): Promise<PendingCounts> {
    const [row] = await this.graph.read<PendingCounts>('reembed/pending-counts', {
      ...targetParams(target),
      everything,
    });
    return row ?? { memories: 0, summaries: 0, eras: 0 };
  }

  memoriesAfter(groupId: string, after: string, limit: number, target: VectorSlot): Promise<MemoryToEmbed[]> {
    return this.graph.read('reembed/memories-page', { groupId, after, limit, ...targetParams(target) });
  }

  async writeMemoryVectors(
    groupId: string,
    rows: { id: string; vector: number[] }[],
    target: VectorSlot,
  ): Promise<number> {
    const [row] = await this.graph.write<{ written: number }>('reembed/write-memory-vectors', {
      groupId,
      rows,
      ...targetParams(target),
    });
    return row?.written ?? 0;
  }

  summariesAfter(
    groupId: string,
    after: string,
    limit: number,
    target: VectorSlot,
  ): Promise<SummaryToEmbed[]> {
    return this.graph.read('reembed/summaries-page', { groupId, after, limit, ...targetParams(target) });
  }

  async writeSummaryVectors(rows: SummaryVectors[], target: VectorSlot): Promise<number> {
    const [row] = await this.graph.write<{ written: number }>('reembed/write-summary-vectors', {
      rows,
      ...targetParams(target),
    });
    return row?.written ?? 0;
  }

  eras(groupId: string, target: VectorSlot): Promise<EraToEmbed[]> {
    return this.graph.read('reembed/eras-page', { groupId, ...targetParams(target) });
  }

  async writeEraVectors(
    rows: { id: string; version: number; vector: number[] }[],
    target: VectorSlot,
  ): Promise<number> {
    const [row] = await this.graph.write<{ written: number }>('reembed/write-era-vectors', {
      rows,
      ...targetParams(target),
    });
    return row?.written ?? 0;
  }

  async begin(embedder: { name: string; dimension: number; semantic: boolean }): Promise<void> {
    await this.graph.write('reembed/begin', {
      embedder: embedder.name,
      dimension: embedder.dimension,
      semantic: embedder.semantic,
    });
  }

  async finish(embedder: { name: string; dimension: number }, slot: VectorSlot): Promise<void> {
    await this.graph.write('schema/record-embedder', {
      embedder: embedder.name,
      dimension: embedder.dimension,
      slot: slot.name,
    });
  }

  async clearSlot(slot: VectorSlot): Promise<number> {
    const [row] = await this.graph.autoCommit<{ cleared: number }>(cypher(slot.clearFile));
    return row?.cleared ?? 0;
  }
}
