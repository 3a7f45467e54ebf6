import { afterAll, beforeAll, expect, it } from 'vitest';
import { backendOf } from '../../src/cli/backend.js';
import { main } from '../../src/cli/cli.js';
import type { EntityKind } from '../../src/domain/entities.js';
import { ENTITY_KIND_LABELS } from '../../src/domain/entity-resolution.js';
import type { EntityList, EntityProfile } from '../../src/domain/entity-shapes.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { cypher } from '../../src/graph/cypher.js';
import { MaintenanceRepository } from '../../src/graph/maintenance.js';
import { TOOLS } from '../../src/mcp/tools.js';
import { at, NOW } from '../support/lisbon-trip.js';
import { collector } from '../support/out-stream.js';
import { serveTestApp } from '../support/test-app.js';
import { describeNeo4j, openTestStrata, useTestStrata } from './neo4j.js';

/** Two people talking about a third, two cities and a museum, over three sessions. */
const MESSAGES: MemoryInput[] = [
  { text: 'I just booked my flight to Lisbon for the conference.', speaker: 'Ana Costa', ts: at(4, 0) },
  { text: 'Nice! Is Maria Silva coming to Lisbon too?', speaker: 'Ben Okafor', ts: at(4, 2) },
  {
    text: 'Yes, Maria said she will meet us at the Gulbenkian Museum.',
    speaker: 'Ana Costa',
    ts: at(4, 4),
  },
  { text: "Ana, did Maria's talk go well in Lisbon?", speaker: 'Ben Okafor', ts: at(6, 0) },
  { text: 'Maria was great. We should all go to Lisbon again.', speaker: 'Ana Costa', ts: at(6, 3) },
  {
    text: 'Next spring maybe. Ana, ask Maria Silva about hotels in Lisbon.',
    speaker: 'Ben Okafor',
    ts: at(8, 0),
  },
];

interface EntityRow {
  id: string;
  groupId: string;
  name: string;
  kind: string;
  aliases: string[];
  mentions: number;
  sessions: number;
  labels: string[];
}

