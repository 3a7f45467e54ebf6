import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allRoutes } from '../../src/api/app.js';
import { isGroupRoute } from '../../src/api/route.js';
import { sha256Hex } from '../../src/domain/api-keys.js';
import type { Strata } from '../../src/strata.js';
import { type FuzzCase, fuzzCases, groupIdsNamed } from '../support/fuzz-cases.js';
import { stubServices } from '../support/stub-services.js';
import { testApp } from '../support/test-app.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

const ADMIN_KEY = 'fuzz-admin-key-0123456789';
const SCOPED_KEY = 'fuzz-scoped-key-0123456789';

interface Footprint {
  nodes: number;
  relationships: number;
}

describeNeo4j('fuzz: hostile and malformed requests over every route', () => {
  let strata: Strata;
  let app: ReturnType<typeof testApp>;
  const own = testGroupId('fuzz-own');
  const other = testGroupId('fuzz-other');
  const routes = allRoutes(stubServices());

  const footprint = async (groupIds: string[]) =>
    (await strata.graph.read<Footprint>('inspect/groups-footprint', { groupIds }))[0] as Footprint;
  const database = async () =>
    (await strata.graph.read<Footprint>('inspect/database-counts'))[0] as Footprint;

  beforeAll(async () => {
    strata = await openTestStrata();
    const memories = ['Shall we move the retro to Thursday?', 'Thursday works for me.', 'Booked room 4.'].map(
      (text, i) => ({ text, speaker: i % 2 ? 'ben' : 'ana', ts: `2024-05-0${i + 1}T10:00:00Z` }),
    );
    await strata.services.ingest(own, memories);
    await strata.services.ingest(other, memories);
    await strata.cycle(own, { now: new Date('2024-06-10T00:00:00Z') });
    await strata.cycle(other, { now: new Date('2024-06-10T00:00:00Z') });
    app = testApp(strata, {
      apiKeys: [
        { name: 'admin', sha256: sha256Hex(ADMIN_KEY), groups: ['*'], admin: true },
        // Scoped to this run's own group by prefix: t-fuzz-own-<random>.
        { name: 'scoped', sha256: sha256Hex(SCOPED_KEY), groups: [`${own.slice(0, -4)}*`], admin: false },
      ],
    });
  });

  afterAll(async () => {
    if (!strata) return;
    for (const groupId of [own, other]) await deleteGroup(strata.graph, groupId);
    await strata.close();
  });

  it('answers every malformed request with a 4xx and no hostile one with a 5xx, writing nothing', async () => {
    const cases = fuzzCases(routes, { groupId: own, authorization: `Bearer ${ADMIN_KEY}` });
    const malformed = cases.filter((c) => c.kind === 'malformed');
    expect(malformed.length).toBeGreaterThanOrEqual(200);
    // Every route of the route table is in the list.
    for (const route of routes) {
      const hit = cases.some((c) => c.method === route.method && c.label.includes(` ${route.path}`));
      expect(hit, `${route.method} ${route.path}`).toBe(true);
    }
    const groupIds = [...new Set([own, other, ...groupIdsNamed(cases, routes)])];
    const before = await footprint(groupIds);
    const dbBefore = await database();

    const statuses = new Map<number, number>();
    const wrong: string[] = [];
    for (const c of cases) {
      const status = await send(c);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const ok = c.kind === 'malformed' ? status >= 400 && status < 500 : status < 500;
      if (!ok) wrong.push(`${status} ${c.kind} ${c.label}`);
    }

    const after = await footprint(groupIds);
    const dbAfter = await database();
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `fuzz: ${cases.length} requests (${malformed.length} malformed, ${cases.length - malformed.length} hostile ` +
        `but valid) over ${routes.length} routes; statuses ${summary.join(', ')}; footprint of ${groupIds.length} ` +
        `group ids ${JSON.stringify(before)} -> ${JSON.stringify(after)}; whole database ${JSON.stringify(dbBefore)} ` +
        `-> ${JSON.stringify(dbAfter)} (shared with other suites)`,
    );
    expect(wrong).toEqual([]);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(after).toEqual(before);
  }, 600_000);

  it('answers 403 on every group route to a scoped key asking for another group, existing or not', async () => {
    const groupRoutes = routes.filter((r) => r.path.startsWith('/v1/') && isGroupRoute(r));
    const missing = testGroupId('fuzz-missing');
    const before = await footprint([own, other, missing]);
    let sent = 0;
    for (const route of groupRoutes) {
      const bodies: string[] = [];
      for (const target of [other, missing]) {
        const path = route.path
          .replace(':groupId', target)
          .replace(':id', `${target}:day:2024-05-01`)
          .replace(':name', 'retro');
        const req = request(app)[route.method](path).set('authorization', `Bearer ${SCOPED_KEY}`);
        const res = await (route.body ? req.send({}) : req);
        sent++;
        expect(res.status, `${route.method} ${path}`).toBe(403);
        bodies.push(JSON.stringify(res.body).replaceAll(target, 'G'));
      }
      // No hint whether the group exists: the same answer for both.
      expect(bodies[0], route.path).toBe(bodies[1]);
      // The same key reaches its own group (a 2xx or a 4xx of the route itself, never 403).
      const ownPath = route.path
        .replace(':groupId', own)
        .replace(':id', `${own}:day:2024-05-01`)
        .replace(':name', 'retro');
      if (route.method === 'get') {
        const res = await request(app).get(ownPath).set('authorization', `Bearer ${SCOPED_KEY}`);
        expect(res.status, ownPath).not.toBe(403);
      }
    }
    console.log(`cross-group: ${sent} requests over ${groupRoutes.length} group routes, all 403`);
    expect(await footprint([own, other, missing])).toEqual(before);
  });

  async function send(c: FuzzCase): Promise<number> {
    let req = request(app)[c.method](c.query ? `${c.path}?${c.query}` : c.path);
    for (const [name, value] of Object.entries(c.headers)) req = req.set(name, value);
    const res = await (c.body === undefined ? req : req.send(c.body));
    return res.status;
  }
});
