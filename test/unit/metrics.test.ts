import { execFileSync } from 'node:child_process';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/ai/embeddings/index.js';
import { createApp } from '../../src/api/app.js';
import { type ScopedKey, sha256Hex } from '../../src/domain/api-keys.js';
import { createLogger } from '../../src/log.js';
import { countedEmbedder, countedSummarizer, StrataMetrics } from '../../src/metrics.js';
import { stubServices } from '../support/stub-services.js';

const TEAM_KEY = 'team-key-0123456789abcdef';
const ADMIN_KEY = 'admin-key-0123456789abcdef';
const keys: ScopedKey[] = [
  { name: 'team', sha256: sha256Hex(TEAM_KEY), groups: ['team-*'], admin: false },
  { name: 'ops', sha256: sha256Hex(ADMIN_KEY), groups: ['*'], admin: true },
];

const services = stubServices({
  recall: async (_g, request) => ({
    query: request.query,
    k: request.k,
    items: [],
    minScore: 0.3,
    abstained: true,
    entities: [],
    tookMs: 1,
  }),
  ingest: async () => ({ created: ['a', 'b'], existing: [] }),
});

const promtool = (() => {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('GET /metrics', () => {
  it('counts requests by route template and status, never by group, in the Prometheus text format', async () => {
    const metrics = new StrataMetrics();
    const app = createApp({ services, metrics, log: createLogger('silent'), bodyLimitBytes: 100_000 });
    await request(app).post('/v1/groups/team-secret-1/recall').send({ query: 'retro' }).expect(200);
    await request(app).post('/v1/groups/team-secret-2/recall').send({ query: '' }).expect(400);
    const scraped = await request(app).get('/metrics').expect(200);
    expect(scraped.headers['content-type']).toMatch(/text\/plain/);
    const text = scraped.text;
    expect(text).toMatch(
      /strata_http_request_duration_seconds_count\{method="POST",route="\/v1\/groups\/:groupId\/recall",status="200"\} 1/,
    );
    expect(text).toMatch(/strata_http_errors_total\{code="invalid_request"\} 1/);
    expect(text).toContain('strata_process_cpu_seconds_total');
    expect(text).not.toContain('team-secret');
    if (promtool) {
      // promtool reads the scrape on stdin and exits non-zero on anything Prometheus would not accept.
      execFileSync('promtool', ['check', 'metrics'], { input: text });
    }
  });

  it('counts model calls by outcome, the wrapped embedder answering as before', async () => {
    const metrics = new StrataMetrics();
    const embedder = countedEmbedder(createHashingEmbedder(16), metrics);
    expect(await embedder.embeddings.embedQuery('kiln glaze')).toHaveLength(16);
    await embedder.embeddings.embedDocuments(['a b', 'c d']);
    const failing = countedSummarizer(
      { name: 'broken', summarize: async () => Promise.reject(new Error('down')) },
      metrics,
    );
    await expect(failing.summarize({} as never)).rejects.toThrow('down');
    const text = await metrics.registry.getSingleMetricAsString('strata_model_calls_total');
    expect(text).toContain('strata_model_calls_total{call="embed",outcome="ok"} 2');
    expect(text).toContain('strata_model_calls_total{call="summarize",outcome="error"} 1');
  });

  it('times what it is given, and reads the groups due at each scrape', async () => {
    let due = 3;
    const metrics = new StrataMetrics({ groupsDue: async () => due });
    await metrics.time(metrics.recallSeconds, async () => 'done');
    expect(await metrics.registry.getSingleMetricAsString('strata_recall_duration_seconds')).toMatch(
      /strata_recall_duration_seconds_count 1/,
    );
    expect(await metrics.registry.getSingleMetricAsString('strata_groups_due')).toMatch(
      /strata_groups_due 3/,
    );
    due = 0;
    expect(await metrics.registry.getSingleMetricAsString('strata_groups_due')).toMatch(
      /strata_groups_due 0/,
    );
    // With Neo4j gone the figure is unknown, and the scrape is still served.
    const down = new StrataMetrics({
      groupsDue: async () => Promise.reject(new Error('Neo4j is unavailable')),
    });
    expect(await down.registry.metrics()).toMatch(/strata_groups_due nan/i);
  });

  it('reads the age of the oldest backlog at each scrape, and counts cycle steps and Neo4j errors by label', async () => {
    const metrics = new StrataMetrics({ oldestBacklogSeconds: async () => 7200 });
    expect(await metrics.registry.getSingleMetricAsString('strata_backlog_oldest_seconds')).toMatch(
      /strata_backlog_oldest_seconds 7200/,
    );
    metrics.cycleSteps.labels('session_day').observe(1.5);
    metrics.neo4jErrors.labels('memory_limit').inc();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/strata_cycle_step_duration_seconds_count\{step="session_day"\} 1/);
    expect(text).toMatch(/strata_neo4j_errors_total\{kind="memory_limit"\} 1/);
    if (promtool) execFileSync('promtool', ['check', 'metrics'], { input: text });
  });

  it('needs an admin key when Strata has keys', async () => {
    const app = createApp({
      services,
      metrics: new StrataMetrics(),
      log: createLogger('silent'),
      bodyLimitBytes: 100_000,
      apiKeys: keys,
    });
    await request(app).get('/metrics').expect(401);
    await request(app).get('/metrics').set('authorization', `Bearer ${TEAM_KEY}`).expect(403);
    await request(app).get('/metrics').set('authorization', `Bearer ${ADMIN_KEY}`).expect(200);
  });
});
