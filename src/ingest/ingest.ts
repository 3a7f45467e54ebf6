import type { Embedder } from '../ai/embeddings/index.js';
import { type IngestResult, type MemoryInput, type MemoryRecord, toMemoryRecord } from '../domain/memory.js';
import type { MemoryStore } from '../graph/memories.js';

export interface IngestDeps {
  memories: MemoryStore;
  embedder: Embedder;
  /** Time zone a new group starts with; a group keeps its own afterwards. */
  defaultTimezone: string;
}

/**
 * Validated memories in, Memory nodes out: ids settled, new texts embedded in one batch call,
 * the whole batch written in one transaction. Sending the same batch again creates nothing.
 */
export async function ingestMemories(
  deps: IngestDeps,
  groupId: string,
  inputs: MemoryInput[],
): Promise<IngestResult> {
  const records = inputs.map((input) => toMemoryRecord(groupId, input));

  // A batch may repeat an item; the first one counts, the repeats are reported as existing.
  const unique = new Map<string, MemoryRecord>();
  for (const r of records) if (!unique.has(r.id)) unique.set(r.id, r);
  const repeats = records.length - unique.size;

  // Ids are the group's own: another group's `msg-1` is another memory, and nothing here can tell it exists.
  const storedIds = new Set(await deps.memories.findExisting(groupId, [...unique.keys()]));

  const fresh = [...unique.values()].filter((r) => !storedIds.has(r.id));
  const created: string[] = [];
  const existing = [...storedIds];
  if (fresh.length > 0) {
    const vectors = await deps.embedder.embeddings.embedDocuments(fresh.map((r) => r.text));
    const written = await deps.memories.writeBatch(groupId, deps.defaultTimezone, fresh, vectors);
    for (const w of written) (w.created ? created : existing).push(w.id);
  }
  if (repeats > 0) {
    const seen = new Set<string>();
    for (const r of records) {
      if (seen.has(r.id)) existing.push(r.id);
      seen.add(r.id);
    }
  }
  return { created, existing };
}
