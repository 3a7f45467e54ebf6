import { describe, expect, it } from 'vitest';
import {
  apiKeysFileSchema,
  groupInScope,
  keyAllows,
  legacyKey,
  patternMatches,
  sha256Hex,
} from '../../src/domain/api-keys.js';

describe('patternMatches', () => {
  it('matches an exact id only as a whole', () => {
    expect(patternMatches('team-a', 'team-a')).toBe(true);
    expect(patternMatches('team-a', 'team-ab')).toBe(false);
    expect(patternMatches('team-a', 'team')).toBe(false);
    expect(patternMatches('team-a', 'TEAM-A')).toBe(false);
  });

  it('matches a prefix pattern on the start of the id, and * everything', () => {
    expect(patternMatches('tg-*', 'tg-family')).toBe(true);
    expect(patternMatches('tg-*', 'tg-')).toBe(true);
    expect(patternMatches('tg-*', 'tgx-family')).toBe(false);
    expect(patternMatches('tg-*', 'a-tg-family')).toBe(false);
    expect(patternMatches('*', 'anything.at_all')).toBe(true);
  });
});

describe('groupInScope and keyAllows', () => {
  const team = { groups: ['team-a', 'tg-*'], admin: false };
  const ops = { groups: ['ops-*'], admin: true };

  it('allows a group any pattern matches', () => {
    expect(groupInScope(team.groups, 'team-a')).toBe(true);
    expect(groupInScope(team.groups, 'tg-1')).toBe(true);
    expect(groupInScope(team.groups, 'team-b')).toBe(false);
    expect(groupInScope([], 'team-a')).toBe(false);
  });

  it('needs the admin scope for group management, within the key groups still', () => {
    expect(keyAllows(team, { groupId: 'team-a' })).toBe(true);
    expect(keyAllows(team, { groupId: 'team-a', admin: true })).toBe(false);
    expect(keyAllows(ops, { groupId: 'ops-1', admin: true })).toBe(true);
    expect(keyAllows(ops, { groupId: 'team-a', admin: true })).toBe(false);
    // A route that names no group (compact) needs only a valid key.
    expect(keyAllows(team, {})).toBe(true);
  });

  it('makes the legacy single key an admin of every group, held as its hash', () => {
    const key = legacyKey('legacy-secret-0123456789');
    expect(key).toEqual({
      name: 'STRATA_API_KEY',
      sha256: sha256Hex('legacy-secret-0123456789'),
      groups: ['*'],
      admin: true,
    });
    expect(keyAllows(key, { groupId: 'whatever', admin: true })).toBe(true);
  });
});

describe('apiKeysFileSchema', () => {
  it('hashes plain keys, lower-cases given hashes, defaults admin to false', () => {
    const hash = sha256Hex('ops-secret-0123456789');
    const keys = apiKeysFileSchema.parse({
      keys: [
        { name: 'team', key: 'team-secret-0123456789', groups: ['team-a'] },
        { name: 'ops', sha256: hash.toUpperCase(), groups: ['*'], admin: true },
      ],
    });
    expect(keys).toEqual([
      { name: 'team', sha256: sha256Hex('team-secret-0123456789'), groups: ['team-a'], admin: false },
      { name: 'ops', sha256: hash, groups: ['*'], admin: true },
    ]);
  });

  it('rejects bad patterns, empty scopes, unknown fields and duplicates', () => {
    const bad = (keys: unknown[]) => apiKeysFileSchema.safeParse({ keys }).success;
    const entry = { name: 'a', key: 'a-secret-0123456789', groups: ['team-a'] };
    expect(bad([entry])).toBe(true);
    expect(bad([{ ...entry, groups: [] }])).toBe(false);
    expect(bad([{ ...entry, groups: ['team:a'] }])).toBe(false);
    expect(bad([{ ...entry, groups: ['*a'] }])).toBe(false);
    expect(bad([{ ...entry, groups: ['a*b'] }])).toBe(false);
    expect(bad([{ ...entry, scope: 'all' }])).toBe(false);
    expect(bad([{ ...entry, key: 'short' }])).toBe(false);
    expect(bad([{ ...entry, key: 'has a space in it 0123456789' }])).toBe(false);
    expect(bad([{ ...entry, sha256: 'abc' }])).toBe(false);
    expect(bad([{ name: 'a', groups: ['x'] }])).toBe(false);
    expect(bad([entry, { ...entry, key: 'b-secret-0123456789' }])).toBe(false);
    expect(bad([entry, { ...entry, name: 'b' }])).toBe(false);
    expect(bad([])).toBe(false);
  });
});
