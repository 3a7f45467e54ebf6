/**
 * Sessionization: which conversation session each new memory belongs to.
 *
 * A memory sent with a sessionId belongs to that session, whatever its time. The others are grouped by time:
 * a session is a run of memories where no idle gap is longer than gapMinutes (a gap of exactly gapMinutes
 * keeps the session going). Sessions already in the graph keep their keys, absorb late memories that fall
 * within the gap of their span, and are never merged with each other, so summary ids stay stable.
 *
 * A session is bounded in messages, and a time-based one in duration too, so a group that never goes quiet, or a
 * client that sends one sessionId for ever, still gets sessions of a size a summarizer and one read can take: a
 * memory that would take a session past a bound opens the next one. The next time-based session is keyed by its
 * first memory, as any; the next part of a named session `<sessionId>@<instant of its first memory>`.
 */
export interface SessionMemory {
  id: string;
  ts: string;
  sessionId: string | null;
}

/** A session already in the graph that may absorb late or new memories. */
export interface KnownSession {
  key: string;
  startsAt: string;
  endsAt: string;
  explicit: boolean;
  /** The memories it covers; it takes no more than the bound allows. 0 when not known. */
  messageCount?: number;
  /** A named session's sessionId, when its key is that of a later part (`<sessionId>@...`); the key otherwise. */
  sessionId?: string;
}

/** How far one session may grow. */
export interface SessionBounds {
  maxMessages: number;
  maxMinutes: number;
}

const UNBOUNDED: SessionBounds = {
  maxMessages: Number.POSITIVE_INFINITY,
  maxMinutes: Number.POSITIVE_INFINITY,
};

export interface SessionAssignment {
  key: string;
  explicit: boolean;
  /** The memories given to this session now, in time order. */
  memoryIds: string[];
  /** Span of the whole session: what it already covered plus the memories given to it now. */
  startsAt: string;
  endsAt: string;
  /** True when no known session had this key. */
  isNew: boolean;
  /** It reached a bound: nothing more joins it, so it need not wait to go idle. */
  full: boolean;
  /** The memories it covers once these are added: those it already had and the new ones. */
  messageCount: number;
}

interface TimedMemory {
  id: string;
  ms: number;
  sessionId: string | null;
}

/** A session being built: a known one being extended, or a new one. */
interface Draft {
  key: string;
  explicit: boolean;
  isNew: boolean;
  startMs: number;
  endMs: number;
  memories: TimedMemory[];
  /** Memories it covered before this assignment (a known session's). */
  earlier: number;
}

function toMs(ts: string): number {
  const ms = Date.parse(ts);
  if (Number.isNaN(ms)) throw new RangeError(`not a valid instant: "${ts}"`);
  return ms;
}

