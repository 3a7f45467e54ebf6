import { describe, expect, it } from 'vitest';
import {
  assignSessions,
  isSessionReady,
  type KnownSession,
  type SessionMemory,
  sessionIdleAt,
} from '../../src/domain/sessions.js';

const GAP = 30;

/** A memory without a sessionId at a minute offset from 09:00Z on 2 May 2024. */
function at(id: string, minute: number, sessionId: string | null = null): SessionMemory {
  return { id, ts: new Date(Date.parse('2024-05-02T09:00:00Z') + minute * 60_000).toISOString(), sessionId };
}

function iso(minute: number): string {
  return new Date(Date.parse('2024-05-02T09:00:00Z') + minute * 60_000).toISOString();
}

function known(key: string, fromMinute: number, toMinute: number, explicit = false): KnownSession {
  return { key, startsAt: iso(fromMinute), endsAt: iso(toMinute), explicit };
}

describe('assignSessions: new memories only', () => {
  it('keeps a gap of exactly gapMinutes inside one session and splits one minute more', () => {
    const exact = assignSessions([at('a', 0), at('b', 30)], [], GAP);
    expect(exact).toHaveLength(1);
    expect(exact[0]?.memoryIds).toEqual(['a', 'b']);

    const over = assignSessions([at('a', 0), at('b', 31)], [], GAP);
    expect(over.map((s) => s.memoryIds)).toEqual([['a'], ['b']]);
  });

  it('keys a new session by the ISO instant of its first memory and spans its memories', () => {
    const [session] = assignSessions([at('a', 30), at('b', 45), at('c', 70)], [], GAP);
    expect(session).toEqual({
      key: '2024-05-02T09:30:00.000Z',
      explicit: false,
      memoryIds: ['a', 'b', 'c'],
      startsAt: '2024-05-02T09:30:00.000Z',
      endsAt: '2024-05-02T10:10:00.000Z',
      isNew: true,
      messageCount: 3,
      full: false,
    });
  });

  it('does not depend on input order', () => {
    const memories = [
      at('a', 0),
      at('b', 10),
      at('c', 100),
      at('d', 120),
      at('e', 5, 'chat-1'),
      at('f', 200),
    ];
    const expected = assignSessions(memories, [known('k', 150, 160)], GAP);
    const reversed = assignSessions([...memories].reverse(), [known('k', 150, 160)], GAP);
    const shuffled = assignSessions(
      [memories[3], memories[0], memories[5], memories[2], memories[4], memories[1]] as SessionMemory[],
      [known('k', 150, 160)],
      GAP,
    );
    expect(reversed).toEqual(expected);
    expect(shuffled).toEqual(expected);
    expect(expected.map((s) => s.memoryIds)).toEqual([['a', 'b'], ['e'], ['c', 'd'], ['f']]);
    expect(expected[2]).toMatchObject({ key: 'k', startsAt: iso(100), isNew: false });
  });

  it('returns nothing for no memories', () => {
    expect(assignSessions([], [known('k', 0, 10)], GAP)).toEqual([]);
  });
});

describe('assignSessions: explicit session ids', () => {
  it('groups by sessionId whatever the time, apart from time-based sessions', () => {
    const sessions = assignSessions(
      [at('a', 0, 'chat-1'), at('b', 500, 'chat-1'), at('c', 1, 'chat-2'), at('d', 2)],
      [],
      GAP,
    );
    expect(sessions).toEqual([
      {
        key: 'chat-1',
        explicit: true,
        memoryIds: ['a', 'b'],
        startsAt: iso(0),
        endsAt: iso(500),
        isNew: true,
        messageCount: 2,
        full: false,
      },
      { ...single('c', 1), key: 'chat-2', explicit: true },
      single('d', 2),
    ]);
  });

  it('extends a known explicit session with the same id', () => {
    const [session] = assignSessions([at('x', 300, 'chat-1')], [known('chat-1', 0, 20, true)], GAP);
    expect(session).toMatchObject({ key: 'chat-1', explicit: true, isNew: false, memoryIds: ['x'] });
    expect([session?.startsAt, session?.endsAt]).toEqual([iso(0), iso(300)]);
  });

  it('never puts a memory without a sessionId into an explicit session', () => {
    const [session] = assignSessions([at('x', 10)], [known('chat-1', 0, 20, true)], GAP);
    expect(session).toMatchObject({ key: iso(10), explicit: false, isNew: true });
  });
});

