import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import {
  LEASE_RETRY_AFTER_MAX_SECONDS,
  SHUTDOWN_RETRY_AFTER_SECONDS,
  toHttpError,
} from '../../src/api/errors.js';
import { loadConfig } from '../../src/config.js';
import { newCycleReport } from '../../src/domain/cycle-report.js';
import {
  CycleStoppedError,
  DatabaseUnavailableError,
  GroupGoneError,
  LeaseHeldError,
} from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { createStrata, type Strata } from '../../src/strata.js';
import { stubServices } from '../support/stub-services.js';

describe('toHttpError', () => {
  const now = Date.parse('2024-05-01T12:00:00Z');

  it('turns an unavailable Neo4j into 503 with Retry-After', () => {
    const http = toHttpError(
      new DatabaseUnavailableError('the connection was lost', { retryAfterSeconds: 3 }),
    );
    expect(http).toMatchObject({ status: 503, code: 'neo4j_unavailable', extra: { retryAfterSeconds: 3 } });
    expect(http?.message).toContain('nothing was written');
  });

  it("turns a held lease into 409 with the holder's expiry, Retry-After within the expiry and the cap", () => {
    const soon = toHttpError(new LeaseHeldError('g', '2024-05-01T12:00:04.200Z'), now);
    expect(soon).toMatchObject({
      status: 409,
      code: 'lease_held',
      extra: { retryAfterSeconds: 5, details: { leaseExpiresAt: '2024-05-01T12:00:04.200Z' } },
    });
    const late = toHttpError(new LeaseHeldError('g', '2024-05-01T12:10:00Z'), now);
    expect(late?.extra.retryAfterSeconds).toBe(LEASE_RETRY_AFTER_MAX_SECONDS);
    // Expired while answering: try again at once, but never "0".
    expect(toHttpError(new LeaseHeldError('g', '2024-05-01T11:59:00Z'), now)?.extra.retryAfterSeconds).toBe(
      1,
    );
  });

  it('answers a manual cycle that a shutdown stopped with 503 shutting_down and Retry-After, not a 200', async () => {
    expect(toHttpError(new CycleStoppedError('g'))).toMatchObject({
      status: 503,
      code: 'shutting_down',
      extra: { retryAfterSeconds: SHUTDOWN_RETRY_AFTER_SECONDS },
    });
    const stopped = newCycleReport('team-a', '2024-05-01T12:00:00.000Z', {
      runId: 'r1',
      status: 'stopped',
      reason: new CycleStoppedError('team-a').message,
      tookMs: 10,
    });
    const app = createApp({
      services: stubServices({
        getGroup: async () => ({}) as Awaited<ReturnType<ReturnType<typeof stubServices>['getGroup']>>,
        aggregate: async () => stopped,
      }),
      log: createLogger('silent'),
      bodyLimitBytes: 100_000,
    });
    const res = await request(app).post('/v1/groups/team-a/aggregate');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(String(SHUTDOWN_RETRY_AFTER_SECONDS));
    expect(res.body).toMatchObject({
      error: 'shutting_down',
      retryAfterSeconds: SHUTDOWN_RETRY_AFTER_SECONDS,
    });
  });

  it('answers a body the reader cannot read (gzip that is not gzip) with 400, not 500', async () => {
    const app = createApp({ services: stubServices(), log: createLogger('silent'), bodyLimitBytes: 100_000 });
    const res = await request(app)
      .post('/v1/groups/team-a/recall')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send('{"query": "retro"}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'unreadable_body',
      message: 'the request body could not be read; check its Content-Encoding and Content-Length',
    });
  });

  it('turns a group deleted under a request into 404, and leaves other errors to be 500s', () => {
    expect(toHttpError(new GroupGoneError('g'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(toHttpError(new Error('boom'))).toBeNull();
  });
});

describe('a Strata whose Neo4j is not there (a closed port)', () => {
  let strata: Strata;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    const config = loadConfig({
      NEO4J_URI: 'bolt://127.0.0.1:7699',
      NEO4J_RETRY_SECONDS: '1',
      LOG_LEVEL: 'silent',
      SCHEDULER_ENABLED: 'false',
    });
    strata = await createStrata(config, createLogger('silent'));
    app = createApp({ services: strata.services, log: createLogger('silent'), bodyLimitBytes: 100_000 });
  });
  afterAll(() => strata.close());

  it('answers reads and writes with 503 and Retry-After, not 500', async () => {
    const started = Date.now();
    const responses = {
      group: await request(app).get('/v1/groups/team-a'),
      summaries: await request(app).get('/v1/groups/team-a/summaries'),
      ingest: await request(app)
        .post('/v1/groups/team-a/memories')
        .send({ memories: [{ text: 'hi', speaker: 'ana', ts: '2024-05-01T10:00:00Z' }] }),
      recall: await request(app).post('/v1/groups/team-a/recall').send({ query: 'retro' }),
      aggregate: await request(app).post('/v1/groups/team-a/aggregate'),
    };
    for (const [what, res] of Object.entries(responses)) {
      expect(res.status, what).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toMatchObject({ error: 'neo4j_unavailable', retryAfterSeconds: 5 });
      expect(res.body.message).toMatch(/^Neo4j is unavailable: the server cannot be reached/);
    }
    // Within the retry bound (1 s each), not the driver's default 30 s.
    expect(Date.now() - started).toBeLessThan(5 * 4000);
  });

  it('says why on /readyz', async () => {
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ready: false, neo4j: 'unreachable' });
    expect(res.body.message).toMatch(/cannot be reached/);
  });
});
