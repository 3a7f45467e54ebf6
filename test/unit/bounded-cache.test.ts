import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/domain/bounded-cache.js';

describe('BoundedCache', () => {
  it('drops the oldest entries past the entry bound', () => {
    const cache = new BoundedCache<number>({ maxEntries: 2, maxChars: 1000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('drops the oldest entries until the characters of the keys held are within the bound', () => {
    const cache = new BoundedCache<number>({ maxEntries: 100, maxChars: 10 });
    cache.set('aaaa', 1);
    cache.set('bbbb', 2);
    cache.set('cccccc', 3);
    expect(cache.get('aaaa')).toBeUndefined();
    expect(cache.get('bbbb')).toBe(2);
    expect(cache.chars).toBe(10);
    cache.set('dd', 4);
    expect(cache.get('bbbb')).toBeUndefined();
    expect([cache.size, cache.chars]).toEqual([2, 8]);
  });

  it('never keeps a key longer than the character bound, nor evicts others for it', () => {
    const cache = new BoundedCache<number>({ maxEntries: 10, maxChars: 5 });
    cache.set('ab', 1);
    cache.set('abcdef', 2);
    expect(cache.get('abcdef')).toBeUndefined();
    expect([cache.get('ab'), cache.size, cache.chars]).toEqual([1, 1, 2]);
  });

  it('counts a key set twice once', () => {
    const cache = new BoundedCache<number>({ maxEntries: 10, maxChars: 100 });
    cache.set('abc', 1);
    cache.set('abc', 2);
    expect([cache.get('abc'), cache.size, cache.chars]).toEqual([2, 1, 3]);
  });

  it('keeps insertion order unless a hit refreshes the entry', () => {
    const fifo = new BoundedCache<number>({ maxEntries: 2, maxChars: 100 });
    const lru = new BoundedCache<number>({ maxEntries: 2, maxChars: 100, refreshOnHit: true });
    for (const cache of [fifo, lru]) {
      cache.set('a', 1);
      cache.set('b', 2);
      cache.get('a');
      cache.set('c', 3);
    }
    expect([fifo.get('a'), fifo.get('b')]).toEqual([undefined, 2]);
    expect([lru.get('a'), lru.get('b')]).toEqual([1, undefined]);
  });

  it('computes a value once and keeps falsy values', () => {
    const cache = new BoundedCache<boolean>({ maxEntries: 10, maxChars: 100 });
    let calls = 0;
    const compute = () => {
      calls++;
      return false;
    };
    expect(cache.getOrSet('x', compute)).toBe(false);
    expect(cache.getOrSet('x', compute)).toBe(false);
    expect(calls).toBe(1);
  });
});
