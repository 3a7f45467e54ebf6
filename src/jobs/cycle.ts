import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Embedder } from '../ai/embeddings/index.js';
import type { Summarizer } from '../ai/summarizers/types.js';
import type { Config } from '../config.js';
import { type CycleReport, type LevelCounts, newCycleReport } from '../domain/cycle-report.js';
import { SUMMARY_LEVELS } from '../domain/levels.js';
import { utcDay } from '../domain/prune.js';
import { CycleStoppedError, GroupGoneError, LeaseLostError } from '../errors.js';
import type { CycleRunStore, RunStart } from '../graph/cycle-runs.js';
import type { MaintenanceStore } from '../graph/maintenance.js';
import type { RollupStore } from '../graph/rollups.js';
import type { Logger } from '../log.js';
import type { StrataMetrics } from '../metrics.js';
import type { CycleContext } from './cycle-context.js';
import { type EntityStepDeps, linkSessionEntities } from './entities.js';
import { prune, refreshDecay } from './maintain.js';
import { calendarWork } from './rollup-calendar.js';
import { PENDING_PER_PAGE, relinkBrokenChains, rollUpPages } from './rollup-level.js';
import { sessionWork } from './rollup-sessions.js';

export interface CycleDeps {
  rollups: RollupStore;
  maintenance: MaintenanceStore;
  runs: CycleRunStore;
  /** The configured summarizer. */
  summarizer: Summarizer;
  /** Carries periods too small to be worth a call of the configured one. */
  localSummarizer: Summarizer;
  embedder: Embedder;
  config: Pick<Config, 'rollup' | 'decay' | 'prune' | 'scheduler' | 'defaultTimezone'>;
  log: Logger;
  /** The entity step, when entities are on: links what the sessions written name; runs after sessions. */
  entities?: EntityStepDeps;
  /** The era step, when eras are enabled; runs after months. */
  eras?: (ctx: CycleContext) => Promise<LevelCounts>;
  /**
   * Which Strata runs the cycle, one id per instance (so per configuration): the era step is skipped only after a
   * cycle of the same instance, which ran it with the same settings.
   */
  instance: string;
  /** Counts what only the cycle sees (a lease taken over, how long each step took); the rest from its report. */
  metrics?: Pick<StrataMetrics, 'leaseTakeovers' | 'cycleSteps'>;
}

export interface CycleOptions {
  dryRun?: boolean;
  /** The cycle's notion of now; tests and benchmarks set it, the scheduler does not. */
  now?: Date;
  /** Who runs it, for the lease; one id per process by default. */
  owner?: string;
  /** Aborted at shutdown: the cycle stops before its next period, records itself and releases its lease. */
  signal?: AbortSignal;
  /** Pending work read per page; PENDING_PER_PAGE unless a test wants a backlog of many pages cheaply. */
  pageSize?: number;
}

/** The steps of a cycle, as the step-duration metric names them. */
type CycleStep = 'relink' | 'session_day' | 'entities' | 'week' | 'month' | 'era' | 'decay' | 'prune';

export const processOwner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * One cycle for one group: sessions, days, the sessions' entities, weeks, months, eras, decay, prune. Only one instance runs a group's
 * cycle at a time (a lease in Neo4j); every period commits on its own, so a crash leaves a graph the next cycle
 * completes, and a cycle with nothing new creates and changes nothing.
 */
