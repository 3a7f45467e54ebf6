/**
 * Where vectors live. A database keeps its vectors in one of two slots, each a pair of node properties (the recall
 * vector of memories, summaries and eras; the content vector of days, weeks and months) with vector indexes of its
 * own. One slot is the database's, recorded with the embedder that filled it (graph/schema.ts); `strata reembed`
 * fills the other beside it with a new embedder while recall keeps reading the first, then swaps the two
 * (jobs/reembed.ts). The statements name a slot's properties and indexes by parameter (`n[$vectorKey]`,
 * `queryNodes($memoryVectorIndex, ...)`), and Graph passes the database's slot to every statement.
 */
export type VectorSlotName = 'a' | 'b';

export interface VectorSlot {
  name: VectorSlotName;
  /** The recall vector's property. */
  vectorKey: string;
  /** The content vector's property (days, weeks and months: drift and eras). */
  contentVectorKey: string;
  memoryVectorIndex: string;
  summaryVectorIndex: string;
  eraVectorIndex: string;
  /** The schema files that make the slot's indexes (Neo4j names properties in DDL only as written). */
  indexFiles: { summariesAndEras: string; memories: string };
  /** The statement that removes the slot's vectors from a page of nodes. */
  clearFile: string;
}

export const VECTOR_SLOTS: Record<VectorSlotName, VectorSlot> = {
  a: {
    name: 'a',
    vectorKey: 'embedding',
    contentVectorKey: 'contentEmbedding',
    memoryVectorIndex: 'memory_embedding',
    summaryVectorIndex: 'summary_embedding',
    eraVectorIndex: 'era_embedding',
    indexFiles: { summariesAndEras: 'schema/vector-indexes', memories: 'schema/memory-vector-index' },
    clearFile: 'reembed/clear-slot-a',
  },
  b: {
    name: 'b',
    vectorKey: 'embeddingB',
    contentVectorKey: 'contentEmbeddingB',
    memoryVectorIndex: 'memory_embedding_b',
    summaryVectorIndex: 'summary_embedding_b',
    eraVectorIndex: 'era_embedding_b',
    indexFiles: { summariesAndEras: 'schema/vector-indexes-b', memories: 'schema/memory-vector-index-b' },
    clearFile: 'reembed/clear-slot-b',
  },
};

export function otherSlot(slot: VectorSlot): VectorSlot {
  return VECTOR_SLOTS[slot.name === 'a' ? 'b' : 'a'];
}

/** The slot's vector indexes; the memories' only where the embedder is semantic (graph/schema.ts). */
export function slotVectorIndexes(slot: VectorSlot): string[] {
  return [slot.memoryVectorIndex, slot.summaryVectorIndex, slot.eraVectorIndex];
}

/** What every statement is given about the database's slot. */
export function vectorSlotParams(slot: VectorSlot): Record<string, string> {
  return {
    vectorKey: slot.vectorKey,
    contentVectorKey: slot.contentVectorKey,
    memoryVectorIndex: slot.memoryVectorIndex,
    summaryVectorIndex: slot.summaryVectorIndex,
    eraVectorIndex: slot.eraVectorIndex,
  };
}

export function isVectorSlotName(name: unknown): name is VectorSlotName {
  return name === 'a' || name === 'b';
}
