import { boundedBatches } from '../domain/batches.js';
import type { Entity, SessionEntityExtractor } from '../domain/entities.js';
import {
  lookupsFor,
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
  /** The extractor, loaded on first use (the model takes a few hundred ms to read); async, as a language model is. */
  extractor: () => SessionEntityExtractor;
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
  // The write under way, and the sessions it links: its outcome settled into a value (null, or the error), so a
  // failure is never an unhandled rejection. The next batch is read and extracted meanwhile, and resolved only once
  // it has landed: a full name the batch before introduced is then among the group's people.
  let writing: { ids: string[]; outcome: Promise<unknown> } | null = null;
  const settle = async (): Promise<boolean> => {
    if (!writing) return true;
    const { ids, outcome } = writing;
    writing = null;
    const error = await outcome;
    if (error === null) {
      linked += ids.length;
      return true;
    }
    recordPeriodFailure(ctx, 'entities of session', ids, error);
    return false;
  };
  for (;;) {
    const page = await deps.store.pendingSessions(ctx.groupId, SESSIONS_PER_PAGE);
    if (page.length === 0) break;
    await deps.store.keepSessions(
      ctx.groupId,
      page.filter((s) => s.keep).map((s) => s.summaryId),
    );
    const pending = page.filter((s) => !s.keep);
    const batches = boundedBatches(pending, SESSIONS_PER_WRITE, MESSAGES_PER_READ, (s) =>
      Math.max(1, s.messageCount),
    );
    for (const batch of batches) {
      if (ctx.signal?.aborted) {
        await settle();
        throw new CycleStoppedError(ctx.groupId);
      }
      const ids = batch.map((s) => s.summaryId);
      try {
        const found = await extractBatch(ctx, deps, ids);
        // Still pending when a write failed: the next cycle tries them again rather than this one reading them forever.
        if (!(await settle())) return linked;
        const resolved = await resolveBatch(ctx, deps, found);
        writing = {
          ids,
          outcome: deps.store.writeSessions(ctx.groupId, resolved).then(
            () => null,
            (error: unknown) => error ?? new Error('entity write failed'),
          ),
        };
      } catch (error) {
        await settle();
        recordPeriodFailure(ctx, 'entities of session', ids, error);
        return linked;
      }
      await ctx.renewLease();
    }
    // The next page is read once this one's writes landed (it would find their sessions still pending).
    if (!(await settle())) return linked;
    if (page.length < SESSIONS_PER_PAGE) break;
  }
  await settle();
  return linked;
}

/** The mentions in several sessions' messages, the speakers of those sessions as the group's people. */
async function extractBatch(ctx: CycleContext, deps: EntityStepDeps, summaryIds: string[]) {
  const messages = await deps.store.sessionMessages(ctx.groupId, summaryIds);
  const sessions: SessionMessages[] = summaryIds.map((summaryId) => ({
    summaryId,
    messages: messages.get(summaryId) ?? [],
  }));
  const speakers = [...new Set(sessions.flatMap((s) => s.messages.map((m) => m.speaker)))].sort();
  const found = await sessionEntities(ctx, deps.extractor(), sessions, speakers);
  return { raw: sessionMentions(sessions, found), speakers };
}

/**
 * The entities of each session's messages, a session at a time: a language model takes seconds a session, so the
 * lease is kept and a shutdown heard between two. A session its fallback extracted is logged with the reason.
 */
async function sessionEntities(
  ctx: CycleContext,
  extractor: SessionEntityExtractor,
  sessions: readonly SessionMessages[],
  speakers: readonly string[],
): Promise<Entity[][][]> {
  const found: Entity[][][] = [];
  for (const session of sessions) {
    if (ctx.signal?.aborted) throw new CycleStoppedError(ctx.groupId);
    const { entities, fallbackReason } = await extractor.extractSession(session.messages, { speakers });
    if (fallbackReason) {
      ctx.log.warn(
        { groupId: ctx.groupId, session: session.summaryId, reason: fallbackReason },
        'entity extraction fell back to the local extractor for this session',
      );
    }
    found.push(entities);
    await ctx.renewLease();
  }
  return found;
}

async function resolveBatch(
  ctx: CycleContext,
  deps: EntityStepDeps,
  { raw, speakers }: Awaited<ReturnType<typeof extractBatch>>,
) {
  const known = await deps.store.knownEntities(ctx.groupId, lookupsFor(raw));
  return resolveSessions(ctx.groupId, raw, speakers, known);
}
