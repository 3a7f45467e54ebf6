import { describe, expect, it } from 'vitest';
import type { Entity, EntityKind } from '../../src/domain/entities.js';
import {
  entityId,
  entityName,
  firstNameCandidates,
  groupOfEntityId,
  PAIRED_PER_SESSION,
  type RawMention,
  resolveSessions,
  sessionMentions,
} from '../../src/domain/entity-resolution.js';

const mention = (surface: string, kind: EntityKind = 'person'): RawMention => {
  const name = entityName(surface, kind) as string;
  return { key: name.toLowerCase(), name, surface, kind };
};
const names = (result: ReturnType<typeof resolveSessions>, i = 0) =>
  (result[i]?.mentions ?? []).map((m) => [m.name, m.count]);

describe('entityName', () => {
  it('cuts possessives, titles (of people), a leading "the" and marks around the name', () => {
    expect(entityName("Maria's", 'person')).toBe('Maria');
    expect(entityName('Dr. Ana Costa', 'person')).toBe('Ana Costa');
    expect(entityName('Prof Ana  Costa’s', 'person')).toBe('Ana Costa');
    expect(entityName('the Louvre', 'place')).toBe('Louvre');
    expect(entityName('"Inception"', 'work')).toBe('Inception');
    expect(entityName('Dr. Pepper', 'product')).toBe('Dr. Pepper');
    expect(entityName('#', 'other')).toBeNull();
    expect(entityName('A', 'person')).toBeNull();
  });
});

describe('entity ids', () => {
  it('are scoped to their group and the same for the same key', () => {
    expect(entityId('team-a', 'lisbon')).toBe(entityId('team-a', 'lisbon'));
    expect(entityId('team-a', 'lisbon')).not.toBe(entityId('team-b', 'lisbon'));
    expect(groupOfEntityId(entityId('team-a', 'lisbon'))).toBe('team-a');
  });
});

describe('resolveSessions', () => {
  it('merges case and possessives into one entity per session, counting every mention', () => {
    const result = resolveSessions(
      'g',
      [
        {
          summaryId: 's1',
          mentions: [mention('Lisbon', 'place'), mention('LISBON', 'place'), mention("Lisbon's", 'place')],
        },
      ],
      [],
      [],
    );
    expect(names(result)).toEqual([['Lisbon', 3]]);
    expect(result[0]?.mentions[0]?.aliases).toEqual([]);
  });

  it('resolves a first name to the one full name beside it, in the batch or in the group', () => {
    const inBatch = resolveSessions(
      'g',
      [
        { summaryId: 's1', mentions: [mention('Maria Silva')] },
        { summaryId: 's2', mentions: [mention('Maria'), mention("Maria's")] },
      ],
      [],
      [],
    );
    expect(names(inBatch, 1)).toEqual([['Maria Silva', 2]]);
    expect(inBatch[1]?.mentions[0]?.aliases).toEqual(['Maria']);
    const known = resolveSessions(
      'g',
      [{ summaryId: 's3', mentions: [mention('Maria')] }],
      [],
      [{ key: 'maria silva', name: 'Maria Silva' }],
    );
    expect(known[0]?.mentions[0]).toMatchObject({ name: 'Maria Silva', kindSure: true });
  });

  it('keeps a first name apart when two full names start with it', () => {
    const result = resolveSessions(
      'g',
      [{ summaryId: 's1', mentions: [mention('Maria Silva'), mention('Maria Lopes'), mention('Maria')] }],
      [],
      [],
    );
    expect(
      names(result)
        .map(([n]) => n)
        .sort(),
    ).toEqual(['Maria', 'Maria Lopes', 'Maria Silva']);
  });

  it("resolves a speaker's first name to the speaker, and a speaker is a person", () => {
    const result = resolveSessions(
      'g',
      [{ summaryId: 's1', mentions: [mention('Ana'), mention('Ana Costa', 'organisation')] }],
      ['Ana Costa', 'Ben'],
      [],
    );
    expect(result[0]?.mentions).toMatchObject([
      { name: 'Ana Costa', kind: 'person', kindSure: true, count: 2 },
    ]);
    // A speaker whose whole name is one word stays that speaker, even beside a full name starting with it.
    const ben = resolveSessions(
      'g',
      [{ summaryId: 's1', mentions: [mention('Ben'), mention('Ben Stiller')] }],
      ['Ben'],
      [],
    );
    expect(
      names(ben)
        .map(([n]) => n)
        .sort(),
    ).toEqual(['Ben', 'Ben Stiller']);
  });

  it('takes the kind most mentions give', () => {
    const result = resolveSessions(
      'g',
      [
        {
          summaryId: 's1',
          mentions: [mention('Porto', 'place'), mention('Porto', 'place'), mention('Porto', 'person')],
        },
      ],
      [],
      [],
    );
    expect(result[0]?.mentions[0]).toMatchObject({ kind: 'place', kindSure: false });
  });

  it('pairs the most mentioned entities of a session, each pair once, lower id first', () => {
    const many = Array.from({ length: PAIRED_PER_SESSION + 5 }, (_, i) => mention(`Place${i}`, 'place'));
    const [session] = resolveSessions('g', [{ summaryId: 's1', mentions: many }], [], []);
    expect(session?.mentions.filter((m) => m.paired)).toHaveLength(PAIRED_PER_SESSION);
    expect(session?.pairs).toHaveLength((PAIRED_PER_SESSION * (PAIRED_PER_SESSION - 1)) / 2);
    for (const [a, b] of session?.pairs ?? []) expect(a < b).toBe(true);
  });

  it('lists single words that may be first names', () => {
    expect(
      firstNameCandidates([
        { mentions: [mention('Maria'), mention('Lisbon', 'place'), mention('Ana Costa')] },
      ]),
    ).toEqual(['maria']);
  });
});

describe('sessionMentions', () => {
  it('keeps a title before a person as part of the alias, and drops a title found on its own', () => {
    const text = 'Mr. Duncan Hale called, and so did Dr. Ana.';
    const found: Entity[] = [
      { text: 'Mr', start: 0, end: 2, kind: 'place' },
      { text: 'Duncan Hale', start: 4, end: 15, kind: 'person' },
      { text: 'Ana', start: 39, end: 42, kind: 'person' },
    ];
    const [session] = sessionMentions([{ summaryId: 's1', messages: [{ text, speaker: 'x' }] }], [[found]]);
    expect(session?.mentions.map((m) => [m.name, m.surface])).toEqual([
      ['Duncan Hale', 'Mr. Duncan Hale'],
      ['Ana', 'Dr. Ana'],
    ]);
  });
});
