import { randomUUID } from 'node:crypto';
import type { MemoryRecord } from '../domain/memory.js';
import { toEmbeddingParam } from './embedding-param.js';
import type { Graph } from './graph.js';

export interface WrittenMemory {
  id: string;
  created: boolean;
}

/** What ingest needs of the graph. */
export type MemoryStore = Pick<MemoryRepository, keyof MemoryRepository>;

/** Reads and writes Memory nodes. A memory id is unique within its group; two groups may use the same one. */
export class MemoryRepository {
  constructor(private readonly graph: Graph) {}

  /** The ids of `ids` that the group already stores. */
  async findExisting(groupId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.graph.read<{ id: string }>('ingest/find-memories', { groupId, ids });
    return rows.map((r) => r.id);
  }

  /**
   * Writes one batch in one transaction and one statement (a round trip, not three): the group node and its clock,
   * the memories, and the vectors of those this batch created (a mostly-zero one sent as runs: embedding-param.ts).
   */
  async writeBatch(
    groupId: string,
    timezone: string,
    memories: MemoryRecord[],
    embeddings: number[][],
  ): Promise<WrittenMemory[]> {
    const batchId = randomUUID();
    const latestTs = latestInstant(memories.map((m) => m.ts));
    const rows = memories.map((m, i) => ({ ...m, ...toEmbeddingParam(embeddings[i] as number[]) }));
    return this.graph.write<WrittenMemory>('ingest/write-batch', {
      groupId,
      timezone,
      latestTs,
      memories: rows,
      batchId,
      dimension: embeddings[0]?.length ?? 0,
    });
  }
}

/** The latest of ISO instants with offsets, as a UTC ISO string (offsets make string order unreliable). */
function latestInstant(instants: string[]): string {
  return new Date(Math.max(...instants.map((ts) => Date.parse(ts)))).toISOString();
}
