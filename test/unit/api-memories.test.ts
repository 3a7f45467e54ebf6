import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import type { ApiServices } from '../../src/api/services.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { createLogger } from '../../src/log.js';
import { stubServices } from '../support/stub-services.js';

/** Records what reached the service layer, so tests can prove bad input never gets there. */
function recordingServices(overrides: Partial<ApiServices> = {}) {
  const calls: { groupId: string; memories: MemoryInput[] }[] = [];
  const services: ApiServices = stubServices({
    ingest: async (groupId, memories) => {
      calls.push({ groupId, memories });
      return { created: memories.map((m, i) => m.id ?? `m${i}`), existing: [] };
    },
    readiness: async () => ({ ready: true, neo4j: 'reachable', schema: { missing: [], notOnline: [] } }),
    ...overrides,
  });
  return { services, calls };
}

function appWith(services: ApiServices, extra: { apiKey?: string; bodyLimitBytes?: number } = {}) {
  return createApp({
    services,
    log: createLogger('silent'),
    bodyLimitBytes: extra.bodyLimitBytes ?? 1_000_000,
    apiKey: extra.apiKey,
  });
}

const good = { text: 'Shall we meet Thursday?', speaker: 'ana', ts: '2024-05-02T09:30:00Z' };

describe('POST /v1/groups/:groupId/memories', () => {
  it('passes a valid batch through and answers 201 with created ids', async () => {
    const { services, calls } = recordingServices();
    const res = await request(appWith(services))
      .post('/v1/groups/team-a/memories')
      .send({ memories: [{ ...good, id: 'x1', meta: { channel: 'general', n: 1, pinned: true } }] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ created: ['x1'], existing: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.groupId).toBe('team-a');
  });

  it('trims text and speaker before they are stored', async () => {
    const { services, calls } = recordingServices();
    await request(appWith(services))
      .post('/v1/groups/g/memories')
      .send({ memories: [{ ...good, text: '  hi  ', speaker: ' ana ' }] });
    expect(calls[0]?.memories[0]).toMatchObject({ text: 'hi', speaker: 'ana' });
  });

  it('names every invalid item and field, and writes nothing', async () => {
    const { services, calls } = recordingServices();
    const res = await request(appWith(services))
      .post('/v1/groups/g/memories')
      .send({
        memories: [
          good,
          { ...good, ts: '2024-05-02 09:30' },
          { ...good, text: '   ' },
          { ...good, meta: { nested: { no: 1 } } },
          { ...good, colour: 'red' },
        ],
      });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    const fields = res.body.issues.map((i: { field: string }) => i.field);
    expect(fields).toContain('body.memories.1.ts');
    expect(fields).toContain('body.memories.2.text');
    expect(fields.some((f: string) => f.startsWith('body.memories.3.meta'))).toBe(true);
    expect(fields).toContain('body.memories.4');
    expect(res.body.message).toContain('body.memories.1.ts');
    expect(calls).toHaveLength(0);
  });

  it('requires a timezone offset on ts', async () => {
    const { services } = recordingServices();
    const res = await request(appWith(services))
      .post('/v1/groups/g/memories')
      .send({ memories: [{ ...good, ts: '2024-05-02T09:30:00' }] });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].field).toBe('body.memories.0.ts');
  });

  it('rejects an empty batch and one over 1000 items', async () => {
    const { services } = recordingServices();
    const app = appWith(services, { bodyLimitBytes: 10_000_000 });
    const empty = await request(app).post('/v1/groups/g/memories').send({ memories: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].field).toBe('body.memories');
    const big = await request(app)
      .post('/v1/groups/g/memories')
      .send({ memories: Array.from({ length: 1001 }, () => good) });
    expect(big.status).toBe(400);
    expect(big.body.issues[0].message).toMatch(/1000/);
  });

  it('rejects a group id that would break natural keys', async () => {
    const { services } = recordingServices();
    const res = await request(appWith(services))
      .post('/v1/groups/bad:id/memories')
      .send({ memories: [good] });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].field).toBe('params.groupId');
  });

  it('answers 413 for a body over the limit', async () => {
    const { services, calls } = recordingServices();
    const res = await request(appWith(services, { bodyLimitBytes: 200 }))
      .post('/v1/groups/g/memories')
      .send({ memories: [{ ...good, text: 'x'.repeat(500) }] });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
    expect(calls).toHaveLength(0);
  });

  it('answers 400 for malformed JSON', async () => {
    const { services } = recordingServices();
    const res = await request(appWith(services))
      .post('/v1/groups/g/memories')
      .set('content-type', 'application/json')
      .send('{"memories": [');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
  });

  it('answers 500 without a stack trace when the service fails', async () => {
    const { services } = recordingServices({
      ingest: async () => {
        throw new Error('Neo4j exploded at line 42');
      },
    });
    const res = await request(appWith(services))
      .post('/v1/groups/g/memories')
      .send({ memories: [good] });
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('internal_error');
    expect(JSON.stringify(res.body)).not.toContain('line 42');
  });

  it('needs the bearer key when one is configured', async () => {
    const { services } = recordingServices();
    const app = appWith(services, { apiKey: 'k'.repeat(20) });
    const denied = await request(app)
      .post('/v1/groups/g/memories')
      .send({ memories: [good] });
    expect(denied.status).toBe(401);
    const allowed = await request(app)
      .post('/v1/groups/g/memories')
      .set('authorization', `Bearer ${'k'.repeat(20)}`)
      .send({ memories: [good] });
    expect(allowed.status).toBe(201);
    expect((await request(app).get('/healthz')).status).toBe(200);
  });
});

describe('health and unknown routes', () => {
  it('GET /healthz is always ok', async () => {
    const res = await request(appWith(recordingServices().services)).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 503 with the reason when Neo4j is unreachable', async () => {
    const { services } = recordingServices({
      readiness: async () => ({ ready: false, neo4j: 'unreachable', message: 'connection refused' }),
    });
    const res = await request(appWith(services)).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('connection refused');
  });

  it('unknown routes get a JSON 404', async () => {
    const res = await request(appWith(recordingServices().services)).get('/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });
});
