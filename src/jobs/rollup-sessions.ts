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
  return {
    level: 'session',
    periods: await readySessions(ctx),
    keyOf: (a) => a.key,
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

/** The sessions of the pending memories that are ready to summarise; the others make the cycle say when they will be. */
async function readySessions(ctx: CycleContext): Promise<SessionAssignment[]> {
  const pending = await ctx.rollups.pendingSessionMemories(ctx.groupId);
  if (pending.length === 0) return [];
  const gapMinutes = ctx.rollup.sessionGapMinutes;
  const explicitKeys = [...new Set(pending.flatMap((m) => (m.sessionId ? [m.sessionId] : [])))];
  const known = await ctx.rollups.sessionsNear(ctx.groupId, {
    from: (pending[0] as (typeof pending)[0]).ts,
    to: (pending[pending.length - 1] as (typeof pending)[0]).ts,
    gapMinutes,
    explicitKeys,
  });
  const assignments = assignSessions(pending, known, gapMinutes);
  const isReady = (a: SessionAssignment) =>
    isSessionReady({ endsAt: a.endsAt, pendingCount: a.memoryIds.length }, ctx.now, {
      gapMinutes,
      maxNewMessages: ctx.rollup.sessionMaxNewMessages,
    });
  // A session still active waits until it has been idle for the gap.
  for (const a of assignments) if (!isReady(a)) waitUntil(ctx, sessionIdleAt(a.endsAt, gapMinutes));
  return assignments.filter(isReady);
}
