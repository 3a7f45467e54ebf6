import { beforeAll, expect, it } from 'vitest';
import type { MemoryInput } from '../../src/domain/memory.js';
import { recallRequestSchema } from '../../src/domain/recall.js';
import { at, NOW } from '../support/lisbon-trip.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

/** Maria Silva named in full twice and by her first name alone in the other turns. */
const MESSAGES: MemoryInput[] = [
  { text: 'I just booked my flight to Lisbon for the conference.', speaker: 'Ana Costa', ts: at(4, 0) },
  { text: 'Nice! Is Maria Silva coming to Lisbon too?', speaker: 'Ben Okafor', ts: at(4, 2) },
  { text: 'Yes, and Maria will meet us at the Gulbenkian Museum.', speaker: 'Ana Costa', ts: at(4, 4) },
  { text: 'Did the museum have a good cafe?', speaker: 'Ben Okafor', ts: at(6, 0) },
  { text: 'Maria was great. Her talk was the best of the day.', speaker: 'Ana Costa', ts: at(6, 3) },
  { text: 'Next spring maybe. Ask Maria Silva about hotels in Lisbon.', speaker: 'Ben Okafor', ts: at(8, 0) },
];

describeNeo4j('recall and context by the entities a query names', () => {
  const t = useTestStrata();
  let g: string;
  let other: string;
  const recall = (groupId: string, query: string, extra: Record<string, unknown> = {}) =>
    t.strata.services.recall(
      groupId,
      recallRequestSchema.parse({ query, k: 5, levels: ['memory'], ...extra }),
    );

  beforeAll(async () => {
    g = t.group('recall-entities');
    other = t.group('recall-entities-other');
    await t.strata.services.ingest(g, MESSAGES);
    // Another group with a Maria of its own: never named in the first group's answers, nor hers in its.
    await t.strata.services.ingest(other, [
      { text: 'Maria Silva runs the bakery on our street.', speaker: 'Zoe', ts: at(5, 0) },
    ]);
    for (const group of [g, other])
      expect((await t.strata.cycle(group, { now: NOW })).status).toBe('succeeded');
  });

  it("names the group's entity the query names, and finds what is said of it under another spelling", async () => {
    const response = await recall(g, 'Where will Maria Silva meet us?');
    expect(response.entities.map((e) => [e.name, e.groupId])).toEqual([['Maria Silva', g]]);
    const top = response.items[0];
    expect(top?.text).toBe('Yes, and Maria will meet us at the Gulbenkian Museum.');
    // "Maria" is Maria Silva in this group: the turn holds everything the query asks.
    expect(top?.scoreParts.relevance).toBeCloseTo(1, 5);
  });

  it('weighs a turn that names her by her first name as one that names her in full', async () => {
    const response = await recall(g, 'What did Maria Silva say about the talk?');
    expect(response.items[0]?.text).toBe('Maria was great. Her talk was the best of the day.');
    expect(response.items[0]?.scoreParts.relevance).toBeCloseTo(1, 5);
  });

  it('names the same entities whether the query is searched in full text or by vector alone', async () => {
    // The full-text path looks entities up inside recall/lexical-search.cypher, vector mode through
    // recall/named-entities.cypher: two copies of one lookup, kept alike by this test, asOf included.
    for (const asOf of [undefined, '2024-03-05T12:00:00Z', '2024-03-01T00:00:00Z']) {
      const extra = asOf ? { asOf } : {};
      const searched = await recall(g, 'Where will Maria Silva meet us?', extra);
      const byVector = await recall(g, 'Where will Maria Silva meet us?', {
        ...extra,
        mode: 'vector',
        minScore: 0,
      });
      expect(byVector.entities).toEqual(searched.entities);
    }
    expect((await recall(g, 'Where will Maria Silva meet us?', { mode: 'vector' })).entities).toHaveLength(1);
  });

  it("never names or searches another group's entities", async () => {
    const response = await recall(other, 'Where will Maria Silva meet us?');
    expect(response.entities.map((e) => e.groupId)).toEqual([other]);
    expect(response.items.map((i) => i.text)).toEqual(['Maria Silva runs the bakery on our street.']);
    // Asked before anyone named her, the group has no such entity.
    const early = await recall(g, 'Where will Maria Silva meet us?', { asOf: '2024-03-01T00:00:00Z' });
    expect(early.entities).toEqual([]);
    expect(early.items).toEqual([]);
  });

  it('says in the context block who the query is about', async () => {
    const block = await t.strata.services.context(g, { budgetTokens: 800, query: 'Who is Maria Silva?' });
    const lines = block.text.split('\n');
    expect(lines[0]).toBe('Who and what the query names');
    expect(lines[1]).toMatch(
      /^- Maria Silva \(person, also Maria\): named in 3 sessions, 4 March 2024 to 8 March 2024; comes up with .*Lisbon/,
    );
    // The latest session that names her, and the sentence of its summary that does.
    expect(lines[1]).toContain('Latest: Ben Okafor: Ask Maria Silva about hotels in Lisbon.');
    // Asked on 5 March, only the first session had named her.
    const then = await t.strata.services.context(g, {
      budgetTokens: 800,
      query: 'Who is Maria Silva?',
      asOf: '2024-03-05T00:00:00Z',
    });
    expect(then.text.split('\n')[1]).toMatch(
      /^- Maria Silva \(person, also Maria\): named in 1 session, on 4 March 2024/,
    );
    const none = await t.strata.services.context(g, { budgetTokens: 800, query: 'What about the weather?' });
    expect(none.text).not.toContain('Who and what the query names');
  });
});