describe('assignSessions: known sessions', () => {
  it('lets a late memory join a known session and extend its span', () => {
    const [session] = assignSessions([at('late', 45)], [known('2024-05-02T09:00:00.000Z', 0, 20)], GAP);
    expect(session).toEqual({
      key: '2024-05-02T09:00:00.000Z',
      explicit: false,
      memoryIds: ['late'],
      startsAt: iso(0),
      endsAt: iso(45),
      isNew: false,
      messageCount: 1,
      full: false,
    });
  });

  it('also reaches back before a known session, within the gap', () => {
    const [session] = assignSessions([at('early', 100)], [known('k', 120, 140)], GAP);
    expect(session).toMatchObject({ key: 'k', startsAt: iso(100), endsAt: iso(140), isNew: false });
  });

  it('gives a memory within reach of two known sessions to the earlier, without merging them', () => {
    const sessions = assignSessions(
      [at('between', 40)],
      [known('later', 60, 80), known('earlier', 0, 20)],
      GAP,
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ key: 'earlier', memoryIds: ['between'], endsAt: iso(40) });
  });

  it('lets a chain of late memories keep extending a known session', () => {
    const [session, ...rest] = assignSessions(
      [at('a', 40), at('b', 65), at('c', 90)],
      [known('k', 0, 20)],
      GAP,
    );
    expect(rest).toEqual([]);
    expect(session).toMatchObject({ key: 'k', memoryIds: ['a', 'b', 'c'], endsAt: iso(90) });
  });

  it('folds in a new cluster that a later memory brought within the gap of a known session', () => {
    // 'a' is 50 minutes before the session; 'b' joins it at 20 minutes before, which brings 'a' within reach.
    const [session, ...rest] = assignSessions([at('a', 50), at('b', 80)], [known('k', 100, 120)], GAP);
    expect(rest).toEqual([]);
    expect(session).toMatchObject({ key: 'k', memoryIds: ['a', 'b'], startsAt: iso(50), isNew: false });
  });

  it('starts a new session for memories out of reach of every known one', () => {
    const sessions = assignSessions([at('far', 100)], [known('k', 0, 20)], GAP);
    expect(sessions).toEqual([single('far', 100)]);
  });
});

