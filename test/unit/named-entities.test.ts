import { describe, expect, it } from 'vitest';
import { entityNamesInGroup } from '../../src/domain/lucene.js';
import { type EntityNames, entityTerms, namedEntities } from '../../src/domain/named-entities.js';

const ana: EntityNames = {
  id: 'g:entity:ana-costa',
  name: 'Ana Costa',
  aliases: ['Dr. Ana Costa', 'Ana'],
  mentions: 9,
};
const anaAlone: EntityNames = { id: 'g:entity:ana', name: 'Ana', aliases: [], mentions: 2 };
const rob: EntityNames = { id: 'g:entity:robert', name: 'Robert', aliases: ['Bob'], mentions: 4 };
const lisbon: EntityNames = { id: 'g:entity:lisbon', name: 'Lisbon', aliases: [], mentions: 5 };

describe('namedEntities', () => {
  it('finds an entity by its name or an alias, as whole words in any case, possessives aside', () => {
    expect(namedEntities("what did bob's sister say?", [rob]).map((n) => n.entity.id)).toEqual([rob.id]);
    expect(namedEntities('When is ROBERT back?', [rob])[0]?.named).toEqual(['robert']);
    // Part of a word is not the word.
    expect(namedEntities('Did Bobby call?', [rob])).toEqual([]);
    // Part of a name of several words is not the name.
    expect(namedEntities('Who is Costa?', [{ ...ana, aliases: [] }])).toEqual([]);
  });

  it('gives a word to one entity: the longer spelling first, then the one mentioned most', () => {
    const named = namedEntities('Is Ana Costa coming to Lisbon?', [anaAlone, ana, lisbon]);
    expect(named.map((n) => [n.entity.id, n.named.join(' ')])).toEqual([
      [ana.id, 'ana costa'],
      [lisbon.id, 'lisbon'],
    ]);
    expect(namedEntities('Is Ana coming?', [anaAlone, ana]).map((n) => n.entity.id)).toEqual([ana.id]);
  });
});

describe('entityTerms', () => {
  it('searches the words that name an entity as one term, by every spelling of it', () => {
    const [term] = entityTerms(namedEntities('Where did Ana Costa study?', [ana]));
    expect(term?.replaces).toEqual(['ana', 'costa']);
    expect(term?.term).toBe('"ana costa"');
    expect(term?.match).toBe('("ana costa" OR "dr. ana costa" OR ana)');
    // The same spellings as words, from which recall tells the texts that name her.
    expect(term?.spellings).toEqual([['ana', 'costa'], ['dr.', 'ana', 'costa'], ['ana']]);
    const [bob] = entityTerms(namedEntities('What does Bob do?', [rob]));
    expect(bob).toMatchObject({ replaces: ['bob'], match: '(robert OR bob)' });
  });

  it('changes nothing for an entity with no spelling but the words the query used', () => {
    expect(entityTerms(namedEntities('How is Lisbon?', [lisbon]))).toEqual([]);
    expect(entityTerms(namedEntities('How is LISBON?', [{ ...lisbon, aliases: ['lisbon'] }]))).toEqual([]);
  });

  it("searches a spelling by its words alone, quoted, so no Lucene syntax of the group's reaches the index", () => {
    const odd: EntityNames = { id: 'g:entity:x', name: 'Foo', aliases: ['a "b" OR c*', 'AND'], mentions: 1 };
    const [term] = entityTerms(namedEntities('Tell me about foo', [odd]));
    expect(term?.match).toBe('(foo OR "a b or c" OR "and")');
  });
});

describe('entityNamesInGroup', () => {
  it('asks for any of the words in a name or an alias, within the group', () => {
    expect(entityNamesInGroup(['ana', 'lisbon'], 'team-a')).toBe(
      '+groupId:"team-a"^0 +(name:(ana OR lisbon) OR aliases:(ana OR lisbon))',
    );
  });
});
