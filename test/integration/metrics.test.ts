import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strata } from '../../src/strata.js';
import { serveTestApp } from '../support/test-app.js';
import { deleteGroup, hasNeo4j, openTestStrata, testGroupId } from './neo4j.js';

/** Debian's prometheus package: the server, and promtool beside it. */
const hasPrometheus = (() => {
  try {
    execFileSync('prometheus', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (hasNeo4j && !hasPrometheus) console.log('skipped: no prometheus on PATH (apt-get install prometheus)');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * A real Prometheus scrapes a real Strata: the recall histogram and the cycle counter are read back through
 * Prometheus's own query API, so the format, the names and the labels are what a deployment would get.
 */
describe.skipIf(!hasNeo4j || !hasPrometheus)('metrics scraped by Prometheus', () => {
  let strata: Strata;
  let server: Awaited<ReturnType<typeof serveTestApp>>;
  let prometheus: ChildProcess;
  let dir: string;
  let prometheusUrl: string;
  const group = testGroupId('metrics');

  beforeAll(async () => {
    strata = await openTestStrata();
    server = await serveTestApp(strata, { metrics: strata.metrics });
    dir = await mkdtemp(join(tmpdir(), 'strata-prometheus-'));
    const target = new URL(server.url).host;
    await writeFile(
      join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        'scrape_configs:',
        '  - job_name: strata',
        '    metrics_path: /metrics',
        '    static_configs:',
        `      - targets: ['${target}']`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
  }, 60_000);

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    if (prometheus && prometheus.exitCode === null) await once(prometheus, 'exit');
    await server?.close();
    await deleteGroup(strata.graph, group);
    await strata?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The value of an instant query once Prometheus has it at or above `atLeast`. */
  async function scraped(query: string, atLeast: number): Promise<number> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
        const body = (await response.json()) as { data?: { result?: { value: [number, string] }[] } };
        const value = Number(body.data?.result?.[0]?.value[1] ?? Number.NaN);
        if (value >= atLeast) return value;
      } catch {
        // Not up yet.
      }
      if (Date.now() > deadline) throw new Error(`Prometheus never had ${query} >= ${atLeast}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  it('reads back the recall latency histogram, the cycle counters and the backlog through the query API', async () => {
    await strata.services.ingest(group, [
      { text: 'The regatta starts at the harbour on Saturday', speaker: 'ana', ts: '2024-03-04T09:00:00Z' },
      { text: 'We need a new jib before the regatta', speaker: 'ben', ts: '2024-03-04T09:05:00Z' },
    ]);
    await fetch(`${server.url}/v1/groups/${group}/aggregate`, { method: 'POST' });
    const recalled = await fetch(`${server.url}/v1/groups/${group}/recall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'regatta jib' }),
    });
    expect(recalled.status).toBe(200);

    expect(await scraped('sum(strata_recall_duration_seconds_count)', 1)).toBeGreaterThanOrEqual(1);
    expect(await scraped('sum(strata_recall_duration_seconds_bucket{le="+Inf"})', 1)).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      await scraped('sum(strata_cycle_duration_seconds_count{outcome="succeeded"})', 1),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await scraped('sum(strata_cycle_step_duration_seconds_count{step="session_day"})', 1),
    ).toBeGreaterThanOrEqual(1);
    // Other suites share the database, so only that the figure is there, read from Neo4j, can be asserted.
    expect(await scraped('strata_backlog_oldest_seconds', 0)).toBeGreaterThanOrEqual(0);
    expect(await scraped('sum(strata_memories_ingested_total)', 2)).toBeGreaterThanOrEqual(2);
    expect(
      await scraped(
        'sum(strata_http_request_duration_seconds_count{route="/v1/groups/:groupId/recall",status="200"})',
        1,
      ),
    ).toBeGreaterThanOrEqual(1);
    // No label holds the group: Prometheus knows no series that names it.
    const series = await fetch(
      `${prometheusUrl}/api/v1/series?match[]=${encodeURIComponent('{job="strata"}')}`,
    );
    expect(JSON.stringify(await series.json())).not.toContain(group);
  }, 90_000);
});
