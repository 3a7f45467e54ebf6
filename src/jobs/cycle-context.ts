import type { Embedder } from '../ai/embeddings/index.js';
import type { Summarizer } from '../ai/summarizers/types.js';
import type { Config } from '../config.js';
import type { LevelCounts } from '../domain/cycle-report.js';
import type { DecayRefresh } from '../domain/decay.js';
import { CycleStoppedError, DatabaseUnavailableError, GroupGoneError, LeaseLostError } from '../errors.js';
import type { MaintenanceStore } from '../graph/maintenance.js';
import type { RollupStore } from '../graph/rollups.js';
import type { Logger } from '../log.js';

/** What every step of one group's cycle works with. */
export interface CycleContext {
  groupId: string;
  timezone: string;
  /** The real time: periods close, and originals reach their retention age, by it. */
  now: Date;
  /** The group's clock (its latest memory, never after now): decay and archiving run on it. */
  clock: Date;
  /** Count what would happen; write nothing. */
  dryRun: boolean;
  /** Pending work read per page (memories, or child summaries): each level works through its backlog in these. */
  pageSize: number;
  rollups: RollupStore;
  maintenance: MaintenanceStore;
  summarizer: Summarizer;
  localSummarizer: Summarizer;
  embedder: Embedder;
  rollup: Config['rollup'];
  decay: Config['decay'];
  prune: Config['prune'];
  /** The UTC day (YYYY-MM-DD) a cycle last pruned the group, null before the first: pruning runs once a day. */
  lastPrunedOn: string | null;
  /** The group clock and decay settings of the last decay refresh, null before the first. */
  decayRefreshed: DecayRefresh | null;
  log: Logger;
  /** Per-period failures that did not stop the cycle. */
  errors: string[];
  /** Periods the configured summarizer failed on and its fallback summarised instead: not errors, but recorded. */
  fallbacks: string[];
  /**
   * The earliest instant at which something a step left for later (a period not over yet, a session still active)
   * becomes ready, if nothing new comes; null when nothing waits. Steps move it earlier with waitUntil().
   */
  waitingUntil: Date | null;
  /** Aborted when the process shuts down: the cycle stops before its next period. */
  signal?: AbortSignal;
  /** Keeps the group's lease alive during a long cycle (a write only once a third of it has passed); throws when lost. */
  renewLease(): Promise<void>;
}

/** Notes that a step left work that becomes ready at `at` (a period closing, a session going idle). */
export function waitUntil(ctx: CycleContext, at: Date): void {
  if (!ctx.waitingUntil || at < ctx.waitingUntil) ctx.waitingUntil = at;
}

/** Records a draft that came from the fallback summarizer, under the period it was for. */
export function noteFallback(ctx: CycleContext, period: string, draft: { fallbackReason?: string }): void {
  if (draft.fallbackReason) ctx.fallbacks.push(`${period}: ${draft.fallbackReason}`);
}

/** A step that rolls one level up. */
export type RollupStep = (ctx: CycleContext) => Promise<LevelCounts>;

/**
 * The error policy of the roll-up steps: a failure of the summarizer or of one period's data is recorded for that
 * period and the cycle goes on with the next, but a database failure stops the cycle (the next one starts where this
 * one stopped). Rethrows what stops the cycle.
 */
export function recordPeriodFailure(ctx: CycleContext, label: string, keys: string[], error: unknown): void {
  if (stopsTheCycle(error)) throw error;
  for (const key of keys) {
    const message = `${label} ${key}: ${(error as Error).message}`;
    ctx.errors.push(message);
    ctx.log.error({ groupId: ctx.groupId, err: error }, message);
  }
}

/**
 * The group is gone, the lease is lost, the process is stopping, or the database failed: nothing more can be done
 * this cycle.
 */
function stopsTheCycle(error: unknown): boolean {
  if (
    error instanceof GroupGoneError ||
    error instanceof LeaseLostError ||
    error instanceof CycleStoppedError ||
    error instanceof DatabaseUnavailableError
  ) {
    return true;
  }
  const code = (error as { code?: unknown })?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('Neo.') || code === 'ServiceUnavailable' || code === 'SessionExpired')
  );
}
