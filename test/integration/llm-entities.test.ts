import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MemoryInput } from '../../src/domain/memory.js';
import type { Strata } from '../../src/strata.js';
import { FakeEntityModel } from '../support/fake-entity-model.js';
import { at, NOW } from '../support/lisbon-trip.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

/** Three sessions; "dune" in lower case is a film only the model knows. */
const MESSAGES: MemoryInput[] = [
  { text: 'I just booked my flight to Lisbon for the conference.', speaker: 'Ana Costa', ts: at(4, 0) },
  { text: 'Nice! Is Maria Silva coming to Lisbon too?', speaker: 'Ben Okafor', ts: at(4, 2) },
  { text: 'Yes, and Ana wants to see the Gulbenkian Museum.', speaker: 'Ben Okafor', ts: at(6, 0) },
  { text: 'We watched dune again last night, Maria loved it.', speaker: 'Ana Costa', ts: at(6, 3) },
  { text: 'Ask Maria Silva about hotels in Lisbon.', speaker: 'Ben Okafor', ts: at(8, 0) },
];

/** The fake model's knowledge, in the kinds models write. */
const DICTIONARY: Record<string, string> = {
  Lisbon: 'location',
  'Maria Silva': 'PERSON',
  Maria: 'person',
  'Gulbenkian Museum': 'organization',
  dune: 'film',
};

interface EntityRow {
  name: string;
  kind: string;
  aliases: string[];
  mentions: number;
  sessions: number;
}

describeNeo4j('entities found by an LLM in the cycle, against a fake OpenAI-compatible server', () => {
  const fake = new FakeEntityModel(DICTIONARY);
  let llm: Strata;
  let local: Strata;
  const groups: [Strata, string][] = [];
  const group = (strata: Strata, label: string) => {
    const id = testGroupId(label);
    groups.push([strata, id]);
    return id;
  };

  const entities = async (strata: Strata, groupId: string) =>
    (
      await strata.graph.autoCommit<EntityRow>(
        `MATCH (e:Entity {groupId: $groupId})
         RETURN e.name AS name, e.kind AS kind, e.aliases AS aliases, e.mentions AS mentions,
                e.sessions AS sessions ORDER BY e.name`,
        { groupId },
      )
    ).map((e) => ({ ...e, aliases: [...e.aliases].sort() }));

  /** Ingests the conversation into a new group and runs its cycle: it succeeds with no period failing. */
  const cycled = async (strata: Strata, label: string) => {
    const groupId = group(strata, label);
    await strata.services.ingest(groupId, MESSAGES);
    const report = await strata.cycle(groupId, { now: NOW });
    expect(report.status).toBe('succeeded');
    expect(report.errors).toEqual([]);
    expect(report.levels.session.created).toBe(3);
    return groupId;
  };

  beforeAll(async () => {
    const baseUrl = await fake.start();
    llm = await openTestStrata({
      SUMMARIZER: 'openai',
      OPENAI_BASE_URL: baseUrl,
      OPENAI_API_KEY: 'sk-fake-for-loopback',
      OPENAI_MAX_RETRIES: '0',
      OPENAI_TIMEOUT_MS: '2000',
    });
    local = await openTestStrata();
  });

  afterAll(async () => {
    for (const [strata, id] of groups) await deleteGroup(strata.graph, id);
    await llm?.close();
    await local?.close();
    await fake.stop();
  });

  it("links the model's entities, in our kinds, with the speakers as people and nothing the messages lack", async () => {
    fake.answering('ok');
    const asked = fake.entityPrompts.length;
    const g = await cycled(llm, 'llm-entities');
    // One call per session, each with its messages numbered.
    const prompts = fake.entityPrompts.slice(asked);
    expect(prompts.map((p) => p.match(/^\[\d+\]/gm))).toEqual([['[1]', '[2]'], ['[1]', '[2]'], ['[1]']]);
    const rows = await entities(llm, g);
    expect(rows.map((e) => [e.name, e.kind])).toEqual([
      ['Ana Costa', 'person'],
      ['Gulbenkian Museum', 'organisation'],
      ['Lisbon', 'place'],
      ['Maria Silva', 'person'],
      ['dune', 'work'],
    ]);
    expect(rows.find((e) => e.name === 'Maria Silva')).toMatchObject({
      mentions: 3,
      sessions: 3,
      aliases: ['Maria'],
    });
    expect(rows.find((e) => e.name === 'Lisbon')).toMatchObject({ mentions: 3, sessions: 2 });
    // The speaker Ana, whom the model never named, is the speaker Ana Costa.
    expect(rows.find((e) => e.name === 'Ana Costa')).toMatchObject({ aliases: ['Ana'], mentions: 1 });
    const [work] = await llm.graph.autoCommit<{ labels: string[] }>(
      "MATCH (e:Entity {groupId: $groupId, name: 'dune'}) RETURN labels(e) AS labels",
      { groupId: g },
    );
    expect(work?.labels.sort()).toEqual(['Entity', 'Work']);
    const verify = await llm.services.verify(g);
    expect(verify.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('falls back to the local extractor for each session the model fails on: the same entities as a local cycle', async () => {
    for (const answer of ['server-error', 'garbage'] as const) {
      fake.answering(answer);
      const asked = fake.entityPrompts.length;
      const g = await cycled(llm, `llm-entities-${answer}`);
      expect(fake.entityPrompts.length - asked).toBe(3);
      const expected = await entities(local, await cycled(local, `local-entities-${answer}`));
      expect(expected.map((e) => e.name)).toContain('Lisbon');
      expect(await entities(llm, g)).toEqual(expected);
      const verify = await llm.services.verify(g);
      expect(verify.checks.filter((c) => !c.ok)).toEqual([]);
      expect(verify.pending.memories).toBe(0);
    }
  });
});
