import { MAX_BATCH, type MemoryInput } from '../domain/memory.js';

export interface BatchProgress {
  done: number;
  created: number;
  existing: number;
}

export interface BatchImportResult extends BatchProgress {
  batches: number;
}

export interface BatchImportOptions {
  /** Memories per write; at most MAX_BATCH, the limit of one ingest call. */
  batchSize?: number;
  /** Called after each batch is written. */
  onProgress?: (p: BatchProgress) => void;
}

/**
 * Feeds a stream of memories to `write` in batches, one batch in flight at a time, so an import of
 * any size holds only one batch in memory and a failure stops at a known point.
 */
export async function importInBatches(
  items: AsyncIterable<MemoryInput> | Iterable<MemoryInput>,
  write: (batch: MemoryInput[]) => Promise<{ created: string[]; existing: string[] }>,
  options: BatchImportOptions = {},
): Promise<BatchImportResult> {
  const batchSize = options.batchSize ?? MAX_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH) {
    throw new RangeError(`batchSize must be an integer from 1 to ${MAX_BATCH}, got ${batchSize}`);
  }
  const totals: BatchImportResult = { done: 0, created: 0, existing: 0, batches: 0 };

  const flush = async (batch: MemoryInput[]): Promise<void> => {
    const result = await write(batch);
    totals.done += batch.length;
    totals.created += result.created.length;
    totals.existing += result.existing.length;
    totals.batches += 1;
    options.onProgress?.({ done: totals.done, created: totals.created, existing: totals.existing });
  };

  let batch: MemoryInput[] = [];
  // for await also walks plain iterables, so arrays and generators both work.
  for await (const item of items) {
    batch.push(item);
    if (batch.length === batchSize) {
      await flush(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await flush(batch);
  return totals;
}
