import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Strata } from '../../src/strata.js';
import { openTestStrata } from '../integration/neo4j.js';
import { type AppProcess, call, runCli, sleep, startApp } from './support/app.js';
import { chunks, conversation, faultGroupId } from './support/data.js';
import { describeFaults } from './support/describe.js';
import {
  coverageDiff,
  dayParents,
  duplicatePeriods,
  leases,
  periodCoverage,
  periods,
  runs,
  sessionParents,
  verifyProblems,
} from './support/inspect.js';

/**
 * Scenario 3: the app is killed with SIGKILL in the middle of a cycle and started again. The dead owner's lease
 * blocks the group until it expires; then the next cycle completes the work. The result is compared with a
 * reference group holding the same memories, cycled without a crash.
 */

const LEASE_SECONDS = 30;

describeFaults('kill -9 of the app in the middle of a cycle', () => {
  const groupId = faultGroupId('crash');
  const referenceId = faultGroupId('crash-ref');
  const memories = conversation({ prefix: 'c', days: 45, perDay: 16 });
  let strata: Strata;
  let app: AppProcess | undefined;
  const seen = {
    referenceCycleMs: 0,
    summariesAtKill: 0,
    referenceSummaries: 0,
    deadOwner: '' as string | null,
    deadLeaseExpiresAt: null as string | null,
    leaseAfterRestart: null as {
      status: number;
      retryAfter: string | null;
      leaseExpiresAt?: string;
      body: string;
    } | null,
    takeoverAfterMs: 0,
    resumedCycles: [] as { status: string; created: number; updated: number; pendingWork: boolean }[],
  };

  const aggregate = (url: string, group: string) =>
    call(`${url}/v1/groups/${group}/aggregate`, { method: 'POST', timeoutMs: 600_000 });

  beforeAll(async () => {
    strata = await openTestStrata();
    const opts = { CYCLE_LEASE_SECONDS: String(LEASE_SECONDS) };
    app = await startApp(opts);
    for (const group of [groupId, referenceId]) {
      for (const batch of chunks(memories, 500)) {
        const res = await call(`${app.url}/v1/groups/${group}/memories`, { body: { memories: batch } });
        if (res.status !== 201) throw new Error(`ingest: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    // The reference: the same memories, one cycle, no crash.
    const started = Date.now();
    const reference = await aggregate(app.url, referenceId);
    seen.referenceCycleMs = Date.now() - started;
    if ((reference.body as { status?: string }).status !== 'succeeded')
      throw new Error(`reference cycle: ${JSON.stringify(reference.body)}`);
    seen.referenceSummaries = (await periods(strata, referenceId)).length;

    // The victim: kill the app once its cycle has written some summaries but not all of them.
    void aggregate(app.url, groupId);
    const deadline = Date.now() + 10 * seen.referenceCycleMs + 60_000;
    for (;;) {
      const count = (await periods(strata, groupId)).length;
      const [run] = await runs(strata, groupId);
      if (run && run.status !== 'running') throw new Error(`the cycle ended before the kill: ${run.status}`);
      if (count >= seen.referenceSummaries * 0.3) {
        app.kill('SIGKILL');
        await app.exited;
        seen.summariesAtKill = (await periods(strata, groupId)).length;
        break;
      }
      if (Date.now() > deadline) throw new Error('the cycle never got under way');
      await sleep(100);
    }
    const [lease] = await leases(strata, [groupId]);
    seen.deadOwner = lease?.owner ?? null;
    seen.deadLeaseExpiresAt = lease?.expiresAt ?? null;

    // Restart. While the dead owner's lease runs, a cycle is refused with the holder and its expiry.
    app = await startApp(opts);
    const early = await aggregate(app.url, groupId);
    seen.leaseAfterRestart = {
      status: early.status,
      retryAfter: early.headers?.get('retry-after') ?? null,
      leaseExpiresAt: (early.body as { leaseExpiresAt?: string }).leaseExpiresAt,
      body: JSON.stringify(early.body),
    };
    const restartedAt = Date.now();
    for (let i = 0; i < 20; i++) {
      const res = await aggregate(app.url, groupId);
      const report = res.body as {
        status: string;
        levels: Record<string, { created: number; updated: number }>;
        pendingWork: boolean;
      };
      if (res.status === 409) {
        await sleep(2000);
        continue;
      }
      if (!seen.takeoverAfterMs) seen.takeoverAfterMs = Date.now() - restartedAt;
      const sum = (k: 'created' | 'updated') => Object.values(report.levels).reduce((n, l) => n + l[k], 0);
      seen.resumedCycles.push({
        status: report.status,
        created: sum('created'),
        updated: sum('updated'),
        pendingWork: report.pendingWork,
      });
      // Pending work that a cycle cannot take yet (the current month still open) is not left-over work.
      if (!report.pendingWork || sum('created') + sum('updated') === 0) break;
    }
    console.log(`crash: ${JSON.stringify(seen)}`);
  }, 900_000);

  afterAll(async () => {
    app?.kill('SIGTERM');
    if (strata) {
      for (const group of [groupId, referenceId])
        await strata.groups.deleteGroup(group).catch(() => undefined);
      await strata.close();
    }
  });

  it('was killed mid-cycle: some periods written, not all, the lease left with the dead owner', () => {
    expect(seen.summariesAtKill).toBeGreaterThan(0);
    expect(seen.summariesAtKill).toBeLessThan(seen.referenceSummaries);
    expect(seen.deadOwner).toMatch(/:\d+:/);
  });

  it("refuses a cycle while the dead owner's lease runs, and takes the lease over once it expired", () => {
    // The 409 says until when (the dead owner's expiry) and when to retry; it does not name the holder.
    expect(seen.leaseAfterRestart?.status).toBe(409);
    expect(Date.parse(seen.leaseAfterRestart?.leaseExpiresAt ?? '')).toBe(
      Date.parse(seen.deadLeaseExpiresAt ?? ''),
    );
    expect(Number(seen.leaseAfterRestart?.retryAfter)).toBeGreaterThan(0);
    expect(seen.leaseAfterRestart?.body).not.toContain(seen.deadOwner as string);
    expect(seen.resumedCycles[0]?.status).toBe('succeeded');
    expect(seen.takeoverAfterMs).toBeLessThan((LEASE_SECONDS + 30) * 1000);
  });

  it('completes the work: the same periods with the same counts as the uncrashed reference, none twice', async () => {
    const rows = await periods(strata, groupId);
    expect(duplicatePeriods(rows)).toEqual([]);
    const diff = coverageDiff(periodCoverage(rows), periodCoverage(await periods(strata, referenceId)));
    expect(diff).toEqual({ missing: [], extra: [] });
    expect(await dayParents(strata, groupId)).toEqual({ 1: memories.length });
    expect(await sessionParents(strata, groupId)).toEqual(await sessionParents(strata, referenceId));
  });

  it('verifies clean, through the API and `strata verify`', async () => {
    const report = await strata.services.verify(groupId);
    expect(verifyProblems(report)).toEqual([]);
    expect(report.pending.memories).toBe(0);
    const cli = await runCli(['verify', '--group', groupId]);
    expect(cli.code, cli.stdout + cli.stderr).toBe(0);
    expect(cli.stdout).toContain('every check holds');
  });

  it("left the lease free, a run record for the resumed cycle by the new owner, and the dead one's abandoned", async () => {
    const [lease] = await leases(strata, [groupId]);
    expect(lease?.owner ?? null).toBeNull();
    const records = await runs(strata, groupId);
    const resumed = records.filter((r) => r.status === 'succeeded');
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed.every((r) => r.owner !== seen.deadOwner)).toBe(true);
    // The dead owner's run is closed as abandoned by the cycle that took its lease over; none stays running.
    const dead = records.filter((r) => r.owner === seen.deadOwner && !r.dryRun);
    expect(dead.map((r) => r.status)).toEqual(['abandoned']);
    expect(records.filter((r) => r.status === 'running')).toEqual([]);
  });
});
