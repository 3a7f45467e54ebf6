import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, createApp } from '../../src/api/app.js';
import { identifyKey } from '../../src/api/auth.js';
import { type AnyRoute, isGroupRoute } from '../../src/api/route.js';
import type { ApiServices } from '../../src/api/services.js';
import { type ScopedKey, sha256Hex } from '../../src/domain/api-keys.js';
import { ReembedRunningError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { groupInfo } from '../support/groups.js';
import { listen } from '../support/listen.js';
import { stubServices } from '../support/stub-services.js';

const TEAM_KEY = 'team-a-key-0123456789';
const ADMIN_KEY = 'tg-admin-key-0123456789';
const keys: ScopedKey[] = [
  { name: 'team-a', sha256: sha256Hex(TEAM_KEY), groups: ['team-a', 'team-a-*'], admin: false },
  { name: 'tg-admin', sha256: sha256Hex(ADMIN_KEY), groups: ['tg-*'], admin: true },
];

/** Services that note every call; a call the test did not expect fails it (stubServices). */
function noted(overrides: Partial<ApiServices> = {}) {
  const calls: string[] = [];
  const wrapped = Object.fromEntries(
    Object.entries(overrides).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  return { services: stubServices(wrapped), calls };
}

/** A concrete path for a route in the given group. */
function pathIn(route: AnyRoute, groupId: string): string {
  return route.path
    .replace(':groupId', groupId)
    .replace(':id', `${groupId}:day:2024-05-01`)
    .replace(':name', 'retro');
}

const v1GroupRoutes = allRoutes(stubServices()).filter((r) => r.path.startsWith('/v1/') && isGroupRoute(r));

function send(app: ReturnType<typeof createApp>, route: AnyRoute, path: string, key?: string) {
  const req = request(app)[route.method](path);
  if (key) req.set('authorization', `Bearer ${key}`);
  return route.method === 'get' || route.method === 'delete' ? req : req.send({});
}

describe('identifyKey', () => {
  it('finds the key whose hash the token has, and nothing for another token', () => {
    expect(identifyKey(keys, TEAM_KEY)?.name).toBe('team-a');
    expect(identifyKey(keys, ADMIN_KEY)?.name).toBe('tg-admin');
    expect(identifyKey(keys, `${TEAM_KEY}x`)).toBeNull();
    expect(identifyKey(keys, '')).toBeNull();
    expect(identifyKey([], TEAM_KEY)).toBeNull();
  });
});

describe('API keys scoped to groups, on every group route of the route table', () => {
  it('covers the routes that name a group', () => {
    const paths = v1GroupRoutes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'post /v1/groups/:groupId/memories',
        'post /v1/groups/:groupId/recall',
        'delete /v1/groups/:groupId',
        'get /v1/summaries/:id',
        'post /v1/groups/:groupId/aggregate',
      ]),
    );
    expect(paths.length).toBeGreaterThanOrEqual(15);
  });

  it('answers 401 without a key or with an unknown one, before anything is read', async () => {
    const { services, calls } = noted();
    const app = createApp({ services, log: createLogger('silent'), bodyLimitBytes: 100_000, apiKeys: keys });
    for (const route of v1GroupRoutes) {
      for (const key of [undefined, 'not-a-key-0123456789']) {
        const res = await send(app, route, pathIn(route, 'team-a'), key);
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(res.body.error).toBe('unauthorized');
      }
    }
    expect(calls).toEqual([]);
  });

  it('answers 403 for a group outside the key, the same whether the group exists or not', async () => {
    // team-b exists, team-c does not; neither may be looked up, so the answers cannot differ.
    const { services, calls } = noted({
      getGroup: async (groupId) =>
        groupId === 'team-b' ? groupInfo(groupId, { memories: 1, summaries: 0 }) : null,
    });
    const app = createApp({ services, log: createLogger('silent'), bodyLimitBytes: 100_000, apiKeys: keys });
    for (const route of v1GroupRoutes) {
      const existing = await send(app, route, pathIn(route, 'team-b'), TEAM_KEY);
      const missing = await send(app, route, pathIn(route, 'team-c'), TEAM_KEY);
      const where = `${route.method} ${route.path}`;
      expect(existing.status, where).toBe(403);
      expect(missing.status, where).toBe(403);
      expect(existing.body.error).toBe('forbidden');
      expect(JSON.stringify(existing.body).replaceAll('team-b', 'G')).toBe(
        JSON.stringify(missing.body).replaceAll('team-c', 'G'),
      );
      // A prefix key does not open a group that merely starts like its exact id.
      expect((await send(app, route, pathIn(route, 'team-ab'), TEAM_KEY)).status, where).toBe(403);
    }
    expect(calls).toEqual([]);
  });

  it('lets a key into its own groups, exact and by prefix, but group management only with the admin scope', async () => {
    const { services, calls } = noted({
      deleteGroup: async () => undefined,
      setTimezone: async (_g, timezone) => ({ allowed: true, previousTimezone: 'UTC', timezone }),
      groupSettings: async () => ({ timezone: 'UTC', eras: null }),
      eras: async () => [],
    });
    const app = createApp({ services, log: createLogger('silent'), bodyLimitBytes: 100_000, apiKeys: keys });
    const auth = (key: string) => ({ authorization: `Bearer ${key}` });
    expect((await request(app).get('/v1/groups/team-a/eras').set(auth(TEAM_KEY))).status).toBe(200);
    expect((await request(app).get('/v1/groups/team-a-x/eras').set(auth(TEAM_KEY))).status).toBe(200);
    const del = await request(app).delete('/v1/groups/team-a').set(auth(TEAM_KEY));
    expect(del.status).toBe(403);
    expect(del.body.message).toMatch(/admin scope/);
    const tz = await request(app)
      .put('/v1/groups/team-a/settings')
      .set(auth(TEAM_KEY))
      .send({ timezone: 'UTC' });
    expect(tz.status).toBe(403);
    expect(calls).toEqual(['eras', 'eras']);
    expect((await request(app).delete('/v1/groups/tg-family').set(auth(ADMIN_KEY))).status).toBe(200);
    expect((await request(app).delete('/v1/groups/team-a').set(auth(ADMIN_KEY))).status).toBe(403);
    expect(
      (await request(app).put('/v1/groups/tg-family/settings').set(auth(ADMIN_KEY)).send({ timezone: 'UTC' }))
        .status,
    ).toBe(200);
    expect(calls).toEqual(['eras', 'eras', 'deleteGroup', 'setTimezone', 'groupSettings']);
  });

  it('lets only an admin key for every group re-embed the database, and says when one already runs', async () => {
    const ROOT_KEY = 'root-key-0123456789';
    const status = {
      database: { embedder: 'hashing-384', dimension: 384, slot: 'a' as const, reembedTo: null },
      configured: { embedder: 'hashing-384', dimension: 384 },
      job: null,
    };
    let running = false;
    const { services, calls } = noted({
      reembedStatus: async () => status,
      startReembed: async () => {
        if (running)
          throw new ReembedRunningError('a re-embedding started at 2024-05-01T10:00:00Z is still running');
        running = true;
        return status;
      },
    });
    const app = createApp({
      services,
      log: createLogger('silent'),
      bodyLimitBytes: 100_000,
      apiKeys: [...keys, { name: 'root', sha256: sha256Hex(ROOT_KEY), groups: ['*'], admin: true }],
    });
    const auth = (key: string) => ({ authorization: `Bearer ${key}` });
    const team = await request(app).post('/v1/admin/reembed').set(auth(TEAM_KEY)).send({});
    expect(team.status).toBe(403);
    expect(team.body.message).toMatch(/admin scope/);
    const tg = await request(app).get('/v1/admin/reembed').set(auth(ADMIN_KEY));
    expect(tg.status).toBe(403);
    expect(tg.body.message).toMatch(/every group/);
    expect(calls).toEqual([]);
    expect((await request(app).get('/v1/admin/reembed').set(auth(ROOT_KEY))).body).toEqual(status);
    expect((await request(app).post('/v1/admin/reembed').set(auth(ROOT_KEY)).send({})).status).toBe(202);
    const again = await request(app).post('/v1/admin/reembed').set(auth(ROOT_KEY)).send({});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'reembed_running' });
    const bad = await request(app).post('/v1/admin/reembed').set(auth(ROOT_KEY)).send({ pageSize: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('pageSize');
  });

  it('stays open without keys, as before', async () => {
    const { services } = noted({ eras: async () => [] });
    const app = createApp({ services, log: createLogger('silent'), bodyLimitBytes: 100_000 });
    expect((await request(app).get('/v1/groups/any-group/eras')).status).toBe(200);
  });
});

describe('API keys scoped to groups, over MCP', () => {
  const { services, calls } = noted();
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(
      createApp({ services, log: createLogger('silent'), bodyLimitBytes: 100_000, apiKeys: keys }),
    );
  });
  afterAll(() => server.close());

  it('refuses every tool on a group outside the key, without touching the services', async () => {
    const client = new Client({ name: 'scoped-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${TEAM_KEY}` } },
      }),
    );
    const args: Record<string, Record<string, unknown>> = {
      add_memories: { memories: [{ text: 'hi', speaker: 'ana', ts: '2024-05-01T10:00:00Z' }] },
      recall: { query: 'retro' },
      get_context: {},
      list_summaries: {},
      get_eras: {},
      entities: {},
      get_drift: {},
    };
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools.sort()).toEqual(Object.keys(args).sort());
    for (const name of tools) {
      const result = (await client.callTool({
        name,
        arguments: { groupId: 'team-b', ...args[name] },
      })) as CallToolResult;
      expect(result.isError, name).toBe(true);
      expect(result.content[0]).toMatchObject({ text: 'Forbidden: this API key may not use group team-b' });
    }
    expect(calls).toEqual([]);
    await client.close();
  });
});
