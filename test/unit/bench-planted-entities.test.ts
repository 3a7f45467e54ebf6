import { describe, expect, it } from 'vitest';
import {
  addScores,
  exactNameProfiles,
  type ProfileView,
  sameSpelling,
  scorePlanted,
  share,
} from '../../bench/lib/planted-entities.js';
import type { PlantedEntity } from '../../seed/planted-entities.js';

const ana: PlantedEntity = {
  name: 'Ana Costa',
  kind: 'person',
  aliases: ['Dr. Ana Costa', 'Ana'],
  written: ['Ana Costa', 'Dr. Ana Costa', 'Ana'],
};
const northwind: PlantedEntity = {
  name: 'Northwind Labs',
  kind: 'organisation',
  aliases: ['Northwind'],
  written: ['Northwind Labs', 'Northwind'],
};
const monday: PlantedEntity = { name: 'Blue Monday', kind: 'work', aliases: [], written: ['Blue Monday'] };
const FILLER = new Set(['monday', 'maya']);

let n = 0;
const profile = (name: string, kind: string, aliases: string[] = [], mentions = 1): ProfileView => ({
  id: `g:entity:${n++}`,
  name,
  kind,
  aliases,
  mentions,
});

describe('scorePlanted', () => {
  it('counts an entity found when one profile carries every spelling it was written by', () => {
    const s = scorePlanted(
      [ana, northwind],
      [
        profile('Ana Costa', 'person', ['Dr. Ana Costa', 'Ana']),
        profile('Northwind Labs', 'place', ['Northwind']),
        profile('Maya', 'person'),
        profile('Monday', 'other'),
      ],
      FILLER,
    );
    expect(s).toMatchObject({ planted: 2, found: 2, scored: 2, right: 2, unscored: 2 });
    expect([s.aliasesMerged, s.aliasesWritten]).toEqual([3, 3]);
    expect([s.kindRight, s.kindChecked]).toEqual([1, 2]);
    expect(s.kindWrong).toEqual([{ name: 'Northwind Labs', planted: 'organisation', profile: 'place' }]);
  });

  it('does not find an entity split over two profiles, though each profile is right', () => {
    const s = scorePlanted(
      [northwind],
      [profile('Northwind Labs', 'organisation', [], 5), profile('Northwind', 'place', [], 9)],
      FILLER,
    );
    expect(s).toMatchObject({ found: 0, right: 2, scored: 2, aliasesMerged: 0, aliasesWritten: 1 });
    expect(s.split).toEqual([{ name: 'Northwind Labs', profiles: ['Northwind Labs', 'Northwind'] }]);
  });

  it('counts lookalikes and merged entities against precision, filler words aside', () => {
    const s = scorePlanted(
      [ana, northwind, monday],
      [
        profile('Blue', 'organisation'),
        profile('Call Ana', 'place'),
        profile('Ana Costa', 'person', ['Northwind']),
        profile('Monday', 'other'),
        profile('Northwind Labs', 'organisation'),
      ],
      FILLER,
    );
    expect(s.scored).toBe(4);
    expect(s.right).toBe(1);
    expect(s.wrong.map((w) => w.why)).toEqual([
      'a lookalike of a planted name',
      'a lookalike of a planted name',
      'merges Ana Costa + Northwind Labs',
    ]);
    expect(s.missing).toEqual(['Blue Monday']);
    expect(s.split.map((x) => x.name)).toEqual(['Northwind Labs']);
  });

  it('reads spellings in any case and without a leading "the", but keeps titles', () => {
    expect(sameSpelling('The  Pixel Board')).toBe('pixel board');
    expect(sameSpelling('Dr. Ana Costa')).not.toBe(sameSpelling('Ana Costa'));
    const s = scorePlanted([ana], [profile('ana costa', 'person', ['DR. ANA COSTA', 'ana'])], FILLER);
    expect(s.found).toBe(1);
  });

  it('counts an entity with an alias missing from its one profile as not found', () => {
    const s = scorePlanted([ana], [profile('Ana Costa', 'person', ['Ana'])], FILLER);
    expect(s.found).toBe(0);
    expect(s.incomplete).toEqual([
      { name: 'Ana Costa', profile: 'Ana Costa', lacks: ['Dr. Ana Costa'], merged: [] },
    ]);
  });
});

describe('the exact-name baseline', () => {
  it('makes every spelling its own profile, so aliases are never merged', () => {
    const profiles = exactNameProfiles([profile('Ana Costa', 'person', ['Dr. Ana Costa', 'Ana', 'ANA'])]);
    expect(profiles.map((p) => p.name)).toEqual(['Ana Costa', 'Dr. Ana Costa', 'Ana']);
    const s = scorePlanted([ana], profiles, FILLER);
    expect(s).toMatchObject({ found: 0, right: 3, aliasesMerged: 0 });
  });
});

describe('sums', () => {
  it('adds groups as micro averages, and a share of nothing is 1', () => {
    const one = scorePlanted([ana], [profile('Ana Costa', 'person', ['Dr. Ana Costa', 'Ana'])], FILLER);
    const two = scorePlanted([monday], [], FILLER);
    const sum = addScores([one, two]);
    expect([sum.found, sum.planted, sum.missing]).toEqual([1, 2, ['Blue Monday']]);
    expect(share(0, 0)).toBe(1);
    expect(share(1, 4)).toBe(0.25);
  });
});