describe('assignSessions: bounds of one session', () => {
  /** A memory every minute from minute 0, without a sessionId unless one is given. */
  const everyMinute = (count: number, sessionId: string | null = null) =>
    Array.from({ length: count }, (_, i) => at(`m${String(i).padStart(3, '0')}`, i, sessionId));

  it('opens the next time-based session once one holds maxMessages, though the group never goes quiet', () => {
    const sessions = assignSessions(everyMinute(7), [], GAP, { maxMessages: 3, maxMinutes: 1_000 });
    expect(sessions.map((s) => [s.key, s.memoryIds.length, s.full])).toEqual([
      [iso(0), 3, true],
      [iso(3), 3, true],
      [iso(6), 1, false],
    ]);
  });

  it('opens the next session once one spans maxMinutes', () => {
    const sessions = assignSessions(everyMinute(25), [], GAP, { maxMessages: 100, maxMinutes: 10 });
    // A span of 10 minutes holds 11 memories a minute apart.
    expect(sessions.map((s) => [s.startsAt, s.endsAt])).toEqual([
      [iso(0), iso(10)],
      [iso(11), iso(21)],
      [iso(22), iso(24)],
    ]);
  });

  it('counts what a known session already covers, and joins no full one', () => {
    const full = { ...known('k', 0, 5), messageCount: 3 };
    const [next] = assignSessions([at('late', 8)], [full], GAP, { maxMessages: 3, maxMinutes: 1_000 });
    expect(next).toMatchObject({ key: iso(8), isNew: true, memoryIds: ['late'] });
    const room = { ...known('k', 0, 5), messageCount: 2 };
    const [same] = assignSessions([at('late', 8)], [room], GAP, { maxMessages: 3, maxMinutes: 1_000 });
    expect(same).toMatchObject({ key: 'k', isNew: false, messageCount: 3, full: true });
  });

  it('bounds a named session in messages, not in time', () => {
    const days = [at('a', 0, 'trip'), at('b', 3 * 24 * 60, 'trip')];
    const [trip] = assignSessions(days, [], GAP, { maxMessages: 10, maxMinutes: 60 });
    expect(trip).toMatchObject({ key: 'trip', memoryIds: ['a', 'b'], full: false });
  });

  it('goes on with a named session as <sessionId>@<instant>, from its latest known part', () => {
    const parts = assignSessions(everyMinute(5, 'chat'), [], GAP, { maxMessages: 2, maxMinutes: 1_000 });
    expect(parts.map((s) => [s.key, s.memoryIds])).toEqual([
      ['chat', ['m000', 'm001']],
      [`chat@${iso(2)}`, ['m002', 'm003']],
      [`chat@${iso(4)}`, ['m004']],
    ]);
    const latest = { ...known(`chat@${iso(4)}`, 4, 4, true), messageCount: 1, sessionId: 'chat' };
    const first = { ...known('chat', 0, 1, true), messageCount: 2 };
    const [extended] = assignSessions([at('x', 6, 'chat')], [first, latest], GAP, {
      maxMessages: 2,
      maxMinutes: 1_000,
    });
    expect(extended).toMatchObject({ key: `chat@${iso(4)}`, isNew: false, memoryIds: ['x'], full: true });
  });

  it('makes a full session ready at once, without waiting to go idle', () => {
    const settings = { gapMinutes: GAP, maxNewMessages: 20 };
    const now = new Date(Date.parse(iso(5)));
    expect(isSessionReady({ endsAt: iso(5), pendingCount: 3 }, now, settings)).toBe(false);
    expect(isSessionReady({ endsAt: iso(5), pendingCount: 3, full: true }, now, settings)).toBe(true);
  });
});

/** What assignSessions gives for one new memory that starts a time-based session of its own. */
function single(id: string, minute: number) {
  return {
    key: iso(minute),
    explicit: false,
    memoryIds: [id],
    startsAt: iso(minute),
    endsAt: iso(minute),
    isNew: true,
    messageCount: 1,
    full: false,
  };
}

describe('isSessionReady', () => {
  const settings = { gapMinutes: 30, maxNewMessages: 20 };
  const endsAt = '2024-05-02T09:00:00.000Z';

  it('is ready once idle for exactly gapMinutes', () => {
    expect(isSessionReady({ endsAt, pendingCount: 3 }, new Date('2024-05-02T09:29:59Z'), settings)).toBe(
      false,
    );
    expect(isSessionReady({ endsAt, pendingCount: 3 }, new Date('2024-05-02T09:30:00Z'), settings)).toBe(
      true,
    );
  });

  it('is ready early once maxNewMessages are pending', () => {
    const now = new Date('2024-05-02T09:01:00Z');
    expect(isSessionReady({ endsAt, pendingCount: 19 }, now, settings)).toBe(false);
    expect(isSessionReady({ endsAt, pendingCount: 20 }, now, settings)).toBe(true);
  });

  it('says when a session goes idle if nothing new comes', () => {
    expect(sessionIdleAt(endsAt, 30).toISOString()).toBe('2024-05-02T09:30:00.000Z');
  });

  it('is never ready with nothing pending', () => {
    expect(isSessionReady({ endsAt, pendingCount: 0 }, new Date('2024-06-01T00:00:00Z'), settings)).toBe(
      false,
    );
  });
});
