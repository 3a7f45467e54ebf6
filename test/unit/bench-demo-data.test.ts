import { describe, expect, it } from 'vitest';
import { benchData, oneMoreDay } from '../../bench/lib/demo-data.js';

describe('bench demo data: one more day', () => {
  it('gives a group at the same rate the same day of work, whatever its history', () => {
    const year = benchData({ memories: 20_000, groups: 1, months: 12, groupIds: ['year'] });
    const five = benchData({ memories: 100_000, groups: 1, months: 60, groupIds: ['five'] });
    const [a, b] = [year.groups[0], five.groups[0]];
    if (!a || !b) throw new Error('no group generated');
    const dayA = oneMoreDay(a, year.endDay);
    const dayB = oneMoreDay(b, five.endDay);
    expect(Math.abs(dayA.length - dayB.length) / dayA.length).toBeLessThan(0.1);
    // All on that day, in time order, none of them an existing memory's instant or session.
    for (const m of dayB) expect(m.ts.startsWith(five.endDay)).toBe(true);
    expect(dayB.map((m) => m.ts)).toEqual([...dayB.map((m) => m.ts)].sort());
    const sessions = new Set(b.memories.flatMap((m) => (m.sessionId ? [m.sessionId] : [])));
    expect(dayB.some((m) => m.sessionId && sessions.has(m.sessionId))).toBe(false);
  });

  it('gives a quiet group at least one message', () => {
    const quiet = {
      groupId: 'q',
      memories: [{ text: 'hi', speaker: 'ana', ts: '2024-01-05T10:00:00.000Z' }],
    };
    expect(oneMoreDay(quiet, '2024-03-01')).toEqual([
      { text: 'hi', speaker: 'ana', ts: '2024-03-01T10:00:00.000Z' },
    ]);
  });
});
