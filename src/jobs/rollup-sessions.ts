import { summaryId } from '../domain/ids.js';
import { addDays, localDate } from '../domain/periods.js';
import { countSpeakers } from '../domain/rollup.js';
import { assignSessions, isSessionReady, type SessionAssignment, sessionIdleAt } from '../domain/sessions.js';
import type { MemoryRow } from '../graph/rollups.js';
import { type CycleContext, waitUntil } from './cycle-context.js';
import type { LevelWork } from './rollup-level.js';

/**
 * Sessions, as work for the roll-up skeleton (jobs/rollup-level.ts): pending memories are grouped into sessions
 * (explicit ids, or idle gaps), joining the sessions already in the graph where they fit. A session is summarised
 * when it has gone idle, or early when enough new messages piled up; regenerating a known session bumps its version
 * instead of creating a second node.
 */
export async function sessionWork(ctx: CycleContext): Promise<LevelWork<SessionAssignment, MemoryRow[]>> {
  const { sessions, more } = await readySessions(ctx);
  return {
    level: 'session',
    periods: sessions,
    more,
    keyOf: (a) => a.key,
    childrenOf: (a) => a.messageCount,
    read: (sessions) =>
      ctx.rollups.sessionMemories(
        ctx.groupId,
        sessions.map((a) => ({
          key: a.key,
          summaryId: summaryId(ctx.groupId, 'session', a.key),
          newIds: a.memoryIds,
        })),
      ),
    describe: (assignment, memories) =>
      !memories?.length
        ? null
        : {
            level: 'session',
            key: assignment.key,
            start: localDate(assignment.startsAt, ctx.timezone),
            end: addDays(localDate(assignment.endsAt, ctx.timezone), 1),
            startsAt: assignment.startsAt,
            endsAt: assignment.endsAt,
            items: memories,
            speakerCounts: countSpeakers(memories.map((m) => m.speaker)),
            messageCount: memories.length,
            session: { key: assignment.key, explicit: assignment.explicit },
            parentPending: false,
            thin: memories.length < ctx.rollup.dayMinMemories,
          },
    count: async (sessions) => ({
      created: sessions.filter((a) => a.isNew).length,
      updated: sessions.filter((a) => !a.isNew).length,
    }),
  };
}

/**
 * The sessions of the oldest page of pending memories that are ready to summarise; the others make the cycle say
 * when they will be. When the page is full, more memories follow it, and a session that ends within the gap of the
 * page's last memory may go on in the next page: it waits for that page, which starts with its memories (they are
 * still pending), unless it is full. A page holds many whole sessions (SESSION_MAX_MESSAGES is at most a quarter of
 * it), so every page summarises some.
 */
async function readySessions(ctx: CycleContext): Promise<{ sessions: SessionAssignment[]; more: boolean }> {
  const pending = await ctx.rollups.pendingSessionMemories(ctx.groupId, ctx.pageSize);
  if (pending.length === 0) return { sessions: [], more: false };
  const more = pending.length >= ctx.pageSize;
  const gapMinutes = ctx.rollup.sessionGapMinutes;
  const explicitKeys = [...new Set(pending.flatMap((m) => (m.sessionId ? [m.sessionId] : [])))];
  const known = await ctx.rollups.sessionsNear(ctx.groupId, {
    from: (pending[0] as (typeof pending)[0]).ts,
    to: (pending[pending.length - 1] as (typeof pending)[0]).ts,
    gapMinutes,
    explicitKeys,
  });
  const assignments = assignSessions(pending, known, gapMinutes, {
    maxMessages: ctx.rollup.sessionMaxMessages,
    maxMinutes: ctx.rollup.sessionMaxHours * 60,
  });
  const isReady = (a: SessionAssignment) =>
    isSessionReady({ endsAt: a.endsAt, pendingCount: a.memoryIds.length, full: a.full }, ctx.now, {
      gapMinutes,
      maxNewMessages: ctx.rollup.sessionMaxNewMessages,
    });
  const pageEnd = Date.parse((pending[pending.length - 1] as (typeof pending)[0]).ts);
  const oldest = (pending[0] as (typeof pending)[0]).id;
  // The session of the page's oldest memory never waits, so a page always makes progress, whatever its size.
  const goesOnInNextPage = (a: SessionAssignment) =>
    more &&
    !a.full &&
    sessionIdleAt(a.endsAt, gapMinutes).getTime() >= pageEnd &&
    !a.memoryIds.includes(oldest);
  // A session still active waits until it has been idle for the gap.
  for (const a of assignments) if (!isReady(a)) waitUntil(ctx, sessionIdleAt(a.endsAt, gapMinutes));
  return { sessions: assignments.filter((a) => isReady(a) && !goesOnInNextPage(a)), more };
}
