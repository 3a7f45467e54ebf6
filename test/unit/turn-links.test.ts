import { describe, expect, it } from 'vitest';
import { expectedTurnLinks, type TurnPlace } from '../../src/domain/turn-links.js';

const turn = (id: string, minute: number, sessionId: string | null = null): TurnPlace => ({
  id,
  ts: new Date(Date.UTC(2024, 2, 4, 10) + minute * 60_000).toISOString(),
  sessionId,
});

describe('expectedTurnLinks', () => {
  it('links each turn to the next of its conversation, whatever order they come in', () => {
    const turns = [turn('c', 2), turn('a', 0), turn('b', 1)];
    expect(expectedTurnLinks(turns, 60)).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ]);
  });

  it('keeps sessions apart, and turns with no session in one conversation of their own', () => {
    const turns = [turn('a1', 0, 's1'), turn('b1', 1, 's2'), turn('a2', 2, 's1'), turn('x', 3), turn('y', 9)];
    expect(expectedTurnLinks(turns, 60)).toEqual([
      ['a1', 'a2'],
      ['x', 'y'],
    ]);
  });

  it('orders turns of the same time by id, and links none further apart than the horizon', () => {
    expect(expectedTurnLinks([turn('m2', 0), turn('m1', 0), turn('m3', 61)], 60)).toEqual([['m1', 'm2']]);
    expect(expectedTurnLinks([turn('m1', 0), turn('m2', 60)], 60)).toEqual([['m1', 'm2']]);
  });

  it('orders ids as Cypher does, by code point', () => {
    // U+FF5E sorts before U+1F600 by code point, after it by UTF-16 unit.
    expect(expectedTurnLinks([turn('\u{1F600}', 0), turn('\uFF5E', 0)], 60)).toEqual([
      ['\uFF5E', '\u{1F600}'],
    ]);
  });
});
