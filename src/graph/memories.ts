import { randomUUID } from 'node:crypto';
import type { MemoryRecord } from '../domain/memory.js';
import type { Graph } from './graph.js';

export interface WrittenMemory {
  id: string;
  created: boolean;
}

/** Reads and writes Memory nodes. A memory id is unique within its group; two groups may use the same one. */
export class MemoryRepository {
  constructor(private readonly graph: Graph) {}

  /** The ids of `ids` that the group already stores. */
  async findExisting(groupId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.graph.read<{ id: string }>('ingest/find-memories', { groupId, ids });
    return rows.map((r) => r.id);
  }

  /** Writes one batch in one transaction: the group node and its clock, the memories, their vectors. */
  async writeBatch(
    groupId: string,
    timezone: string,
    memories: MemoryRecord[],
    embeddings: number[][],
  ): Promise<WrittenMemory[]> {
    const batchId = randomUUID();
    const latestTs = latestInstant(memories.map((m) => m.ts));
    return this.graph.writeTx(async (tx) => {
      await tx.run('ingest/merge-group', { groupId, timezone, latestTs });
      const written = await tx.run<WrittenMemory>('ingest/merge-memories', { groupId, memories, batchId });
      const createdIds = new Set(written.filter((w) => w.created).map((w) => w.id));
      const rows = memories
        .map((m, i) => ({ id: m.id, embedding: embeddings[i] }))
        .filter((row) => createdIds.has(row.id));
      if (rows.length > 0) await tx.run('ingest/set-memory-embeddings', { groupId, rows });
      return written;
    });
  }
}

/** The latest of ISO instants with offsets, as a UTC ISO string (offsets make string order unreliable). */
function latestInstant(instants: string[]): string {
  return new Date(Math.max(...instants.map((ts) => Date.parse(ts)))).toISOString();
}
