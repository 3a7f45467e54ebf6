import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/ai/embeddings/index.js';
import type { MemoryInput, MemoryRecord } from '../../src/domain/memory.js';
import type { EmbeddedPart, MemoryStore } from '../../src/graph/memories.js';
import { ingestMemories } from '../../src/ingest/ingest.js';

/**
 * ingestMemories' orchestration against a typed in-memory store: what is embedded, what is written, how ids are
 * reported. The Cypher behind the store is checked against Neo4j in test/integration/ingest.test.ts.
 */
class FakeStore implements MemoryStore {
  readonly stored = new Set<string>();
  /** Each batch written, its parts joined, and the size of each part. */
  readonly writes: { records: MemoryRecord[]; vectors: number[][]; parts: number[] }[] = [];

  async findExisting(_groupId: string, ids: string[]): Promise<string[]> {
    return ids.filter((id) => this.stored.has(id));
  }

  async writeBatch(_groupId: string, _timezone: string, parts: AsyncIterable<EmbeddedPart>) {
    const write = { records: [] as MemoryRecord[], vectors: [] as number[][], parts: [] as number[] };
    for await (const part of parts) {
      write.records.push(...part.memories);
      write.vectors.push(...part.vectors);
      write.parts.push(part.memories.length);
    }
    this.writes.push(write);
    const { records } = write;
    return records.map((r) => {
      const created = !this.stored.has(r.id);
      this.stored.add(r.id);
      return { id: r.id, created };
    });
  }
}

const memory = (id: string, text = `text of ${id}`): MemoryInput => ({
  id,
  text,
  speaker: 'ana',
  ts: '2024-05-02T09:30:00Z',
});

function setUp(textsPerCall?: number) {
  const memories = new FakeStore();
  const embedder = { ...createHashingEmbedder(16), ...(textsPerCall ? { textsPerCall } : {}) };
  const embedded: string[][] = [];
  const embedDocuments = embedder.embeddings.embedDocuments.bind(embedder.embeddings);
  embedder.embeddings.embedDocuments = async (texts: string[]) => {
    embedded.push(texts);
    return embedDocuments(texts);
  };
  return { memories, embedded, deps: { memories, embedder, defaultTimezone: 'UTC' } };
}

describe('ingestMemories', () => {
  it('embeds and writes the new memories in one call each, every record with its own vector', async () => {
    const { memories, embedded, deps } = setUp();
    const result = await ingestMemories(deps, 'g', [memory('a', 'the lake'), memory('b', 'the cabin')]);
    expect(result).toEqual({ created: ['a', 'b'], existing: [] });
    expect(embedded).toEqual([['the lake', 'the cabin']]);
    expect(memories.writes).toHaveLength(1);
    const [write] = memories.writes;
    expect(write?.records.map((r) => r.id)).toEqual(['a', 'b']);
    expect(write?.vectors).toEqual(await deps.embedder.embeddings.embedDocuments(['the lake', 'the cabin']));
  });

  it('embeds a batch larger than the embedder takes at a time in parts, written as one batch in order', async () => {
    const { memories, embedded, deps } = setUp(2);
    const batch = ['a', 'b', 'c', 'd', 'e'].map((id) => memory(id));
    const result = await ingestMemories(deps, 'g', batch);
    expect(result.created).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(embedded.map((texts) => texts.length)).toEqual([2, 2, 1]);
    expect(memories.writes).toHaveLength(1);
    expect(memories.writes[0]?.parts).toEqual([2, 2, 1]);
    expect(memories.writes[0]?.records.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(memories.writes[0]?.vectors).toEqual(
      await deps.embedder.embeddings.embedDocuments(batch.map((m) => m.text)),
    );
  });

  it('neither embeds nor writes what the group already stores, and reports it as existing', async () => {
    const { memories, embedded, deps } = setUp();
    memories.stored.add('a');
    const result = await ingestMemories(deps, 'g', [memory('a'), memory('b')]);
    expect(result).toEqual({ created: ['b'], existing: ['a'] });
    expect(embedded).toEqual([['text of b']]);
    expect(memories.writes[0]?.records.map((r) => r.id)).toEqual(['b']);
  });

  it('writes nothing when every memory exists', async () => {
    const { memories, embedded, deps } = setUp();
    memories.stored.add('a');
    expect(await ingestMemories(deps, 'g', [memory('a')])).toEqual({ created: [], existing: ['a'] });
    expect(embedded).toEqual([]);
    expect(memories.writes).toEqual([]);
  });

  it('keeps the first of a repeated item and reports each repeat as existing', async () => {
    const { memories, deps } = setUp();
    const result = await ingestMemories(deps, 'g', [
      memory('a', 'first'),
      memory('a', 'second'),
      memory('b'),
    ]);
    expect(result).toEqual({ created: ['a', 'b'], existing: ['a'] });
    expect(memories.writes[0]?.records.map((r) => [r.id, r.text])).toEqual([
      ['a', 'first'],
      ['b', 'text of b'],
    ]);
  });

  it('reports a memory another writer created in the meantime as existing', async () => {
    const { memories, deps } = setUp();
    memories.findExisting = async () => [];
    memories.stored.add('a');
    expect(await ingestMemories(deps, 'g', [memory('a'), memory('b')])).toEqual({
      created: ['b'],
      existing: ['a'],
    });
  });
});
