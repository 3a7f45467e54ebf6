import { describe, expect, it } from 'vitest';
import { MAX_BATCH, type MemoryInput } from '../../src/domain/memory.js';
import { importInBatches } from '../../src/ingest/batches.js';

function memories(n: number): MemoryInput[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `m-${i}`,
    text: `message ${i}`,
    speaker: 'A',
    ts: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
  }));
}

/** A writer that treats even-numbered ids as already stored and records every batch it gets. */
function recordingWriter() {
  const batches: MemoryInput[][] = [];
  const write = async (batch: MemoryInput[]) => {
    batches.push(batch);
    const n = (m: MemoryInput) => Number(m.id?.slice(2));
    return {
      created: batch.filter((m) => n(m) % 2 === 1).map((m) => m.id as string),
      existing: batch.filter((m) => n(m) % 2 === 0).map((m) => m.id as string),
    };
  };
  return { batches, write };
}

describe('importInBatches', () => {
  it('cuts the items into batches of the given size, in order, with a short last batch', async () => {
    const { batches, write } = recordingWriter();
    const progress: unknown[] = [];
    const result = await importInBatches(memories(7), write, {
      batchSize: 3,
      onProgress: (p) => progress.push(p),
    });
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(batches.flat().map((m) => m.id)).toEqual(memories(7).map((m) => m.id));
    expect(result).toEqual({ done: 7, created: 3, existing: 4, batches: 3 });
    expect(progress).toEqual([
      { done: 3, created: 1, existing: 2 },
      { done: 6, created: 3, existing: 3 },
      { done: 7, created: 3, existing: 4 },
    ]);
  });

  it('reads async iterables and defaults to MAX_BATCH', async () => {
    const { batches, write } = recordingWriter();
    async function* stream() {
      yield* memories(MAX_BATCH + 5);
    }
    const result = await importInBatches(stream(), write);
    expect(batches.map((b) => b.length)).toEqual([MAX_BATCH, 5]);
    expect(result.done).toBe(MAX_BATCH + 5);
    expect(result.batches).toBe(2);
  });

  it('writes nothing for nothing', async () => {
    const { batches, write } = recordingWriter();
    expect(await importInBatches([], write)).toEqual({ done: 0, created: 0, existing: 0, batches: 0 });
    expect(batches).toEqual([]);
  });

  it('does not write an exact multiple twice', async () => {
    const { batches, write } = recordingWriter();
    await importInBatches(memories(6), write, { batchSize: 3 });
    expect(batches.map((b) => b.length)).toEqual([3, 3]);
  });

  it('stops at the first failing batch, after the ones before it', async () => {
    const written: number[] = [];
    const write = async (batch: MemoryInput[]) => {
      if (written.length === 1) throw new Error('neo4j went away');
      written.push(batch.length);
      return { created: batch.map((m) => m.id as string), existing: [] };
    };
    await expect(importInBatches(memories(10), write, { batchSize: 4 })).rejects.toThrow('neo4j went away');
    expect(written).toEqual([4]);
  });

  it('refuses batch sizes the ingest path cannot take', async () => {
    const { write } = recordingWriter();
    await expect(importInBatches(memories(1), write, { batchSize: 0 })).rejects.toThrow(RangeError);
    await expect(importInBatches(memories(1), write, { batchSize: MAX_BATCH + 1 })).rejects.toThrow(
      RangeError,
    );
  });
});
