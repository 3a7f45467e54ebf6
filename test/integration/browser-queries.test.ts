import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemo } from '../../seed/generator.js';
import { seedDemo } from '../../seed/seed.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import type { Strata } from '../../src/strata.js';
import { projectRoot } from '../cypher/lint.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

const browserDir = join(projectRoot, 'cypher/browser');
const queryFiles = readdirSync(browserDir)
  .filter((name) => name.endsWith('.cypher'))
  .sort();
const queryText = (name: string) => readFileSync(join(browserDir, name), 'utf8');

/** The `:param name => value` lines of a query's header, as Browser would bind them ('text', null, numbers). */
function headerParams(text: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const m of text.matchAll(/^\/\/\s*:param (\w+) => (.+)$/gm)) {
    const raw = (m[2] as string).trim();
    params[m[1] as string] = raw === 'null' ? null : /^'.*'$/.test(raw) ? raw.slice(1, -1) : Number(raw);
  }
  return params;
}

/** The $parameters a Cypher text uses, sorted, ignoring `//` comments. */
function cypherParams(text: string): string[] {
  const code = text.replace(/\/\/.*$/gm, '');
  return [...new Set([...code.matchAll(/\$([A-Za-z_]\w*)/g)].map((m) => m[1] as string))].sort();
}

type GrassRules = Record<string, Record<string, string>>;

/**
 * GraSS read the way Neo4j Browser reads it (shared/services/grassUtils parseGrassCSS): quotes are dropped,
 * whitespace outside rules is dropped, declarations split on ';' then ':'. A declaration that does not split
 * into exactly key and value is silently ignored by Browser; here it is reported in `dropped`.
 */
function parseGrass(text: string): { rules: GrassRules; dropped: string[] } {
  const raw: Record<string, string> = {};
  let inString = false;
  let inProps = false;
  let inBinding = false;
  let keyword = '';
  let props = '';
  for (const c of text) {
    if (c === "'" || c === '"') inString = !inString;
    else if (c === '{' && !inString && inProps) inBinding = true;
    else if (c === '{' && !inString) inProps = true;
    else if (c === '}' && !inString && inBinding) inBinding = false;
    else if (c === '}' && !inString) {
      raw[keyword] = props;
      inProps = false;
      keyword = '';
      props = '';
    } else if (inProps) props += c;
    else if (!/\s/.test(c)) keyword += c;
  }
  const rules: GrassRules = {};
  const dropped: string[] = [];
  for (const [selector, body] of Object.entries(raw)) {
    rules[selector] = {};
    for (const declaration of body.split(';').filter((d) => d.trim())) {
      const parts = declaration.split(':');
      if (parts.length === 2) rules[selector][(parts[0] as string).trim()] = (parts[1] as string).trim();
      else dropped.push(`${selector}: ${declaration.trim()}`);
    }
  }
  return { rules, dropped };
}

