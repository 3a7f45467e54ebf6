import { describe, expect, it } from 'vitest';
import type { Entity, EntityKind } from '../../src/domain/entities.js';
import {
  entityId,
  entityName,
  groupOfEntityId,
  lookupsFor,
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
/** Names and counts by name, where the order (by count, then id) says nothing. */
const byName = (result: ReturnType<typeof resolveSessions>) =>
  names(result).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

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
      [{ key: 'maria silva', name: 'Maria Silva', kind: 'person' }],
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

  it("takes the kind a name's last word says over the mentions' votes, and holds it", () => {
    const [session] = resolveSessions(
      'g',
      [
        {
          summaryId: 's1',
          mentions: [mention('Northwind Labs', 'place'), mention('Berlin Marathon', 'place')],
        },
      ],
      [],
      [],
    );
    expect(session?.mentions.map((m) => [m.name, m.kind, m.kindSure]).sort()).toEqual([
      ['Berlin Marathon', 'event', true],
      ['Northwind Labs', 'organisation', true],
    ]);
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

  it("resolves a body's short name and its initials in capitals to the one longer name that has them", () => {
    const result = resolveSessions(
      'g',
      [
        {
          summaryId: 's1',
          mentions: [
            mention('Northwind Labs', 'organisation'),
            mention('Northwind', 'place'),
            mention('RHS', 'organisation'),
            mention('rhs', 'organisation'),
          ],
        },
      ],
      [],
      [{ key: 'royal horticultural society', name: 'Royal Horticultural Society', kind: 'organisation' }],
    );
    expect(byName(result)).toEqual([
      ['Northwind Labs', 2],
      ['rhs', 1],
      ['Royal Horticultural Society', 1],
    ]);
    const named = (n: string) => result[0]?.mentions.find((m) => m.name === n);
    expect(named('Northwind Labs')).toMatchObject({
      aliases: ['Northwind'],
      shortName: 'northwind',
      initials: 'nl',
    });
    expect(named('Royal Horticultural Society')).toMatchObject({ aliases: ['RHS'], kind: 'organisation' });
    // Two bodies with the short name: it stays its own. A word taken for a person is a body's short name only when
    // no person's full name starts with it.
    const two = resolveSessions(
      'g',
      [
        {
          summaryId: 's1',
          mentions: [
            mention('Acme Ltd', 'organisation'),
            mention('Acme Labs', 'organisation'),
            mention('Acme', 'organisation'),
            mention('Northwind Labs', 'organisation'),
            mention('Northwind', 'person'),
            mention('Jones Group', 'organisation'),
            mention('Jones', 'person'),
            mention('Jones Smith', 'person'),
          ],
        },
      ],
      [],
      [],
    );
    expect(byName(two)).toEqual([
      ['Acme', 1],
      ['Acme Labs', 1],
      ['Acme Ltd', 1],
      ['Jones Group', 1],
      ['Jones Smith', 2],
      ['Northwind Labs', 2],
    ]);
  });

  it('cuts a word too many when the group uses the name inside it', () => {
    const start = (surface: string, kind: EntityKind = 'person') => ({
      ...mention(surface, kind),
      sentenceStart: true,
    });
    const result = resolveSessions(
      'g',
      [
        {
          summaryId: 's1',
          mentions: [
            mention('Pixel Board demo', 'product'),
            mention('Pixel Board', 'product'),
            mention('IKEA order', 'organisation'),
            start('Call Clara', 'place'),
            mention('Clara'),
            mention('Clara Jensen'),
            // The whole is used more than the rest: a sentence's first word stays.
            start('Ana Costa'),
            mention('Ana Costa'),
            mention('Costa'),
            // Nothing inside it is a name of the group.
            mention('Villa Rosa is', 'place'),
            // Two words of a name of the group are left, wherever it stands.
            mention('Rereading Tartine Bread', 'work'),
            mention('Tartine Bread', 'work'),
            mention('Tartine Bread', 'work'),
          ],
        },
      ],
      [],
      [{ key: 'ikea', name: 'IKEA', kind: 'organisation' }],
    );
    expect(byName(result)).toEqual([
      ['Ana Costa', 2],
      ['Clara Jensen', 3],
      ['Costa', 1],
      ['IKEA', 1],
      ['Pixel Board', 2],
      ['Tartine Bread', 3],
      ['Villa Rosa is', 1],
    ]);
    expect(result[0]?.mentions.find((m) => m.name === 'Clara Jensen')?.aliases).toEqual(['Clara']);
    expect(result[0]?.mentions.find((m) => m.name === 'Pixel Board')?.aliases).toEqual([]);
    // Not at a sentence start, the first word is part of the name.
    const mid = resolveSessions(
      'g',
      [{ summaryId: 's1', mentions: [mention('Call Clara'), mention('Clara')] }],
      [],
      [],
    );
    expect(byName(mid)).toEqual([
      ['Call Clara', 1],
      ['Clara', 1],
    ]);
  });

  it('runs a name on into the capitalised word every one of its mentions in the batch is followed by', () => {
    const blue = (next: string | null) => ({ ...mention('Blue', 'organisation'), next });
    const always = resolveSessions(
      'g',
      [{ summaryId: 's1', mentions: [blue('Monday'), blue('Monday')] }],
      [],
      [],
    );
    expect(names(always)).toEqual([['Blue Monday', 2]]);
    const once = resolveSessions('g', [{ summaryId: 's1', mentions: [blue('Monday')] }], [], []);
    expect(names(once)).toEqual([['Blue', 1]]);
    const mixed = resolveSessions('g', [{ summaryId: 's1', mentions: [blue('Monday'), blue(null)] }], [], []);
    expect(names(mixed)).toEqual([['Blue', 2]]);
  });

  it('asks the graph for the names a batch may stand for: first names, short names, initials, names inside', () => {
    expect(
      lookupsFor([
        {
          mentions: [
            mention('Maria'),
            mention('Lisbon', 'place'),
            mention('Ana Costa'),
            { ...mention('RHS', 'organisation') },
            mention('IKEA order', 'organisation'),
          ],
        },
      ]),
    ).toEqual({
      firstNames: ['ikea', 'maria'],
      shortNames: ['ikea', 'ikea order', 'lisbon', 'rhs'],
      initials: ['ikea', 'rhs'],
      keys: ['ikea'],
    });
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
    expect(session?.mentions.map((m) => [m.name, m.surface, m.sentenceStart])).toEqual([
      ['Duncan Hale', 'Mr. Duncan Hale', true],
      ['Ana', 'Dr. Ana', false],
    ]);
  });

  it('says where a mention starts a sentence and which capitalised word follows it', () => {
    const text = 'Our cover of Blue Monday rocks. Call Clara Jensen today.';
    const at = (t: string, kind: EntityKind): Entity => ({
      text: t,
      start: text.indexOf(t),
      end: text.indexOf(t) + t.length,
      kind,
    });
    const [session] = sessionMentions(
      [{ summaryId: 's1', messages: [{ text, speaker: 'x' }] }],
      [[[at('Blue', 'work'), at('Call Clara', 'place')]]],
    );
    expect(session?.mentions.map((m) => [m.surface, m.sentenceStart, m.next])).toEqual([
      ['Blue', false, 'Monday'],
      ['Call Clara', true, 'Jensen'],
    ]);
  });
});