export async function runCycle(
  deps: CycleDeps,
  groupId: string,
  options: CycleOptions = {},
): Promise<CycleReport> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const dryRun = options.dryRun ?? false;
  // Each cycle holds the lease as its own owner: two cycles of one group in one process (the scheduler's and a
  // manual one) exclude each other as two instances do, instead of sharing the lease and releasing it under each other.
  const owner = options.owner ?? `${processOwner}:${randomUUID().slice(0, 8)}`;
  const report = newCycleReport(groupId, new Date(started).toISOString(), { dryRun });
  const ttl = deps.config.scheduler.leaseSeconds;
  const runId = randomUUID();
  const opened = await deps.runs.openRun({ runId, groupId, owner, ttlSeconds: ttl, dryRun });
  if (!opened) return { ...report, status: 'skipped', reason: `group ${groupId} does not exist` };
  const { settings, lease, run } = opened;
  if (!run) {
    return {
      ...report,
      status: 'skipped',
      // The holder's id is for operators (CLI, logs); the API's 409 does not pass it on.
      reason: `another instance (${lease.owner}) holds the cycle lease until ${lease.expiresAt}`,
      leaseExpiresAt: lease.expiresAt,
    };
  }

  report.runId = runId;
  let leaseRenewedAt = Date.now();
  try {
    if (run.abandoned > 0) {
      deps.metrics?.leaseTakeovers.inc();
      deps.log.warn(
        { groupId, runId, abandoned: run.abandoned },
        'took over the lease of a dead owner: its run marked abandoned',
      );
    }
    const ctx: CycleContext = {
      groupId,
      timezone: settings.timezone ?? deps.config.defaultTimezone,
      now,
      clock: groupClock(settings.latestMemoryAt, now),
      dryRun,
      pageSize: options.pageSize ?? PENDING_PER_PAGE,
      rollups: deps.rollups,
      maintenance: deps.maintenance,
      summarizer: deps.summarizer,
      localSummarizer: deps.localSummarizer,
      embedder: deps.embedder,
      rollup: deps.config.rollup,
      decay: deps.config.decay,
      prune: deps.config.prune,
      lastPrunedOn: run.lastPrunedOn,
      decayRefreshed: run.decayRefreshed,
      log: deps.log,
      errors: report.errors,
      fallbacks: report.summarizerFallbacks,
      waitingUntil: null,
      ...(options.signal ? { signal: options.signal } : {}),
      renewLease: async () => {
        // Renewed once a third of its time has passed, not at every call: a full cycle asks once per chunk of
        // periods, and a write transaction each time cost more than the lease needs.
        if (Date.now() - leaseRenewedAt < (ttl * 1000) / 3) return;
        const asked = Date.now();
        if (!(await deps.runs.renewLease(groupId, owner, ttl))) throw new LeaseLostError(groupId);
        leaseRenewedAt = asked;
      },
    };
    const step = async <T>(name: CycleStep, run: () => Promise<T>): Promise<T> => {
      if (options.signal?.aborted) throw new CycleStoppedError(groupId);
      const end = deps.metrics?.cycleSteps.labels(name).startTimer();
      try {
        return await run();
      } finally {
        end?.();
      }
    };
    // Only a cycle that did not succeed can have left a chain unlinked: after a success the scan is skipped.
    if (run.previousStatus !== 'succeeded') await step('relink', () => relinkBrokenChains(ctx));
    // Days are cut from memories, not from sessions, so the two levels share their write transactions: a day's
    // cycle writes its sessions and its day in one. Weeks read the days, and months the weeks, written before them.
    // Each level works through its backlog a page at a time, oldest first.
    [report.levels.session, report.levels.day] = await step('session_day', () =>
      rollUpPages(ctx, async () => [await sessionWork(ctx), await calendarWork(ctx, 'day')]),
    );
    if (deps.entities) {
      const entities = deps.entities;
      const linked = await step('entities', () => linkSessionEntities(ctx, entities));
      if (linked > 0) deps.log.debug({ groupId, sessions: linked }, 'entities linked');
    }
    [report.levels.week] = await step('week', () =>
      rollUpPages(ctx, async () => [await calendarWork(ctx, 'week')]),
    );
    [report.levels.month] = await step('month', () =>
      rollUpPages(ctx, async () => [await calendarWork(ctx, 'month')]),
    );
    if (deps.eras && erasMayChange(deps, run, report)) {
      const eras = deps.eras;
      report.levels.era = await step('era', () => eras(ctx));
    }
    report.decayUpdated = await step('decay', () => refreshDecay(ctx));
    report.pruned = await step('prune', () => prune(ctx));
    Object.assign(report, workLeft(ctx, report));
  } catch (error) {
    // A delete may surface as any failure (our lease removed with the group, a node gone under a write): when the
    // group no longer exists, that is what happened.
    if (
      error instanceof GroupGoneError ||
      !(await deps.rollups.groupSettings(groupId).catch(() => settings))
    ) {
      // Deleted while the cycle ran: the delete wins, and the cycle ends without writing anything more.
      report.status = 'skipped';
      report.reason = 'the group was deleted during the cycle';
    } else if (error instanceof CycleStoppedError) {
      // Not a failure: shutdown asked for it, and the next cycle resumes where this one stopped.
      report.status = 'stopped';
      report.reason = error.message;
      deps.log.info({ groupId, runId }, error.message);
    } else {
      report.status = 'failed';
      report.reason = (error as Error).message;
      deps.log.error({ groupId, runId, err: error }, 'cycle failed; the next cycle resumes where it stopped');
    }
  } finally {
    report.tookMs = Date.now() - started;
    // The record and the lease's release commit together; should that fail, the lease is still given back.
    // The day it pruned, when it did: later cycles that day leave pruning alone. A dry run only counted.
    const prunedOn = report.pruned.checked && !dryRun ? utcDay(now) : null;
    const recorded = await finish(deps, report, owner, prunedOn).then(
      () => true,
      (error) => {
        deps.log.error({ groupId, err: error }, 'could not record the cycle');
        return false;
      },
    );
    if (!recorded) await deps.runs.releaseLease(groupId, owner).catch(() => undefined);
  }
  deps.log.info(
    { groupId, runId, status: report.status, levels: report.levels, tookMs: report.tookMs },
    'cycle',
  );
  return report;
}

