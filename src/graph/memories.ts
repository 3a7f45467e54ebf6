import { randomUUID } from 'node:crypto';
import type { MemoryRecord } from '../domain/memory.js';
import type { Graph } from './graph.js';

export interface StoredMemoryRef {
  id: string;
  groupId: string;
}

export interface WrittenMemory extends StoredMemoryRef {
  created: boolean;
}

export class MemoryIdConflictError extends Error {
  override name = 'MemoryIdConflictError';
  constructor(readonly conflicts: StoredMemoryRef[]) {
    super(
      `memory ids already used by another group: ${conflicts.map((c) => `${c.id} (group ${c.groupId})`).join(', ')}`,
    );
  }
}

/** Reads and writes Memory nodes. */
export class MemoryRepository {
  constructor(private readonly graph: Graph) {}

  async findExisting(ids: string[]): Promise<StoredMemoryRef[]> {
    if (ids.length === 0) return [];
    return this.graph.read<StoredMemoryRef>('ingest/find-memories', { ids });
  }

  /**
   * Writes one batch in one transaction: the group node, the memories, their vectors. A memory id that already
   * belongs to another group aborts the whole batch, so nothing is half-written.
   */
  async writeBatch(
    groupId: string,
    timezone: string,
    memories: MemoryRecord[],
    embeddings: number[][],
  ): Promise<WrittenMemory[]> {
    const batchId = randomUUID();
    return this.graph.writeTx(async (tx) => {
      await tx.run('ingest/merge-group', { groupId, timezone });
      const written = await tx.run<WrittenMemory>('ingest/merge-memories', { memories, batchId });
      const conflicts = written.filter((w) => w.groupId !== groupId);
      if (conflicts.length > 0) throw new MemoryIdConflictError(conflicts);
      const createdIds = new Set(written.filter((w) => w.created).map((w) => w.id));
      const rows = memories
        .map((m, i) => ({ id: m.id, embedding: embeddings[i] }))
        .filter((row) => createdIds.has(row.id));
      if (rows.length > 0) await tx.run('ingest/set-memory-embeddings', { rows });
      return written;
    });
  }
}
