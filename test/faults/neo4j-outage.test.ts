import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Strata } from '../../src/strata.js';
import { openTestStrata } from '../integration/neo4j.js';
import { type AppProcess, call, sleep, startApp } from './support/app.js';
import { chunks, conversation, faultGroupId, type MemoryIn } from './support/data.js';
import { describeOutage } from './support/describe.js';
import { startNeo4j, stopNeo4j } from './support/env.js';
import { dayParents, nodeCounts, storedIds, verifyProblems } from './support/inspect.js';

/**
 * Scenario 2: Neo4j stops in the middle of an ingest and comes back. The client sends batches with client ids
 * and retries each until it lands, as README tells clients to; the app is never restarted.
 */

interface Attempt {
  batch: number;
  status: number;
  retryAfter: string | null;
  phase: 'before' | 'outage' | 'after';
  created: string[];
  existing: string[];
  ms: number;
}

describeOutage('Neo4j stopped mid-ingest and started again', () => {
  const groupId = faultGroupId('outage');
  const memories = conversation({ prefix: 'o', days: 40, perDay: 30 });
  const batches = chunks(memories, 25);
  const attempts: Attempt[] = [];
  const readyDuringOutage: { status: number; body: unknown }[] = [];
  let phase: Attempt['phase'] = 'before';
  let strata: Strata;
  let app: AppProcess;
  let appExitedEarly = false;
  const timings = { stopMs: 0, startMs: 0, outageMs: 0 };

  /** The client: each batch until it lands, honouring Retry-After (bounded, so the test stays short). */
  async function ingestAll(): Promise<void> {
    for (const [index, batch] of batches.entries()) {
      for (let tries = 0; ; tries++) {
        const started = Date.now();
        const res = await send(batch);
        const body = (res.body ?? {}) as { created?: string[]; existing?: string[] };
        attempts.push({
          batch: index,
          status: res.status,
          retryAfter: res.headers?.get('retry-after') ?? null,
          phase,
          created: body.created ?? [],
          existing: body.existing ?? [],
          ms: Date.now() - started,
        });
        if (res.status === 201 || res.status === 200) break;
        if (res.status >= 400 && res.status < 500)
          throw new Error(`batch ${index}: ${JSON.stringify(res.body)}`);
        if (tries > 400) throw new Error(`batch ${index} never landed`);
        const hinted = Number(res.headers?.get('retry-after'));
        await sleep(Number.isFinite(hinted) && hinted > 0 ? Math.min(hinted, 3) * 1000 : 1000);
      }
      // Paced like a live client, so the stop lands between and inside requests. Once the stop is under way the
      // client slows down: a stop can take 15 s, and the batches left must still be sending when it takes effect.
      await sleep(phase === 'outage' ? 500 : 50);
    }
  }

  const send = (batch: MemoryIn[]) =>
    call(`${app.url}/v1/groups/${groupId}/memories`, { body: { memories: batch }, timeoutMs: 90_000 });

  beforeAll(async () => {
    strata = await openTestStrata();
    app = await startApp();
    void app.exited.then(() => {
      appExitedEarly = true;
    });

    const client = ingestAll();
    // Let a few batches land, then pull Neo4j out from under the running ingest.
    while (attempts.filter((a) => a.status === 201 || a.status === 200).length < 5) await sleep(100);
    await strata.close();
    phase = 'outage';
    const outageStarted = Date.now();
    timings.stopMs = await stopNeo4j();
    // Neo4j is down: wait until the client has been answered at least twice, and ask /readyz why.
    const seen = attempts.length;
    const deadline = Date.now() + 120_000;
    while (attempts.length < seen + 2 && Date.now() < deadline) await sleep(250);
    readyDuringOutage.push(await call(`${app.url}/readyz`, { timeoutMs: 60_000 }));
    timings.startMs = await startNeo4j();
    timings.outageMs = Date.now() - outageStarted;
    phase = 'after';
    await client;
    strata = await openTestStrata();
    console.log(
      `outage: stop ${timings.stopMs} ms, start ${timings.startMs} ms, outage ${timings.outageMs} ms; ` +
        `${attempts.length} requests for ${batches.length} batches; statuses ${JSON.stringify(statusCounts(attempts))}; ` +
        `503 answers took ${JSON.stringify(attempts.filter((a) => a.status === 503).map((a) => a.ms))} ms; ` +
        `slowest 201: ${Math.max(...attempts.filter((a) => a.status === 201).map((a) => a.ms))} ms`,
    );
  }, 600_000);

  afterAll(async () => {
    app?.kill('SIGKILL');
    if (strata) {
      await strata.groups.deleteGroup(groupId).catch(() => undefined);
      await strata.close();
    }
  });

  it('lands every retried batch exactly once: stored ids are exactly the ids sent', async () => {
    const sent = memories.map((m) => m.id);
    const stored = await storedIds(strata, groupId, sent);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.length).toBe(sent.length);
    // Nothing else was written either: no memory under an id the client did not send.
    expect((await nodeCounts(strata, groupId)).Memory).toBe(sent.length);
    // A batch committed just before the connection died comes back as existing on its retry, never twice created.
    const created = attempts.flatMap((a) => a.created);
    expect(created.length).toBe(new Set(created).size);
    const landed = new Set([...created, ...attempts.flatMap((a) => a.existing)]);
    expect(landed.size).toBe(sent.length);
  });

  it('wrote nothing by halves: every stored memory is whole, and the graph verifies clean after a cycle', async () => {
    const rows = await strata.graph.read<{ embeddingSize: number; text: string; tsType: string }>(
      'inspect/memories',
      { groupId, ids: memories.map((m) => m.id) },
    );
    expect(
      rows.filter((r) => r.embeddingSize !== 384 || !r.text || !r.tsType.startsWith('ZONED DATETIME')),
    ).toEqual([]);
    const cycle = await call(`${app.url}/v1/groups/${groupId}/aggregate`, {
      method: 'POST',
      timeoutMs: 300_000,
    });
    expect(cycle.status).toBe(200);
    expect((cycle.body as { status: string }).status).toBe('succeeded');
    const report = await strata.services.verify(groupId);
    expect(verifyProblems(report)).toEqual([]);
    expect(report.pending.memories).toBe(0);
    expect(await dayParents(strata, groupId)).toEqual({ 1: memories.length });
  });

  it('recovered without a restart: the same process answers ready and ingests again', async () => {
    expect(appExitedEarly).toBe(false);
    expect((await call(`${app.url}/readyz`)).status).toBe(200);
    expect(attempts.filter((a) => a.phase === 'after' && a.status === 201).length).toBeGreaterThan(0);
  });

  it('answered the outage with 503 and Retry-After, never 500, and /readyz said why', () => {
    const failed = attempts.filter((a) => a.status !== 201 && a.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.map((a) => a.status).filter((s) => s !== 503)).toEqual([]);
    expect(failed.filter((a) => !(Number(a.retryAfter) > 0))).toEqual([]);
    const [ready] = readyDuringOutage;
    expect(ready?.status).toBe(503);
    const reason = (ready?.body ?? {}) as { neo4j?: string; message?: string };
    expect(reason.neo4j).toBe('unreachable');
    expect(reason.message).toBeTruthy();
  });
});

function statusCounts(attempts: Attempt[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of attempts) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}