function byTimeThenId(a: TimedMemory, b: TimedMemory): number {
  return a.ms - b.ms || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function draftFromKnown(session: KnownSession): Draft {
  return {
    key: session.key,
    explicit: session.explicit,
    isNew: false,
    startMs: toMs(session.startsAt),
    endMs: toMs(session.endsAt),
    memories: [],
    earlier: session.messageCount ?? 0,
  };
}

function draftFromMemory(memory: TimedMemory, key: string, explicit: boolean): Draft {
  return { key, explicit, isNew: true, startMs: memory.ms, endMs: memory.ms, memories: [memory], earlier: 0 };
}

/**
 * Whether the draft can take `count` more memories spanning [startMs, endMs] within the bounds. A named session is
 * bounded in messages only: its client said the turns belong together, days apart or not.
 */
function hasRoom(
  draft: Draft,
  count: number,
  startMs: number,
  endMs: number,
  bounds: SessionBounds,
): boolean {
  const messages = draft.earlier + draft.memories.length + count;
  const span = Math.max(draft.endMs, endMs) - Math.min(draft.startMs, startMs);
  return messages <= bounds.maxMessages && (draft.explicit || span <= bounds.maxMinutes * 60_000);
}

function absorb(draft: Draft, memories: TimedMemory[], startMs: number, endMs: number): void {
  draft.memories.push(...memories);
  draft.startMs = Math.min(draft.startMs, startMs);
  draft.endMs = Math.max(draft.endMs, endMs);
}

/** Distance between two spans; 0 when they overlap. */
function distance(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.max(0, bStart - aEnd, aStart - bEnd);
}

/** Known sessions ordered so that the earliest one wins when a memory could join several. */
function earliestFirst(a: Draft, b: Draft): number {
  return a.startMs - b.startMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Memories with a sessionId go to that session's latest part (a known one is extended); one that would take the part
 * past a bound opens the next part. Returns every part that received memories.
 */
function assignExplicit(memories: TimedMemory[], known: Map<string, Draft>, bounds: SessionBounds): Draft[] {
  const latest = new Map<string, Draft>();
  const parts: Draft[] = [];
  for (const memory of memories) {
    const sessionId = memory.sessionId as string;
    const draft = latest.get(sessionId) ?? known.get(sessionId);
    if (draft && hasRoom(draft, 1, memory.ms, memory.ms, bounds)) {
      absorb(draft, [memory], memory.ms, memory.ms);
      if (!latest.has(sessionId)) parts.push(draft);
      latest.set(sessionId, draft);
      continue;
    }
    const key = draft ? `${sessionId}@${new Date(memory.ms).toISOString()}` : sessionId;
    const part = draftFromMemory(memory, key, true);
    parts.push(part);
    latest.set(sessionId, part);
  }
  return parts;
}

/**
 * Time-ordered pass over memories without a sessionId: join the earliest known session within reach,
 * else continue the current new cluster, else open a new one. Known spans grow as they absorb memories,
 * so a chain of late memories can keep extending a session.
 */
function assignImplicit(
  memories: TimedMemory[],
  known: Draft[],
  gapMs: number,
  bounds: SessionBounds,
): Draft[] {
  const clusters: Draft[] = [];
  let current: Draft | undefined;
  for (const memory of memories) {
    const host = known.find(
      (k) =>
        distance(k.startMs, k.endMs, memory.ms, memory.ms) <= gapMs &&
        hasRoom(k, 1, memory.ms, memory.ms, bounds),
    );
    if (host) {
      absorb(host, [memory], memory.ms, memory.ms);
      current = undefined;
    } else if (
      current &&
      memory.ms - current.endMs <= gapMs &&
      hasRoom(current, 1, memory.ms, memory.ms, bounds)
    ) {
      absorb(current, [memory], memory.ms, memory.ms);
    } else {
      current = draftFromMemory(memory, new Date(memory.ms).toISOString(), false);
      clusters.push(current);
    }
  }
  return mergeIntoKnown(clusters, known, gapMs, bounds);
}

/**
 * A new cluster that ends up within the gap of a known session (for instance because a later memory stretched
 * that session towards it) joins the earliest such session. Repeats until nothing moves, since each join grows
 * a span. Returns the clusters that stay new.
 */
function mergeIntoKnown(clusters: Draft[], known: Draft[], gapMs: number, bounds: SessionBounds): Draft[] {
  let remaining = clusters;
  let moved = true;
  while (moved) {
    moved = false;
    const next: Draft[] = [];
    for (const cluster of remaining) {
      const host = known.find(
        (k) =>
          distance(k.startMs, k.endMs, cluster.startMs, cluster.endMs) <= gapMs &&
          hasRoom(k, cluster.memories.length, cluster.startMs, cluster.endMs, bounds),
      );
      if (host) {
        absorb(host, cluster.memories, cluster.startMs, cluster.endMs);
        moved = true;
      } else {
        next.push(cluster);
      }
    }
    remaining = next;
  }
  return remaining;
}

function toAssignment(draft: Draft, bounds: SessionBounds): SessionAssignment {
  return {
    key: draft.key,
    explicit: draft.explicit,
    memoryIds: [...draft.memories].sort(byTimeThenId).map((m) => m.id),
    startsAt: new Date(draft.startMs).toISOString(),
    endsAt: new Date(draft.endMs).toISOString(),
    isNew: draft.isNew,
    messageCount: draft.earlier + draft.memories.length,
    full:
      draft.earlier + draft.memories.length >= bounds.maxMessages ||
      (!draft.explicit && draft.endMs - draft.startMs >= bounds.maxMinutes * 60_000),
  };
}

/** Sessions that receive memories, ordered by start then key. Input order does not matter. */
export function assignSessions(
  memories: SessionMemory[],
  known: KnownSession[],
  gapMinutes: number,
  bounds: SessionBounds = UNBOUNDED,
): SessionAssignment[] {
  const gapMs = gapMinutes * 60_000;
  const timed = memories
    .map((m) => ({ id: m.id, ms: toMs(m.ts), sessionId: m.sessionId }))
    .sort(byTimeThenId);
  // A named session is extended at its latest known part.
  const explicitKnown = new Map<string, Draft>();
  for (const session of [...known].sort((a, b) => toMs(a.startsAt) - toMs(b.startsAt))) {
    if (session.explicit) explicitKnown.set(session.sessionId ?? session.key, draftFromKnown(session));
  }
  const explicitParts = assignExplicit(
    timed.filter((m) => m.sessionId !== null),
    explicitKnown,
    bounds,
  );

  const implicitKnown = known
    .filter((k) => !k.explicit)
    .map(draftFromKnown)
    .sort(earliestFirst);
  const newClusters = assignImplicit(
    timed.filter((m) => m.sessionId === null),
    implicitKnown,
    gapMs,
    bounds,
  );

  return [...explicitParts, ...implicitKnown, ...newClusters]
    .filter((d) => d.memories.length > 0)
    .sort(earliestFirst)
    .map((draft) => toAssignment(draft, bounds));
}

/**
 * A session is ready to summarise once it has been idle for gapMinutes since its last memory, or sooner when
 * maxNewMessages have piled up (so a long-running session still gets summaries). Nothing pending, nothing to do.
 */
export function isSessionReady(
  input: { endsAt: string; pendingCount: number; full?: boolean },
  now: Date,
  settings: { gapMinutes: number; maxNewMessages: number },
): boolean {
  if (input.pendingCount <= 0) return false;
  if (input.full || input.pendingCount >= settings.maxNewMessages) return true;
  return now.getTime() >= sessionIdleAt(input.endsAt, settings.gapMinutes).getTime();
}

/** When a session whose last memory is at endsAt has been idle long enough to be summarised, if nothing new comes. */
export function sessionIdleAt(endsAt: string, gapMinutes: number): Date {
  return new Date(toMs(endsAt) + gapMinutes * 60_000);
}
