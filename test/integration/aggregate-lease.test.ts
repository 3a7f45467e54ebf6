import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backendOf } from '../../src/cli/backend.js';
import { main } from '../../src/cli/cli.js';
import type { Strata } from '../../src/strata.js';
import { collector } from '../support/out-stream.js';
import { testApp } from '../support/test-app.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

describeNeo4j('a manual cycle while another instance holds the lease', () => {
  let strata: Strata;
  let app: ReturnType<typeof testApp>;
  const groupId = testGroupId('lease');
  const OTHER = 'other-instance:4242:abcd';

  beforeAll(async () => {
    strata = await openTestStrata();
    await strata.services.ingest(groupId, [
      { text: 'Shall we move the retro to Thursday?', speaker: 'ana', ts: '2024-05-02T09:30:00Z' },
    ]);
    app = testApp(strata);
  });

  afterAll(async () => {
    if (!strata) return;
    await strata.runs.releaseLease(groupId, OTHER).catch(() => undefined);
    await deleteGroup(strata.graph, groupId);
    await strata.close();
  });

  const cli = async (...args: string[]) => {
    const stdout = collector();
    const stderr = collector();
    // The backend is the test's own Strata; the CLI must not close it.
    const backend = { ...backendOf(strata), close: async () => undefined };
    const code = await main(['aggregate', '--group', groupId, ...args], {
      stdout,
      stderr,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      openBackend: async () => backend,
    });
    return { code, stdout: stdout.text, stderr: stderr.text };
  };

  it("answers 409 with the holder's expiry and Retry-After, and does nothing", async () => {
    const lease = (
      await strata.runs.openRun({
        runId: `other-${groupId}`,
        groupId,
        owner: OTHER,
        ttlSeconds: 120,
        dryRun: false,
      })
    )?.lease;
    expect(lease?.acquired).toBe(true);
    const runsBefore = await strata.graph.read<{ kind: string; count: number }>('inspect/group-counts', {
      groupId,
    });

    const res = await request(app).post(`/v1/groups/${groupId}/aggregate`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'lease_held', leaseExpiresAt: lease?.expiresAt });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBe(res.body.retryAfterSeconds);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // The holder's identity (host, pid) is not the client's business.
    expect(JSON.stringify(res.body)).not.toContain(OTHER);
    expect(await strata.graph.read('inspect/group-counts', { groupId })).toEqual(runsBefore);
  });

  it('makes the CLI say so and exit 1, or wait for the lease with --wait', async () => {
    const held = await cli();
    expect(held.code).toBe(1);
    expect(held.stderr).toMatch(
      /1 group not cycled: another instance holds the cycle lease of .* \(until 20/,
    );
    expect(held.stdout).toContain('skipped');

    // Released by its holder while the CLI waits: the cycle then runs.
    const release = new Promise((resolve) => setTimeout(resolve, 1500)).then(() =>
      strata.runs.releaseLease(groupId, OTHER),
    );
    const waited = await cli('--wait', '20');
    await release;
    expect(waited.stderr).toMatch(/waited .* for the cycle lease \(free\)/);
    expect(waited.code).toBe(0);
    expect(waited.stdout).toMatch(/succeeded/);
  });

  it('marks the run of an owner that died holding the lease abandoned when the next cycle takes it over', async () => {
    // The dead owner: its lease ran out (0 s), its run record never closed.
    const deadRun = `dead-run-${groupId}`;
    const opened = await strata.runs.openRun({
      runId: deadRun,
      groupId,
      owner: OTHER,
      ttlSeconds: 0,
      dryRun: false,
    });
    expect(opened?.run).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));

    const report = await strata.cycle(groupId);
    expect(report.status).toBe('succeeded');
    const records = await strata.graph.read<{ id: string; status: string; errors: string[] | null }>(
      'inspect/aggregation-runs',
      { groupId },
    );
    const dead = records.find((r) => r.id === deadRun);
    expect(dead?.status).toBe('abandoned');
    expect(dead?.errors?.join(' ')).toContain(report.runId as string);
    expect(records.find((r) => r.id === report.runId)?.status).toBe('succeeded');
    expect(records.filter((r) => r.status === 'running')).toEqual([]);
  });

  it('tells a cycle whether the last one that could write succeeded or died on the way', async () => {
    // A dry run's opening, its lease expiring at once so that the next opening takes it.
    const previous = async () =>
      (
        await strata.runs.openRun({
          runId: `probe-${Date.now()}`,
          groupId,
          owner: 'probe-owner',
          ttlSeconds: 0,
          dryRun: true,
        })
      )?.run?.previousStatus;
    expect(await previous()).toBe('succeeded');
    // A writing cycle that dies after its start leaves 'running' behind; a dry run changes nothing.
    const dead = await strata.runs.openRun({
      runId: `dead-again-${groupId}`,
      groupId,
      owner: OTHER,
      ttlSeconds: 0,
      dryRun: false,
    });
    expect(dead?.run).not.toBeNull();
    expect(await previous()).toBe('running');
    expect(await previous()).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await strata.cycle(groupId)).status).toBe('succeeded');
    expect(await previous()).toBe('succeeded');
  });

  it('answers 200 once the lease is free', async () => {
    const res = await request(app).post(`/v1/groups/${groupId}/aggregate?dryRun=true`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ groupId, status: 'succeeded', dryRun: true });
  });
});
