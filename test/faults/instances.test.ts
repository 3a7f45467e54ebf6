import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Strata } from '../../src/strata.js';
import { openTestStrata } from '../integration/neo4j.js';
import { type AppProcess, call, runCli, sleep, startApp } from './support/app.js';
import { chunks, conversation, faultGroupId, type MemoryIn } from './support/data.js';
import { describeFaults } from './support/describe.js';
import {
  coverageDiff,
  dayParents,
  duplicatePeriods,
  type LeaseRow,
  leases,
  periodCoverage,
  periods,
  runs,
  verifyProblems,
} from './support/inspect.js';

/**
 * Scenario 4: two app instances with schedulers and the CLI's `aggregate --all`, one database, several groups,
 * continuous ingest for a bounded time. Every period is summarised exactly once, the same periods with the same
 * counts as one process builds from the same data, every group is cycled, and no lease outlives its expiry.
 */

const GROUPS = 3;
const INGEST_SECONDS = 60;
const LEASE_SECONDS = 20;
/** Slack for the two clocks and one scheduling delay: a lease this far past its expiry with an owner is a finding. */
const LEASE_SLACK_MS = 3_000;

describeFaults('two scheduler instances and the CLI on one database', () => {
  const groups = Array.from({ length: GROUPS }, (_, i) => faultGroupId(`multi${i}`));
  const references = groups.map((g) => `${g}-ref`);
  const data = groups.map((_, i) => conversation({ prefix: `p${i}`, days: 30, perDay: 12, seed: 11 + i }));
  const overdue: (LeaseRow & { seenAt: string })[] = [];
  const cliRuns: { code: number | null; tail: string }[] = [];
  let strata: Strata;
  const apps: AppProcess[] = [];
  const seen = { requests: 0, failedRequests: 0, ingestMs: 0, settleMs: 0, leaseSamples: 0 };

  beforeAll(async () => {
    strata = await openTestStrata();
    const env = {
      SCHEDULER_ENABLED: 'true',
      CYCLE_SCHEDULE: '*/10 * * * * *',
      CYCLE_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    apps.push(await startApp(env), await startApp(env));

    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const lease of await leases(strata, groups)) {
          if (lease.owner && (lease.msPastExpiry ?? 0) > LEASE_SLACK_MS)
            overdue.push({ ...lease, seenAt: new Date().toISOString() });
        }
        seen.leaseSamples++;
        await sleep(1000);
      }
    })();

    // Day by day, round the groups, paced to last INGEST_SECONDS, through both instances in turn.
    const batches = data.map((memories) => chunks(memories, 12));
    const rounds = Math.max(...batches.map((b) => b.length));
    const pause = (INGEST_SECONDS * 1000) / (rounds * GROUPS);
    const started = Date.now();
    const cli = (async () => {
      for (const at of [0.3, 0.7]) {
        await sleep(Math.max(0, started + at * INGEST_SECONDS * 1000 - Date.now()));
        // Beside running schedulers a lease is often held; the CLI exits 1 for a held lease unless told to wait
        // for it, which is how an operator runs it next to schedulers.
        const res = await runCli(['aggregate', '--all', '--wait', String(3 * LEASE_SECONDS)], {
          CYCLE_LEASE_SECONDS: String(LEASE_SECONDS),
        });
        cliRuns.push({ code: res.code, tail: res.stderr.slice(-400) });
      }
    })();
    for (let round = 0; round < rounds; round++) {
      for (let g = 0; g < GROUPS; g++) {
        const batch = batches[g]?.[round] as MemoryIn[] | undefined;
        if (!batch) continue;
        const app = apps[(round + g) % apps.length] as AppProcess;
        for (;;) {
          seen.requests++;
          const res = await call(`${app.url}/v1/groups/${groups[g]}/memories`, { body: { memories: batch } });
          if (res.status === 201) break;
          seen.failedRequests++;
          if (seen.failedRequests > 20) throw new Error(`ingest keeps failing: ${res.status}`);
          await sleep(1000);
        }
        await sleep(pause);
      }
    }
    seen.ingestMs = Date.now() - started;
    await cli;

    // Let the schedulers finish what is left; then one last CLI pass must find nothing more to write.
    const settleStart = Date.now();
    for (;;) {
      const pending = await Promise.all(
        groups.map((g) => strata.services.verify(g).then((v) => v.pending.memories)),
      );
      const busy = (await leases(strata, groups)).some((l) => l.owner);
      if (pending.every((p) => p === 0) && !busy) break;
      if (Date.now() - settleStart > 400_000) throw new Error(`work still pending: ${pending}`);
      await sleep(2000);
    }
    seen.settleMs = Date.now() - settleStart;
    const last = await runCli(['aggregate', '--all', '--json'], {
      CYCLE_LEASE_SECONDS: String(LEASE_SECONDS),
    });
    cliRuns.push({ code: last.code, tail: last.stderr.slice(-400) });
    for (const app of apps) app.kill('SIGTERM');
    await Promise.all(apps.map((a) => a.exited));
    watching = false;
    await watcher;

    // The reference: one process, all of each group's memories at once, one cycle.
    for (const [i, ref] of references.entries()) {
      await strata.services.ingest(ref, data[i] as MemoryIn[]);
      await strata.cycle(ref);
    }
    console.log(
      `instances: ${JSON.stringify({ ...seen, cli: cliRuns.map((c) => c.code), overdue: overdue.length })}`,
    );
  }, 900_000);

  afterAll(async () => {
    for (const app of apps) app.kill('SIGKILL');
    if (strata) {
      for (const g of [...groups, ...references]) await strata.groups.deleteGroup(g).catch(() => undefined);
      await strata.close();
    }
  });

  it('summarised every period exactly once: the same periods and counts as a single process builds', async () => {
    for (const [i, group] of groups.entries()) {
      const rows = await periods(strata, group);
      expect(duplicatePeriods(rows)).toEqual([]);
      const reference = await periods(strata, references[i] as string);
      expect(coverageDiff(periodCoverage(rows), periodCoverage(reference))).toEqual({
        missing: [],
        extra: [],
      });
      expect(await dayParents(strata, group)).toEqual({ 1: data[i]?.length });
    }
  });

  it('cycled every group, by more than one owner between them, and verifies clean', async () => {
    const owners = new Set<string>();
    for (const group of groups) {
      const records = await runs(strata, group);
      const done = records.filter((r) => r.status === 'succeeded' && !r.dryRun);
      expect(done.length).toBeGreaterThan(0);
      expect(records.filter((r) => r.status === 'failed')).toEqual([]);
      for (const r of done) owners.add(r.owner.split(':').slice(0, 2).join(':'));
      const verify = await strata.services.verify(group);
      expect(verifyProblems(verify)).toEqual([]);
    }
    expect(owners.size).toBeGreaterThan(1);
  });

  it('held no lease past its expiry, and left none held', async () => {
    expect(seen.leaseSamples).toBeGreaterThan(INGEST_SECONDS / 2);
    expect(overdue).toEqual([]);
    expect((await leases(strata, groups)).filter((l) => l.owner)).toEqual([]);
  });

  it('the CLI ran beside the schedulers without failing', () => {
    expect(cliRuns.length).toBe(3);
    expect(cliRuns.filter((c) => c.code !== 0).map((c) => `exit ${c.code}: ${c.tail}`)).toEqual([]);
  });
});
