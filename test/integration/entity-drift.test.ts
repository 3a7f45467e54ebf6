import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { type DemoGroup, generateDemo } from '../../seed/generator.js';
import { DEMO_ENTITIES } from '../../seed/themes.js';
import { backendOf } from '../../src/cli/backend.js';
import { main } from '../../src/cli/cli.js';
import { ENTITIES_CSV_HEADER, type EntitiesOverTime } from '../../src/domain/entities-over-time.js';
import { byMentions, ERA_ENTITIES } from '../../src/domain/entity-counts.js';
import type { EntityCount } from '../../src/domain/entity-shapes.js';
import type { Era } from '../../src/domain/era.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { EntityCountReads } from '../../src/graph/entity-counts.js';
import { TOOLS } from '../../src/mcp/tools.js';
import { collector } from '../support/out-stream.js';
import { testApp } from '../support/test-app.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

const NOW = new Date('2024-05-08T00:00:00Z');

/**
 * The other group talks on the same days about people and places no demo theme plants: were a read to forget the
 * group, they would turn up in the demo group's periods and eras.
 */
const OTHER_NAMES = ['Zarina Okonkwo', 'Reykjavik'];
const otherMemories = (): MemoryInput[] =>
  ['2024-01-10', '2024-02-14', '2024-03-20', '2024-04-17'].flatMap((day) => [
    { text: 'Zarina Okonkwo landed in Reykjavik this morning.', speaker: 'Ivo', ts: `${day}T09:00:00.000Z` },
    {
      text: 'Tell Zarina Okonkwo that Reykjavik is cold in spring.',
      speaker: 'Pia',
      ts: `${day}T09:03:00.000Z`,
    },
  ]);

/** One session's link to one entity, read straight from the graph: what every figure below must add up to. */
interface Link {
  day: string;
  session: string;
  id: string;
  name: string;
  kind: EntityCount['kind'];
  count: number;
}

/** The entities of the sessions that start from `from` to before `to`, added up from the links, most mentioned first. */
function expectedCounts(links: readonly Link[], from: string, to: string): EntityCount[] {
  const totals = new Map<string, EntityCount>();
  for (const l of links.filter((x) => x.day >= from && x.day < to)) {
    const seen = totals.get(l.id) ?? { id: l.id, name: l.name, kind: l.kind, mentions: 0, sessions: 0 };
    seen.mentions += l.count;
    seen.sessions += 1;
    totals.set(l.id, seen);
  }
  return [...totals.values()].sort(byMentions);
}

