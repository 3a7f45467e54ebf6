import type { LevelCounts } from '../domain/cycle-report.js';
import { summaryId } from '../domain/ids.js';
import { addDays, localDate } from '../domain/periods.js';
import { countSpeakers } from '../domain/rollup.js';
import { assignSessions, isSessionReady, sessionIdleAt } from '../domain/sessions.js';
import { type CycleContext, waitUntil } from './cycle-context.js';
import { rollUpLevel } from './rollup-level.js';

/**
 * Sessions: pending memories are grouped into sessions (explicit ids, or idle gaps), joining the sessions already
 * in the graph where they fit. A session is summarised when it has gone idle, or early when enough new messages
 * piled up; regenerating a known session bumps its version instead of creating a second node.
 */
export async function rollupSessions(ctx: CycleContext): Promise<LevelCounts> {
  const counts = { created: 0, updated: 0 };
  const pending = await ctx.rollups.pendingSessionMemories(ctx.groupId);
  if (pending.length === 0) return counts;

  const gapMinutes = ctx.rollup.sessionGapMinutes;
  const explicitKeys = [...new Set(pending.flatMap((m) => (m.sessionId ? [m.sessionId] : [])))];
  const known = await ctx.rollups.sessionsNear(ctx.groupId, {
    from: (pending[0] as (typeof pending)[0]).ts,
    to: (pending[pending.length - 1] as (typeof pending)[0]).ts,
    gapMinutes,
    explicitKeys,
  });
  const assignments = assignSessions(pending, known, gapMinutes);
  const isReady = (a: (typeof assignments)[number]) =>
    isSessionReady({ endsAt: a.endsAt, pendingCount: a.memoryIds.length }, ctx.now, {
      gapMinutes,
      maxNewMessages: ctx.rollup.sessionMaxNewMessages,
    });
  const ready = assignments.filter(isReady);
  // A session still active waits until it has been idle for the gap.
  for (const a of assignments) if (!isReady(a)) waitUntil(ctx, sessionIdleAt(a.endsAt, gapMinutes));
  if (ctx.dryRun) {
    for (const a of ready) counts[a.isNew ? 'created' : 'updated']++;
    return counts;
  }

  return rollUpLevel(ctx, {
    level: 'session',
    periods: ready,
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
  });
}
