import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATION_METHODS,
  StrataAccessError,
  StrataApiError,
  StrataClient,
  StrataConnectionError,
  StrataLeaseHeldError,
  StrataTimeoutError,
  StrataUnavailableError,
} from '../../packages/client/src/index.js';
import { resilientFetch, retryAfterMs } from '../../packages/client/src/transport.js';
import { createApp } from '../../src/api/app.js';
import type { ApiServices } from '../../src/api/services.js';
import { sha256Hex } from '../../src/domain/api-keys.js';
import { newCycleReport } from '../../src/domain/cycle-report.js';
import { DRIFT_MEASURES } from '../../src/domain/drift-chart.js';
import { resolveEraParameters } from '../../src/domain/eras.js';
import { scoreEras } from '../../src/domain/segmentation.js';
import { DatabaseUnavailableError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { groupInfo, NOT_CYCLED_YET } from '../support/groups.js';
import { listen } from '../support/listen.js';
import { stubServices } from '../support/stub-services.js';

const API_KEY = 'client-test-key-0123456789';

const report = newCycleReport('g', '2024-05-01T00:00:00.000Z', { runId: 'run-1', tookMs: 5 });

/** Services that record each call and answer with just enough for the route to respond. */
const REEMBED_STATUS = {
  database: { embedder: 'hashing-384', dimension: 384, slot: 'a' as const, reembedTo: null },
  configured: { embedder: 'hashing-384', dimension: 384 },
  job: null,
};

function recordingServices() {
  const calls: { name: string; args: unknown[] }[] = [];
  const answers: Partial<ApiServices> = {
    ingest: async () => ({ created: ['m1'], existing: [] }),
    readiness: async () => ({ ready: true, neo4j: 'reachable' }),
    getGroup: async (groupId) => groupInfo(groupId, { memories: 1, summaries: 0 }),
    setTimezone: async (_g, timezone) => ({ allowed: true, previousTimezone: 'UTC', timezone }),
    groupSettings: async () => ({ timezone: 'Europe/Berlin', eras: null }),
    setEraParameters: async (_g, eras) => ({ timezone: 'Europe/Berlin', eras }),
    deleteGroup: async () => undefined,
    verify: async (groupId) => ({
      groupId,
      ok: true,
      checks: [],
      pending: { memories: 0 },
      cycle: NOT_CYCLED_YET,
    }),
    aggregate: async (groupId) => ({ ...report, groupId }),
    listSummaries: async () => [],
    getSummary: async () => null,
    listEntities: async () => ({ entities: [], nextOffset: null }),
    getEntity: async () => null,
    recall: async (_g, request) => ({
      query: request.query,
      k: request.k,
      items: [],
      minScore: 0.3,
      abstained: false,
      entities: [],
      tookMs: 1,
    }),
    context: async () => ({ text: 'ctx', tokens: 1, truncated: false }),
    compact: async () => ({
      compacted: false,
      summary: null,
      keyPoints: [],
      preservedContext: [],
      recent: [],
    }),
    drift: async (groupId, query) => ({ groupId, level: query.level, points: [], measures: DRIFT_MEASURES }),
    driftChart: async (groupId, query) => ({
      groupId,
      level: query.level,
      periods: [],
      drift: [],
      eras: [],
      measures: DRIFT_MEASURES,
    }),
    topicsOverTime: async (groupId, query) => ({ groupId, level: query.level, rows: [] }),
    entitiesOverTime: async (groupId, query) => ({
      groupId,
      level: query.level,
      top: query.top,
      periods: [
        {
          periodStart: '2024-04-29',
          periodEnd: '2024-05-06',
          sessionCount: 2,
          mentionCount: 3,
          entities: [
            { id: 'team-a:entity:0123456789abcdef', name: 'Porto', kind: 'place', mentions: 3, sessions: 2 },
          ],
        },
      ],
    }),
    topicTimeline: async (groupId, topic, query) => ({ groupId, topic, level: query.level, points: [] }),
    eras: async () => [],
    eraSignal: async (groupId) => ({
      groupId,
      detector: 'strata-pelt/1',
      parameters: resolveEraParameters({}, { minDays: 14, maxEras: 10 }),
      cut: { from: '2024-05-01', to: '2024-05-01', days: 1, messages: 3 },
      rows: [
        {
          index: 0,
          day: '2024-05-01',
          messageCount: 3,
          speakerCount: 2,
          embeddingDistance: null,
          topic: 'retro',
          weight: 1,
        },
      ],
    }),
    previewEras: async (_groupId, request) => ({
      parameters: resolveEraParameters(request, { minDays: 14, maxEras: 10 }),
      detector: 'strata-pelt/1',
      cut: { from: null, to: null, days: 0, messages: 0 },
      breakpoints: [],
      eras: [],
    }),
    scoreEras: async (_groupId, request) =>
      scoreEras(
        [
          { start: '2024-01-01', end: '2024-02-01' },
          { start: '2024-02-01', end: '2024-03-01' },
        ],
        request,
      ),
    profile: async (groupId) => ({ groupId, currentEra: null, topicEvolution: [] }),
    reembedStatus: async () => REEMBED_STATUS,
    startReembed: async () => REEMBED_STATUS,
    estimateReembed: async () => ({
      mode: 'fill',
      from: 'hashing-384',
      to: 'hashing-384',
      slot: 'a',
      resumed: false,
      embedded: { memories: 0, summaries: 0, eras: 0 },
      calls: 0,
      seconds: 0.1,
      phaseSeconds: { memories: 0, summaries: 0, eras: 0, indexes: 0 },
      switched: false,
      stopped: false,
      estimate: { pending: { memories: 2, summaries: 0, eras: 0 }, texts: 2, calls: 1, embedSeconds: 0.01 },
    }),
    exportGroup: async function* (groupId, options) {
      yield {
        kind: 'strata-export' as const,
        format: 1 as const,
        groupId,
        exportedAt: '2024-05-03T00:00:00.000Z',
        settings: { timezone: 'UTC' },
        memories: 1,
        summaries: options.summaries,
      };
      yield {
        kind: 'memory' as const,
        id: 'm1',
        text: 'Retro moves to Thursday.',
        speaker: 'ana',
        ts: '2024-05-02T09:30:00.000Z',
      };
      yield { kind: 'end' as const, memories: 1, summaries: 0, eras: 0 };
    },
  };
  const recorded = Object.fromEntries(
    Object.entries(answers).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls.push({ name, args });
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as Partial<ApiServices>;
  return { services: stubServices(recorded), calls, answers: recorded };
}

describe('StrataClient against the real routes', () => {
  const { services, calls, answers } = recordingServices();
  let server: Awaited<ReturnType<typeof listen>>;
  let strata: StrataClient;

  beforeAll(async () => {
    server = await listen(
      createApp({ services, log: createLogger('silent'), bodyLimitBytes: 100_000, apiKey: API_KEY }),
    );
    strata = new StrataClient({ url: server.url, apiKey: API_KEY, retries: 0 });
  });
  afterAll(() => server.close());

  it('calls every operation, each reaching the service it is for', async () => {
    const memory = { text: 'Retro moves to Thursday.', speaker: 'ana', ts: '2024-05-02T09:30:00Z' };
    const run: Record<(typeof OPERATION_METHODS)[keyof typeof OPERATION_METHODS], () => Promise<unknown>> = {
      health: () => strata.health(),
      ready: () => strata.ready(),
      addMemories: () => strata.addMemories('team-a', [memory]),
      getGroup: () => strata.getGroup('team-a'),
      setGroupSettings: () =>
        strata.setGroupSettings('team-a', { timezone: 'Europe/Berlin', eras: { minDays: 21 } }),
      deleteGroup: () => strata.deleteGroup('team-a'),
      verify: () => strata.verify('team-a'),
      aggregate: () => strata.aggregate('team-a', { dryRun: true }),
      listSummaries: () => strata.listSummaries('team-a', { level: 'week', limit: 5 }),
      getSummary: () => strata.getSummary('team-a:week:2024-04-29').catch((e: StrataApiError) => e.error),
      entities: () => strata.entities('team-a', { kind: 'place', sort: 'recent', limit: 5 }),
      entity: () =>
        strata.entity('team-a', 'team-a:entity:0123456789abcdef').catch((e: StrataApiError) => e.error),
      recall: () => strata.recall('team-a', { query: 'retro', k: 3 }),
      context: () => strata.context('team-a', { budgetTokens: 200 }),
      compact: () => strata.compact({ messages: [{ role: 'user', content: 'hi' }] }),
      drift: () => strata.drift('team-a', { level: 'month' }),
      driftChart: () => strata.driftChart('team-a'),
      topicsOverTime: () => strata.topicsOverTime('team-a', { level: 'week' }),
      entitiesOverTime: () => strata.entitiesOverTime('team-a', { level: 'month' }),
      topicTimeline: () => strata.topicTimeline('team-a', 'retro planning'),
      eras: () => strata.eras('team-a'),
      previewEras: () => strata.previewEras('team-a', { minDays: 21 }),
      eraSignal: () => strata.eraSignal('team-a'),
      scoreEras: () => strata.scoreEras('team-a', { gold: ['2024-02-01'] }),
      profile: () => strata.profile('team-a'),
      reembedStatus: () => strata.reembedStatus(),
      startReembed: () => strata.startReembed({ pageSize: 500 }),
      estimateReembed: () => strata.estimateReembed(),
      driftPage: () => strata.driftPage('team-a'),
      openApiDocument: () => strata.openApiDocument(),
      docsPage: () => strata.docsPage(),
      exportGroup: async () => {
        const lines: unknown[] = [];
        for await (const line of strata.exportGroup('team-a', { summaries: true })) lines.push(line);
        return lines;
      },
    };
    const results = Object.fromEntries(
      await Promise.all(Object.entries(run).map(async ([name, call]) => [name, await call()] as const)),
    );
    expect(Object.keys(run).sort()).toEqual([...new Set(Object.values(OPERATION_METHODS))].sort());
    expect(results.health).toEqual({ status: 'ok' });
    expect(results.addMemories).toEqual({ created: ['m1'], existing: [] });
    expect(results.setGroupSettings).toEqual({ timezone: 'Europe/Berlin', eras: { minDays: 21 } });
    expect(results.getSummary).toBe('not_found');
    expect(results.entities).toEqual({ entities: [], nextOffset: null });
    expect(results.entity).toBe('not_found');
    expect(results.verify).toMatchObject({ groupId: 'team-a', ok: true });
    expect(results.recall).toMatchObject({ query: 'retro', k: 3, items: [] });
    expect(results.drift).toMatchObject({ level: 'month' });
    expect(results.topicTimeline).toMatchObject({ topic: 'retro planning' });
    // The server fills in the default margin; the same day scores perfectly.
    expect(results.scoreEras).toMatchObject({ marginDays: 7, precision: 1, recall: 1, pk: 0 });
    expect(results.eraSignal).toMatchObject({ detector: 'strata-pelt/1', rows: [{ topic: 'retro' }] });
    expect(await strata.eraSignalCsv('team-a')).toBe(
      'index,day,message_count,speaker_count,embedding_distance,topic,weight\n0,2024-05-01,3,2,,retro,1\n',
    );
    expect(results.previewEras).toMatchObject({ parameters: { minDays: 21, penalty: null }, eras: [] });
    expect(results.openApiDocument).toMatchObject({ openapi: '3.1.0' });
    expect(results.driftPage).toMatch(/<html/i);
    expect((results.exportGroup as { kind: string }[]).map((l) => l.kind)).toEqual([
      'strata-export',
      'memory',
      'end',
    ]);
    expect((results.exportGroup as { summaries?: unknown }[])[0]?.summaries).toBe(true);
    expect(results.docsPage).toMatch(/swagger-ui/);

    const args = (name: string) => calls.find((c) => c.name === name)?.args;
    expect(args('ingest')).toEqual(['team-a', [memory]]);
    expect(args('aggregate')).toEqual(['team-a', { dryRun: true }]);
    expect(args('listSummaries')).toEqual(['team-a', { level: 'week', limit: 5 }]);
    expect(args('listEntities')).toEqual(['team-a', { kind: 'place', sort: 'recent', limit: 5, offset: 0 }]);
    expect(args('getEntity')).toEqual(['team-a', 'team-a:entity:0123456789abcdef']);
    // The server fills in the request's defaults, so the client could leave them out.
    expect(args('recall')?.[1]).toMatchObject({
      query: 'retro',
      k: 3,
      mode: 'hybrid',
      expand: { down: true },
    });
    expect(args('topicTimeline')?.slice(0, 2)).toEqual(['team-a', 'retro planning']);
    // The server fills in how many entities a period keeps.
    expect(args('entitiesOverTime')).toEqual(['team-a', { level: 'month', top: 10, format: 'json' }]);
    expect(results.entitiesOverTime).toMatchObject({ top: 10, periods: [{ entities: [{ name: 'Porto' }] }] });
    expect(results.reembedStatus).toEqual(REEMBED_STATUS);
    expect(args('startReembed')).toEqual([{ pageSize: 500 }]);
    // The server fills in the default page.
    expect(args('estimateReembed')).toEqual([{ pageSize: 1000 }]);
    expect(results.estimateReembed).toMatchObject({ estimate: { texts: 2 } });
  });

  it('returns drift and topics over time as CSV text', async () => {
    expect(await strata.driftCsv('team-a')).toMatch(/^period_start,previous_start,topic_drift,/);
    expect(await strata.topicsOverTimeCsv('team-a')).toMatch(/^period_start,period_end,level,topic,key,/);
    expect(await strata.entitiesOverTimeCsv('team-a', { top: 3 })).toBe(
      'period_start,period_end,level,entity_id,name,kind,mentions,sessions,share,rank,period_sessions,period_mentions\n' +
        '2024-04-29,2024-05-06,week,team-a:entity:0123456789abcdef,Porto,place,3,2,1,1,2,3\n',
    );
  });

  it('throws StrataApiError with the fields the API reports', async () => {
    const error = await strata
      .addMemories('team-a', [{ text: 'hi', speaker: 'ana', ts: 'yesterday' }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StrataApiError);
    expect(error).toMatchObject({ status: 400, error: 'invalid_request' });
    expect((error as StrataApiError).issues.map((i) => i.field)).toEqual(['body.memories.0.ts']);
    expect((error as StrataApiError).message).toContain('body.memories.0.ts');
  });

  it('sends the API key, and reports a wrong one as unauthorized', async () => {
    const stranger = new StrataClient({ url: server.url, apiKey: 'wrong-key-wrong-key-wrong', retries: 0 });
    await expect(stranger.recall('team-a', { query: 'retro' })).rejects.toMatchObject({
      status: 401,
      error: 'unauthorized',
    });
    // Routes outside /v1 need no key.
    expect(await stranger.health()).toEqual({ status: 'ok' });
  });

  it('throws StrataLeaseHeldError when another instance holds the cycle lease (409), or waits for it', async () => {
    const expires = new Date(Date.now() + 60_000).toISOString();
    let held = 2;
    const leased = await listen(
      createApp({
        services: stubServices({
          getGroup: answers.getGroup,
          aggregate: async (groupId) =>
            held-- > 0
              ? { ...report, groupId, status: 'skipped', reason: 'leased', leaseExpiresAt: expires }
              : { ...report, groupId },
        }),
        log: createLogger('silent'),
        bodyLimitBytes: 100_000,
      }),
    );
    try {
      const client = new StrataClient({ url: leased.url });
      const error = await client.aggregate('team-a').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StrataLeaseHeldError);
      expect(error).toMatchObject({
        status: 409,
        error: 'lease_held',
        leaseExpiresAt: expires,
        retryable: true,
      });
      // Retry-After is capped at 30 s although the lease runs for a minute: the holder releases it when done.
      expect((error as StrataLeaseHeldError).retryAfterMs).toBe(30_000);
      // Waiting: the second attempt is still held, so a bound under one Retry-After gives up at once.
      await expect(client.aggregate('team-a', { waitForLeaseMs: 1000 })).rejects.toBeInstanceOf(
        StrataLeaseHeldError,
      );
      expect(held).toBe(0);
      expect(await client.aggregate('team-a')).toMatchObject({ status: 'succeeded', groupId: 'team-a' });
    } finally {
      await leased.close();
    }
  });

  it('surfaces 403 as StrataAccessError and 503 as StrataUnavailableError with its Retry-After', async () => {
    const keys = [{ name: 'a', sha256: sha256Hex(API_KEY), groups: ['team-a'], admin: false }];
    const down = await listen(
      createApp({
        services: stubServices({
          recall: async () => {
            throw new DatabaseUnavailableError('the server cannot be reached', { retryAfterSeconds: 7 });
          },
        }),
        log: createLogger('silent'),
        bodyLimitBytes: 100_000,
        apiKeys: keys,
      }),
    );
    try {
      const client = new StrataClient({ url: down.url, apiKey: API_KEY, retries: 0 });
      const forbidden = await client.recall('team-b', { query: 'retro' }).catch((e: unknown) => e);
      expect(forbidden).toBeInstanceOf(StrataAccessError);
      expect(forbidden).toMatchObject({ status: 403, error: 'forbidden', retryable: false });
      const unavailable = await client.recall('team-a', { query: 'retro' }).catch((e: unknown) => e);
      expect(unavailable).toBeInstanceOf(StrataUnavailableError);
      expect(unavailable).toMatchObject({ status: 503, error: 'neo4j_unavailable', retryable: true });
      expect((unavailable as StrataUnavailableError).retryAfterMs).toBe(7000);
    } finally {
      await down.close();
    }
  });
});

describe('StrataClient transport', () => {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('retries a 503, re-sending the body, and returns the answer that follows', async () => {
    const bodies: string[] = [];
    const statuses = [503, 503, 201];
    const strata = new StrataClient({
      url: 'http://strata.test',
      retries: 2,
      fetch: async (input) => {
        bodies.push(await (input as Request).text());
        const status = statuses.shift() ?? 500;
        return status === 503
          ? json(503, { error: 'unavailable', message: 'busy' }, { 'retry-after': '0' })
          : json(201, { created: ['m1'], existing: [] });
      },
    });
    const result = await strata.addMemories('g', [{ text: 'a', speaker: 'b', ts: '2024-05-01T00:00:00Z' }]);
    expect(result.created).toEqual(['m1']);
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] ?? '')).toMatchObject({ memories: [{ text: 'a' }] });
  });

  it('waits as long as Retry-After says, and gives up when it asks for more than the cap', async () => {
    const waits: number[] = [];
    let sent = 0;
    const fetch = resilientFetch({
      fetch: async () => {
        sent++;
        return json(
          503,
          { error: 'unavailable', message: 'busy' },
          { 'retry-after': sent === 1 ? '2' : '120' },
        );
      },
      timeoutMs: 1000,
      retry: { retries: 5, baseDelayMs: 10, maxDelayMs: 60_000 },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const response = await fetch(new Request('http://strata.test/v1/x', { method: 'POST', body: '{}' }));
    expect(response.status).toBe(503);
    expect(waits).toEqual([2000]);
    expect(sent).toBe(2);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2024-05-01T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Wed, 01 May 2024 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 01 May 2024 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('reports the last 503 as a StrataApiError once the retries are spent', async () => {
    let sent = 0;
    const strata = new StrataClient({
      url: 'http://strata.test',
      retries: 1,
      retryBaseDelayMs: 1,
      fetch: async () => {
        sent++;
        return json(503, { error: 'unavailable', message: 'Neo4j is restarting' });
      },
    });
    await expect(strata.eras('g')).rejects.toMatchObject({
      status: 503,
      error: 'unavailable',
      message: 'Neo4j is restarting',
    });
    expect(sent).toBe(2);
  });

  it('never retries readiness, and returns its 503 report as an answer', async () => {
    let sent = 0;
    const strata = new StrataClient({
      url: 'http://strata.test',
      fetch: async () => {
        sent++;
        return json(503, { ready: false, neo4j: 'unreachable', message: 'connection refused' });
      },
    });
    expect(await strata.ready()).toMatchObject({ ready: false, neo4j: 'unreachable' });
    expect(sent).toBe(1);
  });

  it('gives each attempt its timeout', async () => {
    const strata = new StrataClient({
      url: 'http://strata.test',
      timeoutMs: 50,
      fetch: (input) =>
        new Promise((_resolve, reject) => {
          const signal = (input as Request).signal;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const error = await strata.health().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StrataTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50 });
  });

  it('keeps a code for error bodies that are not Strata’s', async () => {
    const strata = new StrataClient({
      url: 'http://strata.test',
      fetch: async () => new Response('<html>Bad Gateway</html>', { status: 502 }),
    });
    await expect(strata.health()).rejects.toMatchObject({ status: 502, error: 'http_502' });
  });

  it('reports a server that is not there as a StrataConnectionError', async () => {
    const closed = await listen(
      createApp({ services: stubServices(), log: createLogger('silent'), bodyLimitBytes: 1000 }),
    );
    await closed.close();
    const error = await new StrataClient({ url: closed.url }).health().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StrataConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => new StrataClient({ url: 'localhost:8080' })).toThrow(/http\(s\) URL/);
  });
});