describeNeo4j("entities in drift research: each period's and each era's", () => {
  const t = useTestStrata({ PRUNE_ENABLED: 'false' });
  let g: string;
  let other: string;
  let demo: DemoGroup;
  let links: Link[] = [];
  let sessionDays: string[] = [];
  const app = () => testApp(t.strata);

  beforeAll(async () => {
    g = t.group('entity-drift');
    other = t.group('entity-drift-other');
    [demo] = generateDemo({ seed: 7, groups: 1, months: 4, messagesPerDay: 15, start: '2024-01-01' }) as [
      DemoGroup,
    ];
    const memories = demo.memories.map(({ id: _id, ...memory }) => memory);
    for (let i = 0; i < memories.length; i += 1000)
      await t.strata.services.ingest(g, memories.slice(i, i + 1000));
    await t.strata.services.ingest(other, otherMemories());
    for (const group of [g, other]) {
      const report = await t.strata.cycle(group, { now: NOW });
      if (report.status !== 'succeeded' || report.errors.length)
        throw new Error(`cycle of ${group} did not succeed: ${JSON.stringify(report.errors)}`);
    }
    links = await t.strata.graph.autoCommit<Link>(
      `MATCH (s:Summary {groupId: $g, level: 'session'})-[m:MENTIONS_ENTITY]->(e:Entity)
       RETURN toString(s.periodStart) AS day, s.id AS session, e.id AS id, e.name AS name, e.kind AS kind,
              m.count AS count`,
      { g },
    );
    sessionDays = (
      await t.strata.graph.autoCommit<{ day: string }>(
        `MATCH (s:Summary {groupId: $g, level: 'session'}) RETURN toString(s.periodStart) AS day`,
        { g },
      )
    ).map((r) => r.day);
  }, 600_000);

  it('lists every period with the entities its sessions name most, as the links add up', async () => {
    expect(links.length).toBeGreaterThan(100);
    for (const level of ['week', 'month'] as const) {
      const table = await t.strata.services.entitiesOverTime(g, { level, top: 5 });
      const starts = (
        await t.strata.graph.autoCommit<{ start: string }>(
          'MATCH (s:Summary {groupId: $g, level: $level}) RETURN toString(s.periodStart) AS start ORDER BY start',
          { g, level },
        )
      ).map((r) => r.start);
      expect(table.periods.map((p) => p.periodStart)).toEqual(starts);
      for (const p of table.periods) {
        const expected = expectedCounts(links, p.periodStart, p.periodEnd);
        expect(p.entities, `${level} ${p.periodStart}`).toEqual(expected.slice(0, 5));
        expect(p.mentionCount).toBe(expected.reduce((n, c) => n + c.mentions, 0));
        expect(p.sessionCount).toBe(sessionDays.filter((d) => d >= p.periodStart && d < p.periodEnd).length);
      }
    }
    // A window keeps the periods that start within it.
    const march = await t.strata.services.entitiesOverTime(g, {
      level: 'week',
      from: '2024-03-01',
      to: '2024-04-01',
      top: 3,
    });
    expect(march.periods.map((p) => p.periodStart)).toEqual([
      '2024-03-04',
      '2024-03-11',
      '2024-03-18',
      '2024-03-25',
    ]);
  });

  it("shows a planted entity only on days of its own theme's eras", async () => {
    const table = await t.strata.services.entitiesOverTime(g, { level: 'day', top: 100 });
    const namedOn = (name: string) =>
      table.periods.filter((p) => p.entities.some((e) => e.name === name)).map((p) => p.periodStart);
    expect(new Set(demo.plantedEras.map((era) => era.theme)).size).toBeGreaterThan(1);
    let found = 0;
    for (const entity of demo.plantedEntities) {
      const days = namedOn(entity.name);
      if (days.length > 0) found += 1;
      const themes = Object.keys(DEMO_ENTITIES).filter((theme) =>
        DEMO_ENTITIES[theme]?.some((e) => e.name === entity.name),
      );
      const own = demo.plantedEras.filter((era) => themes.includes(era.theme));
      for (const day of days)
        expect(
          own.some((era) => day >= era.start && day < era.end),
          `${entity.name} on ${day}`,
        ).toBe(true);
    }
    // Most planted entities come out under their own name (the tagger misses some).
    expect(found).toBeGreaterThanOrEqual(Math.ceil(demo.plantedEntities.length / 2));
  });

  it('reads the same in pages of a few sessions and periods as in the default pages', async () => {
    const small = new EntityCountReads(t.strata.graph, {
      sessions: 7,
      periods: { day: 5, week: 2, month: 1 },
    });
    const full = new EntityCountReads(t.strata.graph);
    for (const level of ['day', 'week', 'month'] as const)
      expect(await small.perPeriod(g, level, {}, 4)).toEqual(await full.perPeriod(g, level, {}, 4));
    const whole = await small.inSpan(g, '2024-01-01', '2024-05-01', 1000);
    expect(whole).toEqual(expectedCounts(links, '2024-01-01', '2024-05-01'));
    expect(await full.inSpan(g, '2024-01-01', '2024-05-01', 1000)).toEqual(whole);
  });

  it("puts each era's entities beside its themes: REST, the profile, the CLI and MCP", async () => {
    const eras = await t.strata.services.eras(g, { entities: true });
    expect(eras.length).toBeGreaterThan(1);
    // Without asking, eras come without them (the cheap read).
    expect((await t.strata.services.eras(g)).map((e) => e.entities)).toEqual(eras.map(() => undefined));
    for (const era of eras) {
      expect(era.entities, `${era.start}..${era.end}`).toEqual(
        expectedCounts(links, era.start, era.end).slice(0, ERA_ENTITIES),
      );
      expect(era.entities?.length).toBeGreaterThan(0);
    }
    // Each era names the planted entities of the planted era it mostly covers, and none of an era it misses.
    const overlap = (era: Era, planted: { start: string; end: string }) =>
      Math.max(
        0,
        Math.min(Date.parse(era.end), Date.parse(planted.end)) -
          Math.max(Date.parse(era.start), Date.parse(planted.start)),
      );
    const plantedOf = (theme: string) => new Set((DEMO_ENTITIES[theme] ?? []).map((e) => e.name));
    const allPlanted = new Set(demo.plantedEntities.map((e) => e.name));
    for (const era of eras) {
      const touched = demo.plantedEras.filter((p) => overlap(era, p) > 0);
      const mostly = [...touched].sort((a, b) => overlap(era, b) - overlap(era, a))[0];
      const names = (era.entities ?? []).map((c) => c.name);
      expect(names.filter((n) => plantedOf(mostly?.theme ?? '').has(n)).length, era.start).toBeGreaterThan(0);
      const allowed = new Set(touched.flatMap((p) => [...plantedOf(p.theme)]));
      expect(
        names.filter((n) => allPlanted.has(n) && !allowed.has(n)),
        era.start,
      ).toEqual([]);
    }

    const rest = await request(app()).get(`/v1/groups/${g}/eras?entities=true`).expect(200);
    expect((rest.body.eras as Era[]).map((e) => e.entities)).toEqual(eras.map((e) => e.entities));
    const profile = await request(app()).get(`/v1/groups/${g}/profile?entities=true`).expect(200);
    expect(profile.body.currentEra.entities).toEqual(eras.find((e) => e.current)?.entities);
    const plain = await request(app()).get(`/v1/groups/${g}/profile`).expect(200);
    expect(plain.body.currentEra.entities).toBeUndefined();
    await request(app()).get(`/v1/groups/${g}/eras?entities=maybe`).expect(400);

    const stdout = collector();
    const code = await main(['eras', '--group', g, '--entities'], {
      stdout,
      stderr: collector(),
      env: process.env,
      openBackend: async () => ({ ...backendOf(t.strata), close: async () => undefined }),
    });
    expect(code).toBe(0);
    const top = eras.at(-1)?.entities?.[0];
    expect(stdout.text).toContain(`${top?.name} ${top?.mentions}`);

    const tool = TOOLS.find((x) => x.name === 'get_eras');
    const answer = await tool?.run(t.strata.services, g, { entities: true });
    expect(answer?.text).toContain(`entities: ${top?.name} (${top?.kind}, ${top?.mentions} mentions)`);
  });

  it('answers entities over time over REST and the CLI, JSON and long-format CSV alike', async () => {
    const json = await request(app()).get(`/v1/groups/${g}/entities/over-time?level=month&top=3`).expect(200);
    const table = json.body as EntitiesOverTime;
    expect(table).toMatchObject({ groupId: g, level: 'month', top: 3 });
    const csv = await request(app()).get(`/v1/groups/${g}/entities/over-time?level=month&top=3&format=csv`);
    expect(csv.headers['content-disposition']).toContain(`${g}-month-entities.csv`);
    const lines = csv.text.trimEnd().split('\n');
    expect(lines[0]).toBe(ENTITIES_CSV_HEADER.join(','));
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.length).toBe(table.periods.reduce((n, p) => n + Math.max(1, p.entities.length), 0));
    expect(rows.map((r) => [r[0], r[3], Number(r[6])])).toEqual(
      table.periods.flatMap((p) => p.entities.map((e) => [p.periodStart, e.id, e.mentions])),
    );

    const stdout = collector();
    const code = await main(
      ['entities', 'over-time', '--group', g, '--level', 'month', '--top', '3', '--csv'],
      {
        stdout,
        stderr: collector(),
        env: process.env,
        openBackend: async () => ({ ...backendOf(t.strata), close: async () => undefined }),
      },
    );
    expect(code).toBe(0);
    expect(stdout.text).toBe(csv.text);
  });

  it("never shows another group's entities, though it talks on the same days", async () => {
    const mine = await t.strata.services.entitiesOverTime(other, { level: 'day', top: 10 });
    const names = new Set(mine.periods.flatMap((p) => p.entities.map((e) => e.name)));
    for (const name of OTHER_NAMES) expect(names).toContain(name);
    const otherEras = await t.strata.services.eras(other, { entities: true });

    const shown: EntityCount[] = [
      ...(await t.strata.services.entitiesOverTime(g, { level: 'day', top: 100 })).periods.flatMap(
        (p) => p.entities,
      ),
      ...(await t.strata.services.entitiesOverTime(g, { level: 'month', top: 100 })).periods.flatMap(
        (p) => p.entities,
      ),
      ...(await t.strata.services.eras(g, { entities: true })).flatMap((e) => e.entities ?? []),
    ];
    expect(shown.length).toBeGreaterThan(0);
    for (const e of shown) {
      expect(e.id.startsWith(`${g}:entity:`), e.id).toBe(true);
      expect(OTHER_NAMES).not.toContain(e.name);
    }
    for (const e of otherEras.flatMap((x) => x.entities ?? []))
      expect(e.id.startsWith(`${other}:entity:`)).toBe(true);
  });
});