describe('Neo4j Browser files (cypher/browser)', () => {
  it('extracts the $parameters a query uses, not those in comments', () => {
    const text =
      '// set $notThis first\nMATCH (n {id: $a}) WHERE n.x = $b_2 OR n.y = $a RETURN n.k AS k // $c';
    expect(cypherParams(text)).toEqual(['a', 'b_2']);
  });

  it.each(queryFiles)('%s starts with a comment block that names every :param it needs', (name) => {
    const text = queryText(name);
    const header = text.slice(0, text.search(/^(?!\/\/)/m));
    expect(header.split('\n').length).toBeGreaterThan(2);
    for (const param of cypherParams(text)) expect(header).toContain(`:param ${param} =>`);
    expect(text).not.toMatch(/embedding/i);
  });

  it('has a GraSS style Browser can read, for every Strata label, with no embedding in a caption', () => {
    const text = readFileSync(join(browserDir, 'strata.grass'), 'utf8');
    // Browser's GraSS parser knows no comments: a comment would become part of a selector or a declaration.
    expect(text).not.toMatch(/\/\*|\/\//);
    const { rules, dropped } = parseGrass(text);
    expect(dropped).toEqual([]);
    for (const selector of Object.keys(rules)) expect(selector).toMatch(/^(node|relationship)(\.\w+)?$/);
    for (const label of ['Memory', 'Summary', 'Era', 'Topic', 'Entity']) {
      expect(rules[`node.${label}`]).toMatchObject({
        color: expect.stringMatching(/^#[0-9A-F]{6}$/i),
        diameter: expect.stringMatching(/^\d+px$/),
        caption: expect.any(String),
      });
    }
    expect(rules['node.Memory']?.caption).toBe('{text}');
    expect(rules['node.Summary']?.caption).toMatch(/\{periodStart\}|\{id\}/);
    expect(rules['node.Era']?.caption).toBe('{theme}');
    expect(rules['node.Topic']?.caption).toBe('{name}');
    expect(rules['relationship.MENTIONS']?.caption).toBe('{weight}');
    expect(rules['relationship.NEXT_PERIOD']?.caption).toBe('{gapDays}');
    expect(rules['node.Entity']?.caption).toBe('{name}');
    // GraSS cannot key on a property: the kind is also a label, each with its own colour, after node.Entity.
    const kinds = ['Person', 'Place', 'Organisation', 'Product', 'Work', 'Event', 'Thing'];
    const colours = kinds.map((kind) => rules[`node.${kind}`]?.color);
    expect(new Set(colours).size).toBe(kinds.length);
    const selectors = Object.keys(rules);
    for (const kind of kinds)
      expect(selectors.indexOf(`node.${kind}`)).toBeGreaterThan(selectors.indexOf('node.Entity'));
    expect(rules['relationship.MENTIONS_ENTITY']?.caption).toBe('{count}');
    expect(rules['relationship.CO_OCCURS']?.caption).toBe('{count}');
    for (const props of Object.values(rules)) expect(props.caption ?? '').not.toMatch(/embedding/i);
  });
});

describeNeo4j('Browser saved queries against Neo4j', () => {
  let strata: Strata;
  const groupId = testGroupId('browser');
  const params: Record<string, unknown> = {
    groupId,
    level: 'week',
    entity: null,
    speaker: null,
    memoryId: null,
  };

  beforeAll(async () => {
    strata = await openTestStrata({ PRUNE_ENABLED: 'false' });
    const [group] = generateDemo({ seed: 7, groups: 1, months: 4, messagesPerDay: 15, start: '2024-01-01' });
    const memories: MemoryInput[] = (group?.memories ?? []).map(({ id: _id, ...memory }) => memory);
    for (let i = 0; i < memories.length; i += 1000) {
      await strata.services.ingest(groupId, memories.slice(i, i + 1000));
    }
    const report = await strata.cycle(groupId, { now: new Date('2024-05-08T00:00:00Z') });
    if (report.status !== 'succeeded' || report.errors.length) {
      throw new Error(`cycle did not succeed: ${JSON.stringify(report)}`);
    }

    const [era] = await strata.services.eras(groupId);
    const [month] = await strata.services.listSummaries(groupId, { level: 'month', limit: 1 });
    const weeks = await strata.services.listSummaries(groupId, { level: 'week', limit: 100 });
    const week = weeks.find((w) => w.topics.length >= 2);
    if (!era || !month || !week)
      throw new Error('the seeded group has no era, month or week with two topics');
    Object.assign(params, {
      eraId: era.id,
      summaryId: month.id,
      topic: week.topics[0]?.name,
      topicA: week.topics[0]?.name,
      topicB: week.topics[1]?.name,
    });
  }, 600_000);

  afterAll(async () => {
    if (strata) {
      await deleteGroup(strata.graph, groupId);
      await strata.close();
    }
  });

  const run = (name: string, overrides: Record<string, unknown> = {}) => {
    const used = cypherParams(queryText(name));
    const unknown = used.filter((p) => !(p in params));
    if (unknown.length)
      throw new Error(`${name} uses parameters this test does not set: ${unknown.join(', ')}`);
    const bound = Object.fromEntries(used.map((p) => [p, p in overrides ? overrides[p] : params[p]]));
    return strata.graph.autoCommit(queryText(name), bound);
  };

  it.each(queryFiles)('%s returns rows for the seeded group', async (name) => {
    const rows = await run(name);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('conversation.cypher walks from the latest memory back along NEXT_TURN, to its session summary', async () => {
    const [row] = (await run('conversation.cypher')) as {
      before: { length: number };
      after: { length: number };
      up: unknown;
    }[];
    expect(row?.before.length).toBeGreaterThan(0);
    expect(row?.before.length).toBeLessThanOrEqual(20);
    expect(row?.after.length).toBe(0);
    expect(row?.up).not.toBeNull();
  });

  it('era-expanded.cypher finds the current era when eraId is null', async () => {
    const rows = await run('era-expanded.cypher', { eraId: null });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ era: { current: true } });
  });
});

describeNeo4j(
  'Browser saved queries on `strata seed` data, with the parameters their headers document',
  () => {
    let strata: Strata;
    const prefix = testGroupId('seeded');
    let groupId = '';

    beforeAll(async () => {
      // Default settings, pruning on: what a newcomer gets from `npm run seed`.
      strata = await openTestStrata();
      const { groups } = await seedDemo(strata, { groups: 1, prefix });
      groupId = groups[0]?.groupId ?? '';
      if (groups[0]?.report.status !== 'succeeded') throw new Error('seeding did not succeed');
    }, 900_000);

    afterAll(async () => {
      if (strata) {
        if (groupId) await deleteGroup(strata.graph, groupId);
        await strata.close();
      }
    });

    it.each(queryFiles)('%s returns rows', async (name) => {
      const documented = headerParams(queryText(name));
      // The headers name the demo's first group; this test seeded its own.
      const bound = { ...documented, ...(documented.groupId === 'demo-1' ? { groupId } : {}) };
      expect(Object.keys(bound).sort()).toEqual(cypherParams(queryText(name)));
      const rows = await strata.graph.autoCommit(queryText(name), bound);
      expect(rows.length).toBeGreaterThan(0);
    });

    it.each(['entity-neighbourhood.cypher', 'entity-over-months.cypher'])(
      '%s finds a planted entity by its name in another case and by an alias, as its header says',
      async (name) => {
        const [planted] = await strata.graph.autoCommit<{ name: string; alias: string }>(
          `MATCH (e:Entity {groupId: $groupId}) WHERE size(e.aliases) > 0
           RETURN e.name AS name, e.aliases[0] AS alias ORDER BY e.mentions DESC, e.id LIMIT 1`,
          { groupId },
        );
        expect(planted).toBeDefined();
        for (const entity of [planted?.name.toUpperCase(), planted?.alias]) {
          const rows = await strata.graph.autoCommit(queryText(name), { groupId, entity });
          expect(rows.length, `${name} with entity ${entity}`).toBeGreaterThan(0);
        }
        // A name the group never said finds nothing: the rows above came from the name asked for.
        const none = await strata.graph.autoCommit(queryText(name), { groupId, entity: 'Nobody Atall' });
        expect(none).toEqual([]);
      },
    );
  },
);
