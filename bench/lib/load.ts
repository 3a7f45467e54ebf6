import type { Strata } from '../../src/strata.js';
import type { Deadline } from './cli.js';
import type { BenchGroup } from './demo-data.js';

export interface LoadStats {
  sent: number;
  created: number;
  existing: number;
  batches: number;
  ms: number;
  /** Milliseconds per batch, sorted, for percentiles. */
  batchMs: number[];
  /** True when the deadline stopped the load before every batch was sent. */
  cutShort: boolean;
}

/**
 * Sends every group's memories through services.ingest (the code behind POST /memories) in batches, in time order
 * within a group. `concurrency` groups stream at once, as that many clients would; a group's own batches never
 * overlap. Stops starting batches once the deadline passes.
 */
export async function ingestGroups(
  strata: Strata,
  groups: BenchGroup[],
  options: { batch: number; concurrency: number; deadline: Deadline; onBatch?: (sent: number) => void },
): Promise<LoadStats> {
  const stats: LoadStats = {
    sent: 0,
    created: 0,
    existing: 0,
    batches: 0,
    ms: 0,
    batchMs: [],
    cutShort: false,
  };
  const queue = [...groups];
  const started = performance.now();

  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (let i = 0; i < group.memories.length; i += options.batch) {
        if (options.deadline.passed()) {
          stats.cutShort = true;
          return;
        }
        const batch = group.memories.slice(i, i + options.batch);
        const t = performance.now();
        const result = await strata.services.ingest(group.groupId, batch);
        stats.batchMs.push(performance.now() - t);
        stats.sent += batch.length;
        stats.created += result.created.length;
        stats.existing += result.existing.length;
        stats.batches++;
        options.onBatch?.(stats.sent);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  stats.ms = performance.now() - started;
  stats.batchMs.sort((a, b) => a - b);
  return stats;
}
