import { beforeAll, expect, it } from 'vitest';
import type { MemoryInput } from '../../src/domain/memory.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

const NOW = new Date('2024-05-01T00:00:00Z');
const at = (day: number, minute: number) =>
  `2024-03-${String(day).padStart(2, '0')}T10:${String(minute).padStart(2, '0')}:00.000Z`;

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
    for (const e of rows) expect(e.id.startsWith(`${g}:entity:`)).toBe(true);
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

  it('passes verify', async () => {
    const report = await t.strata.services.verify(g);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('removes the entities with their group', async () => {
    await t.strata.services.deleteGroup(other);
    expect(await entities(other)).toEqual([]);
    expect((await entities(g)).length).toBeGreaterThan(0);
  });
});
