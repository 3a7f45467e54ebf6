import { boundedBatches } from '../domain/batches.js';
import type { EntityExtractor } from '../domain/entities.js';
import {
  firstNameCandidates,
  resolveSessions,
  type SessionMessages,
  sessionMentions,
} from '../domain/entity-resolution.js';
import { CycleStoppedError } from '../errors.js';
import type { EntityStore } from '../graph/entities.js';
import { type CycleContext, recordPeriodFailure } from './cycle-context.js';

/** Sessions read per page of the backlog, and per read and write: bounded by their messages as the roll-up is. */
const SESSIONS_PER_PAGE = 2_000;
const SESSIONS_PER_WRITE = 250;
const MESSAGES_PER_READ = 5_000;

export interface EntityStepDeps {
  store: EntityStore;
  /** The extractor, loaded on first use (the model takes a few hundred ms to read). */
  extractor: () => EntityExtractor;
}

/**
 * The entity step of the cycle, after sessions: every session summary written or rewritten since (its
 * `entitiesPending` flag) has the entities of its messages found, resolved within the group and linked; its old
 * contribution is replaced in the same write, so a session rewritten is counted once (one whose originals were
 * pruned keeps what it had: its remaining memories would count less). Works its backlog a page at a
 * time, oldest first, each batch committed with its flags cleared. Returns how many sessions it linked.
 */
export async function linkSessionEntities(ctx: CycleContext, deps: EntityStepDeps): Promise<number> {
  if (ctx.dryRun) return 0;
  let linked = 0;
  for (;;) {
    const page = await deps.store.pendingSessions(ctx.groupId, SESSIONS_PER_PAGE);
    if (page.length === 0) return linked;
    await deps.store.keepSessions(
      ctx.groupId,
      page.filter((s) => s.keep).map((s) => s.summaryId),
    );
    const pending = page.filter((s) => !s.keep);
    const batches = boundedBatches(pending, SESSIONS_PER_WRITE, MESSAGES_PER_READ, (s) =>
      Math.max(1, s.messageCount),
    );
    for (const batch of batches) {
      if (ctx.signal?.aborted) throw new CycleStoppedError(ctx.groupId);
      const ids = batch.map((s) => s.summaryId);
      try {
        await linkBatch(ctx, deps, ids);
        linked += ids.length;
      } catch (error) {
        recordPeriodFailure(ctx, 'entities of session', ids, error);
        // Still pending: the next cycle tries them again rather than this one reading them forever.
        return linked;
      }
      await ctx.renewLease();
    }
    if (page.length < SESSIONS_PER_PAGE) return linked;
  }
}

async function linkBatch(ctx: CycleContext, deps: EntityStepDeps, summaryIds: string[]): Promise<void> {
  const messages = await deps.store.sessionMessages(ctx.groupId, summaryIds);
  const sessions: SessionMessages[] = summaryIds.map((summaryId) => ({
    summaryId,
    messages: messages.get(summaryId) ?? [],
  }));
  // The group's people: whoever speaks in these sessions.
  const speakers = [...new Set(sessions.flatMap((s) => s.messages.map((m) => m.speaker)))].sort();
  const extractor = deps.extractor();
  const raw = sessionMentions(
    sessions,
    (text, names) => extractor.extract(text, { speakers: names }),
    speakers,
  );
  const known = await deps.store.knownPeople(ctx.groupId, firstNameCandidates(raw));
  await deps.store.writeSessions(ctx.groupId, resolveSessions(ctx.groupId, raw, speakers, known));
}