/**
 * Eras come from the day and week summaries. After a cycle of this same instance that succeeded, they agree with
 * those, so they can change only with a day or week this cycle writes; without one, the era step (three reads, one
 * of them of every day of the current era with its vector) is skipped. A cycle that did not succeed may have
 * stopped before its eras, and another instance may run other era settings (or none).
 */
function erasMayChange(deps: CycleDeps, run: RunStart, report: CycleReport): boolean {
  if (run.previousStatus !== 'succeeded' || run.previousInstance !== deps.instance) return true;
  return (
    report.levels.day.created +
      report.levels.day.updated +
      report.levels.week.created +
      report.levels.week.updated >
    0
  );
}

/** The group's clock: the time of its latest memory, never later than now; now for a group without memories. */
export function groupClock(latestMemoryAt: string | null, now: Date): Date {
  if (!latestMemoryAt) return now;
  return new Date(Math.min(Date.parse(latestMemoryAt), now.getTime()));
}

/**
 * What the group has left once the cycle is through: whether a cycle started now would summarise anything, and when
 * what is still open (a period not over, a session still active) becomes ready. The steps have just seen it all: a
 * cycle that writes leaves pending only the periods it failed on (each recorded in the report's errors; what comes
 * in meanwhile makes the group due by its ingest time), and a dry run would do what it counted. A week that waits
 * for its month to end is not pending work, it is work from nextWorkAt on.
 */
function workLeft(ctx: CycleContext, report: CycleReport): Pick<CycleReport, 'pendingWork' | 'nextWorkAt'> {
  const counted = SUMMARY_LEVELS.some((l) => report.levels[l].created + report.levels[l].updated > 0);
  return {
    pendingWork: ctx.dryRun ? counted : report.errors.length > 0,
    nextWorkAt: ctx.waitingUntil?.toISOString() ?? null,
  };
}

async function finish(
  deps: CycleDeps,
  report: CycleReport,
  leaseOwner: string,
  prunedOn: string | null,
): Promise<void> {
  const sum = (key: keyof LevelCounts) => Object.values(report.levels).reduce((n, l) => n + l[key], 0);
  // The record ends as the report does: a cycle skipped because its group was deleted under it is skipped, not
  // succeeded. Why it was skipped is its reason, not an error; a failure's or a stop's reason is also listed among
  // the errors, as before.
  const reasonIsError = report.status === 'failed' || report.status === 'stopped';
  await deps.runs.finishRun({
    runId: report.runId as string,
    groupId: report.groupId,
    status: report.status,
    reason: report.reason ?? null,
    counts: { levels: report.levels, decayUpdated: report.decayUpdated, pruned: report.pruned },
    errors: reasonIsError && report.reason ? [...report.errors, report.reason] : report.errors,
    summarizerFallbacks: report.summarizerFallbacks,
    created: sum('created'),
    updated: sum('updated'),
    pruned: Object.values(report.pruned.archived).reduce((n, c) => n + c, 0) + report.pruned.memories,
    // A cycle stopped for shutdown left its remaining periods pending: the next tick, in whichever instance, resumes.
    hasPendingWork: report.pendingWork || report.status === 'stopped',
    nextWorkAt: report.nextWorkAt,
    prunedOn,
    instance: deps.instance,
    leaseOwner,
  });
}
