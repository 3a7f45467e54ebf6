import type { Embedder } from '../ai/embeddings/index.js';
import { memoryEmbeddedText } from '../domain/embedded-texts.js';
import { type IngestResult, type MemoryInput, type MemoryRecord, toMemoryRecord } from '../domain/memory.js';
import type { EmbeddedPart, MemoryStore } from '../graph/memories.js';

export interface IngestDeps {
  memories: MemoryStore;
  embedder: Embedder;
  /** Time zone a new group starts with; a group keeps its own afterwards. */
  defaultTimezone: string;
}

/**
 * Validated memories in, Memory nodes out: ids settled, new texts embedded (the whole batch in one call, or a part at
 * a time for the local embedder), the whole batch written in one transaction. Sending the same batch again creates
 * nothing.
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
    const written = await deps.memories.writeBatch(
      groupId,
      deps.defaultTimezone,
      embeddedParts(deps.embedder, fresh),
    );
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

/**
 * The new memories in parts of the embedder's size, each embedded only when the write asks for the next one: the
 * write sends a part to Neo4j, then asks, so that the part is written while the next is embedded.
 */
async function* embeddedParts(embedder: Embedder, records: MemoryRecord[]): AsyncGenerator<EmbeddedPart> {
  const size = Math.min(records.length, embedder.textsPerCall);
  for (let i = 0; i < records.length; i += size) {
    const memories = records.slice(i, i + size);
    yield {
      memories,
      vectors: await embedder.embeddings.embedDocuments(
        memories.map((memory) => memoryEmbeddedText(embedder.semantic, memory)),
      ),
    };
  }
}