describeNeo4j('entities in the graph', () => {
  const t = useTestStrata();
  let g: string;
  let other: string;
  let server: Awaited<ReturnType<typeof serveTestApp>>;
  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, body: (await res.json()) as T };
  };
  afterAll(async () => {
    await server?.close();
  });

  const entities = async (groupId: string) =>
    (
      await t.strata.graph.autoCommit<EntityRow>(
        `MATCH (e:Entity {groupId: $groupId})
         RETURN e.id AS id, e.groupId AS groupId, e.name AS name, e.kind AS kind, e.aliases AS aliases,
                e.mentions AS mentions, e.sessions AS sessions, labels(e) AS labels ORDER BY e.name`,
        { groupId },
      )
    ).map((e) => ({ ...e, aliases: [...e.aliases].sort() }));
  const byName = (rows: EntityRow[], name: string) => rows.find((e) => e.name === name);
  const coOccurs = (groupId: string) =>
    t.strata.graph.autoCommit<{ a: string; b: string; count: number }>(
      `MATCH (a:Entity {groupId: $groupId})-[c:CO_OCCURS]->(b:Entity)
       RETURN a.name AS a, b.name AS b, c.count AS count ORDER BY a, b`,
      { groupId },
    );

  beforeAll(async () => {
    g = t.group('entities');
    other = t.group('entities-other');
    await t.strata.services.ingest(g, MESSAGES);
    // The other group names Lisbon and a Maria too: nothing of it may merge with the first group's.
    await t.strata.services.ingest(other, [
      { text: 'Maria loves Lisbon in winter.', speaker: 'Zoe', ts: at(5, 0) },
    ]);
    for (const group of [g, other]) {
      const report = await t.strata.cycle(group, { now: NOW });
      expect(report.status).toBe('succeeded');
    }
    server = await serveTestApp(t.strata);
  });

  it('makes one node per group and name, first names and possessives merged into the full name', async () => {
    const rows = await entities(g);
    const maria = byName(rows, 'Maria Silva');
    expect(maria).toMatchObject({ kind: 'person', sessions: 3 });
    // "Maria Silva" twice, "Maria" three times ("Maria's" once among them).
    expect(maria?.mentions).toBe(5);
    expect(maria?.aliases).toEqual(['Maria']);
    expect(maria?.labels.sort()).toEqual(['Entity', 'Person']);
    const lisbon = byName(rows, 'Lisbon');
    expect(lisbon).toMatchObject({ kind: 'place', mentions: 5, sessions: 3 });
    expect(lisbon?.labels.sort()).toEqual(['Entity', 'Place']);
    // A speaker named by the first name only is the speaker.
    expect(byName(rows, 'Ana Costa')).toMatchObject({ kind: 'person', aliases: ['Ana'] });
    expect(byName(rows, 'Maria')).toBeUndefined();
    expect(byName(rows, 'Ana')).toBeUndefined();
    for (const e of rows) {
      expect(e.id.startsWith(`${g}:entity:`)).toBe(true);
      // One kind label, the one of the kind the node keeps.
      expect(e.labels.sort()).toEqual(['Entity', ENTITY_KIND_LABELS[e.kind as EntityKind]].sort());
    }
  });

  it('links sessions to what they name and keeps co-occurrence', async () => {
    const links = await t.strata.graph.autoCommit<{ session: string; entity: string; count: number }>(
      `MATCH (s:Session {groupId: $groupId})-[m:MENTIONS_ENTITY]->(e:Entity {name: 'Lisbon'})
       RETURN s.id AS session, e.name AS entity, m.count AS count ORDER BY s.startsAt`,
      { groupId: g },
    );
    expect(links.map((l) => l.count)).toEqual([2, 2, 1]);
    const pairs = await coOccurs(g);
    expect(pairs.find((p) => [p.a, p.b].sort().join('|') === 'Lisbon|Maria Silva')?.count).toBe(3);
  });

  it('keeps groups apart', async () => {
    const rows = await entities(other);
    expect(rows.map((e) => e.groupId)).toEqual(rows.map(() => other));
    expect(byName(rows, 'Lisbon')?.mentions).toBe(1);
    const [crossing] = await t.strata.graph.autoCommit<{ n: number }>(
      `MATCH (s:Summary)-[:MENTIONS_ENTITY]->(e:Entity) WHERE s.groupId <> e.groupId RETURN count(*) AS n`,
    );
    expect(crossing?.n).toBe(0);
  });

  it('counts a session written again once', async () => {
    const before = { entities: await entities(g), pairs: await coOccurs(g) };
    // A late message joins the last session: it is summarised again, and its entities linked again.
    await t.strata.services.ingest(g, [
      { text: 'And Porto after Lisbon, says Maria.', speaker: 'Ana Costa', ts: at(8, 5) },
    ]);
    const report = await t.strata.cycle(g, { now: NOW });
    expect(report.levels.session.updated).toBe(1);
    const after = await entities(g);
    expect(byName(after, 'Lisbon')?.mentions).toBe((byName(before.entities, 'Lisbon')?.mentions ?? 0) + 1);
    expect(byName(after, 'Lisbon')?.sessions).toBe(3);
    expect(byName(after, 'Maria Silva')?.mentions).toBe(6);
    // A cycle with nothing new changes nothing.
    const again = await t.strata.cycle(g, { now: NOW });
    expect(again.status).toBe('succeeded');
    expect(await entities(g)).toEqual(after);
    const pairs = await coOccurs(g);
    expect(pairs.find((p) => [p.a, p.b].sort().join('|') === 'Lisbon|Maria Silva')?.count).toBe(3);
  });

  it('passes verify, and verify finds a count that disagrees with the links', async () => {
    const report = await t.strata.services.verify(g);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    const bump = (by: number) =>
      t.strata.graph.autoCommit(
        "MATCH (e:Entity {groupId: $groupId, name: 'Lisbon'}) SET e.mentions = e.mentions + $by",
        { groupId: g, by },
      );
    await bump(1);
    try {
      const broken = await t.strata.services.verify(g);
      expect(broken.checks.find((c) => c.check === 'entity-counts')?.ok).toBe(false);
    } finally {
      await bump(-1);
    }
  });

  it('lists entities over REST: by kind, name or alias, window, sort, pages', async () => {
    const all = await get<EntityList>(`/v1/groups/${g}/entities`);
    expect(all.status).toBe(200);
    const mentions = all.body.entities.map((e) => e.mentions);
    expect(mentions).toEqual([...mentions].sort((a, b) => b - a));
    expect(all.body.entities.every((e) => e.groupId === g)).toBe(true);
    const places = await get<EntityList>(`/v1/groups/${g}/entities?kind=place`);
    expect(places.body.entities.map((e) => e.kind)).toEqual(places.body.entities.map(() => 'place'));
    expect(places.body.entities.map((e) => e.name)).toContain('Lisbon');
    // In any case, and an alias counts: "Maria" alone names Maria Silva.
    const byAlias = await get<EntityList>(`/v1/groups/${g}/entities?name=MARIA`);
    expect(byAlias.body.entities.map((e) => e.name)).toEqual(['Maria Silva']);
    const page = await get<EntityList>(`/v1/groups/${g}/entities?limit=1&sort=recent`);
    expect(page.body.entities).toHaveLength(1);
    expect(page.body.nextOffset).toBe(1);
    const next = await get<EntityList>(`/v1/groups/${g}/entities?limit=1&sort=recent&offset=1`);
    expect(next.body.entities[0]?.id).not.toBe(page.body.entities[0]?.id);
    const before = await get<EntityList>(`/v1/groups/${g}/entities?to=2024-03-01`);
    expect(before.body.entities).toEqual([]);
    expect((await get(`/v1/groups/${g}/entities?kind=planet`)).status).toBe(400);
    expect((await get('/v1/groups/no-such-group-x/entities')).status).toBe(404);
  });

  it('answers a profile over REST, and never another group', async () => {
    const list = await get<EntityList>(`/v1/groups/${g}/entities?name=maria`);
    const id = list.body.entities[0]?.id as string;
    const profile = await get<EntityProfile>(`/v1/groups/${g}/entities/${id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.entity).toMatchObject({ name: 'Maria Silva', kind: 'person', aliases: ['Maria'] });
    expect(profile.body.months).toEqual([{ month: '2024-03', mentions: 6, sessions: 3 }]);
    expect(profile.body.related.map((r) => r.name)).toContain('Lisbon');
    expect(profile.body.summaries).toHaveLength(3);
    expect(profile.body.summaries[0]?.startsAt).toBe(at(8, 0));
    expect(profile.body.memories.length).toBeGreaterThan(3);
    expect(profile.body.memories.every((m) => /maria/i.test(m.text))).toBe(true);
    expect(profile.body.memories[0]?.ts).toBe(at(8, 5));
    // The same id asked of another group, an unknown id, and something that is no entity id: all not found.
    expect((await get(`/v1/groups/${other}/entities/${id}`)).status).toBe(404);
    expect((await get(`/v1/groups/${g}/entities/${g}:entity:0000000000000000`)).status).toBe(404);
    expect((await get(`/v1/groups/${g}/entities/lisbon`)).status).toBe(404);
  });

  it('answers the CLI and the MCP tool', async () => {
    const cli = async (args: string[]) => {
      const stdout = collector();
      const stderr = collector();
      const code = await main(args, {
        stdout,
        stderr,
        env: process.env,
        // The test's Strata, left open for the tests after this one.
        openBackend: async () => ({ ...backendOf(t.strata), close: async () => undefined }),
      });
      return { code, out: stdout.text, err: stderr.text };
    };
    const listed = await cli(['entities', 'list', '--group', g, '--kind', 'person', '--json']);
    expect(listed.code).toBe(0);
    const people = (JSON.parse(listed.out) as EntityList).entities;
    expect(people.map((e) => e.name)).toContain('Maria Silva');
    const maria = people.find((e) => e.name === 'Maria Silva')?.id as string;
    const shown = await cli(['entities', 'show', '--group', g, maria]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('Maria Silva (person)');
    expect(shown.out).toContain('by month: 2024-03 6');
    expect((await cli(['entities', 'show', '--group', other, maria])).code).toBe(1);

    const tool = TOOLS.find((x) => x.name === 'entities');
    const list = await tool?.run(t.strata.services, g, {
      name: 'lisbon',
      sort: 'mentions',
      limit: 5,
      offset: 0,
    });
    expect(list?.data.entities.map((e: { name: string }) => e.name)).toEqual(['Lisbon']);
    const profile = await tool?.run(t.strata.services, g, {
      id: maria,
      sort: 'mentions',
      limit: 5,
      offset: 0,
    });
    expect(profile?.data.profile.entity.name).toBe('Maria Silva');
    expect(profile?.text).toContain('Comes up with:');
  });

  it('keeps counts and links when the originals are pruned, and when a pruned session is written again', async () => {
    const before = await entities(g);
    // Every original covered by a day summary, pruned as if past its retention.
    await new MaintenanceRepository(t.strata.graph).pruneMemories(g, new Date('2100-01-01T00:00:00Z'));
    expect(await entities(g)).toEqual(before);
    // A late message in the last session: it is summarised again, but its pruned originals would count less.
    await t.strata.services.ingest(g, [
      { text: 'Lisbon, Lisbon, Lisbon!', speaker: 'Ben Okafor', ts: at(8, 7) },
    ]);
    const report = await t.strata.cycle(g, { now: NOW });
    expect(report.levels.session.updated).toBe(1);
    expect(await entities(g)).toEqual(before);
    const verified = await t.strata.services.verify(g);
    expect(verified.checks.filter((c) => c.check.startsWith('entity') && !c.ok)).toEqual([]);
  });

  it('removes the entities with their group', async () => {
    await t.strata.services.deleteGroup(other);
    expect(await entities(other)).toEqual([]);
    const [orphans] = await t.strata.graph.read<{ count: number }>('inspect/orphan-entities');
    expect(orphans?.count).toBe(0);
    expect((await entities(g)).length).toBeGreaterThan(0);
  });
});

describeNeo4j('entities switched off', () => {
  const t = useTestStrata({ ENTITIES_ENABLED: 'false' });

  it('leaves sessions marked, and a Strata with entities on links them at its next cycle', async () => {
    const g = t.group('entities-off');
    await t.strata.services.ingest(g, MESSAGES.slice(0, 3));
    expect((await t.strata.cycle(g, { now: NOW })).status).toBe('succeeded');
    const count = async () =>
      (
        await t.strata.graph.autoCommit<{ entities: number; pending: number }>(
          `RETURN COUNT { MATCH (:Entity {groupId: $g}) } AS entities,
                  COUNT { MATCH (s:Summary {groupId: $g}) WHERE s.entitiesPending } AS pending`,
          { g },
        )
      )[0];
    expect(await count()).toEqual({ entities: 0, pending: 1 });
    const on = await openTestStrata();
    try {
      expect((await on.cycle(g, { now: NOW })).status).toBe('succeeded');
    } finally {
      await on.close();
    }
    const after = await count();
    expect(after?.pending).toBe(0);
    expect(after?.entities).toBeGreaterThan(0);
  });
});

describeNeo4j('entities resolved against the group the graph has', () => {
  const t = useTestStrata();

  it("finds a body's short name, its initials and a name with a word too many in a later cycle, and a re-link counts nothing twice", async () => {
    const g = t.group('entities-later');
    // A first session names bodies in full; a cycle links them before the second session exists.
    await t.strata.services.ingest(g, [
      { text: 'Northwind Labs is our biggest beta customer.', speaker: 'Ana', ts: at(4, 0) },
      { text: 'My aunt works for the Royal Horticultural Society.', speaker: 'Ben', ts: at(4, 2) },
      { text: 'Went back to IKEA for more hinges.', speaker: 'Ana', ts: at(4, 4) },
    ]);
    expect((await t.strata.cycle(g, { now: NOW })).status).toBe('succeeded');
    await t.strata.services.ingest(g, [
      { text: 'The folks at Northwind requested a demo first.', speaker: 'Ben', ts: at(20, 0) },
      { text: 'The RHS guide says to wait.', speaker: 'Ana', ts: at(20, 2) },
      { text: 'The IKEA order arrives on Monday.', speaker: 'Ben', ts: at(20, 4) },
    ]);
    expect((await t.strata.cycle(g, { now: NOW })).status).toBe('succeeded');
    const rows = async () =>
      t.strata.graph.autoCommit<{
        name: string;
        kind: string;
        aliases: string[];
        mentions: number;
        sessions: number;
      }>(
        `MATCH (e:Entity {groupId: $g})
         RETURN e.name AS name, e.kind AS kind, e.aliases AS aliases, e.mentions AS mentions, e.sessions AS sessions
         ORDER BY name`,
        { g },
      );
    const linked = await rows();
    expect(linked).toEqual([
      { name: 'IKEA', kind: expect.any(String), aliases: [], mentions: 2, sessions: 2 },
      { name: 'Northwind Labs', kind: 'organisation', aliases: ['Northwind'], mentions: 2, sessions: 2 },
      {
        name: 'Royal Horticultural Society',
        kind: 'organisation',
        aliases: ['RHS'],
        mentions: 2,
        sessions: 2,
      },
    ]);

    // Migration 6 marks every linked session again; the next cycle links them once more, counting each once.
    await t.strata.graph.autoCommit(cypher('schema/relink-session-entities'));
    const [pending] = await t.strata.graph.autoCommit<{ n: number }>(
      'MATCH (s:Summary {groupId: $g}) WHERE s.entitiesPending RETURN count(s) AS n',
      { g },
    );
    expect(pending?.n).toBe(2);
    expect((await t.strata.cycle(g, { now: NOW })).status).toBe('succeeded');
    // The same names, aliases and counts; a kind by the votes of its mentions may differ, read in one batch now.
    const withoutKind = (list: typeof linked) => list.map(({ kind: _kind, ...rest }) => rest);
    const relinked = await rows();
    expect(withoutKind(relinked)).toEqual(withoutKind(linked));
    expect(relinked.slice(1).map((e) => e.kind)).toEqual(['organisation', 'organisation']);
    const report = await t.strata.services.verify(g);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });
});
