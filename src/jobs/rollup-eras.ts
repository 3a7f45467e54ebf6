import type { Config } from '../config.js';
import type { LevelCounts } from '../domain/cycle-report.js';
import { eraEmbeddedText, meanVector } from '../domain/embedded-texts.js';
import { type EraBackground, NO_ERA_BACKGROUND } from '../domain/era-background.js';
import {
  backgroundBefore,
  dataCut,
  ERA_DETECTOR,
  type EraSegment,
  eraOptionsOf,
  eraPeriodOf,
  eraTermFilter,
  resolveEraParameters,
  updateEras,
  weeksByEra,
} from '../domain/eras.js';
import { addDays, startOfLocalDay } from '../domain/periods.js';
import { topicId } from '../domain/topics.js';
import type { DayRow, EraChange, EraStore, EraWrite, SeriesRow, StoredEra } from '../graph/eras.js';
import { type CycleContext, noteFallback } from './cycle-context.js';

/**
 * Eras from the day series by change-point detection; the week summaries they span become their children. Closed
 * eras stay put: each cycle only extends the current era, or splits it (its first part closes), and past the kept
 * count the oldest closed era folds into "earlier". Only eras that changed are written, so a cycle with no new
 * days writes nothing. A cycle reads the current era's days alone: what the days before it add to themes, names and
 * the data cut is kept on the current era as its background (domain/era-background.ts).
 */
export async function rollupEras(
  ctx: CycleContext,
  repo: EraStore,
  settings: Config['eras'],
): Promise<LevelCounts> {
  const counts = { created: 0, updated: 0 };
  const stored = await repo.list(ctx.groupId);
  const current = stored.find((e) => e.current) ?? null;
  const windowStart = current?.start ?? stored[stored.length - 1]?.end ?? null;
  // The window's days alone: the eras before it are closed, and what their days add to themes is kept as the
  // current era's background (one that changes with no week to be summarised from reads its days' texts: dayItems).
  const days = await repo.daySeries(ctx.groupId, { from: windowStart }, true);
  // When each week of the current era was written, to tell whether the era still reads them as they are (a week
  // belongs to the era that holds its Thursday, so its first may start before the era).
  const stampsFrom = current ? ([current.start, ...(current.periodStarts ?? [])].sort()[0] ?? null) : null;
  const weekStamps = await repo.periodStamps(ctx.groupId, 'week', stampsFrom);
  const weekStarts = weekStamps.map((w) => w.periodStart);
  const writtenAt = new Map(weekStamps.map((w) => [w.periodStart, w.updatedAtMillis]));
  // A week of the current era summarised again after it (a late memory): the era reads its weeks again.
  const currentReread =
    current?.updatedAtMillis != null &&
    !writtenBefore(current.periodStarts ?? [], current.updatedAtMillis, writtenAt);
  // Eras change only with a day after them, a week summary none of them holds yet, or that reread.
  const after = current?.end ?? windowStart;
  const linked = new Set(stored.flatMap((e) => e.periodStarts ?? []));
  const newDay = days.some((d) => after === null || d.day >= after);
  if (!newDay && !currentReread && weekStarts.every((w) => linked.has(w))) return counts;
  if (days.length === 0) return counts;

  // The group's own parameters (PUT settings) over the server's: the ones eras/preview shows.
  const parameters = resolveEraParameters(await repo.parameters(ctx.groupId), settings);
  const prior = await backgroundOf(repo, ctx.groupId, stored, windowStart, days);
  const keep = eraTermFilter(days, prior.background);
  const state = updateEras({
    closed: stored.filter((e) => !e.current).map(toSegment),
    current: current ? toSegment(current) : null,
    periods: days.map(eraPeriodOf),
    options: { ...eraOptionsOf(parameters), keepTerm: keep },
    background: prior.background,
  });
  // The new current era's background, stored with it when it starts later than the window (an era closed) or the
  // background was rebuilt; an unchanged current era is not written, and a rebuilt background waits for its change.
  const nextBackground =
    prior.rebuilt || state.current.start !== windowStart
      ? backgroundBefore(state.current.start, days, prior.background, keep)
      : null;
  const desired = [...state.closed.map((s) => ({ s, current: false })), { s: state.current, current: true }];
  const children = weeksByEra(
    weekStarts,
    desired.map(({ s }) => s),
  );
  const storedById = new Map(stored.map((e) => [e.id, e]));
  const eras = desired.map((d, k) => {
    const id = eraId(ctx.groupId, d.s);
    return { ...d, id, before: storedById.get(id), weeks: children[k] ?? [] };
  });
  const changed = eras.filter(
    ({ s, current: isCurrent, weeks: own, before }) =>
      !before || !sameEra(before, s, isCurrent, own) || (before === current && currentReread),
  );
  const keepIds = eras.map((e) => e.id);
  const removed = stored.filter((e) => !keepIds.includes(e.id)).length;
  if (changed.length === 0 && removed === 0) return counts;
  for (const { before } of changed) counts[before ? 'updated' : 'created']++;
  if (ctx.dryRun) return counts;

  // The chain (NEXT_PERIOD, and eras folded into "earlier") moves only with an era created or dropped, or the end of
  // one before the last; the current era growing by days, the usual daily change, leaves it as it is.
  const lastId = keepIds[keepIds.length - 1];
  const chainMoved = removed > 0 || changed.some(({ id, before }) => !before || id !== lastId);
  const drafts = changed.map((c) => ({
    ...c,
    keepsWeeks: keepsItsWeeks(c.before, c.s, c.current, c.weeks, writtenAt),
  }));

  // Each era written says what produced it: the same data and parameters always give the same eras.
  const cut = dataCut(days, prior.background);
  const provenance = {
    detector: ERA_DETECTOR,
    parameters: JSON.stringify(parameters),
    dataFrom: cut.from,
    dataTo: cut.to,
    dataDays: cut.days,
    dataMessages: cut.messages,
  };
  // Vectors and texts only of the weeks the changed eras span, and none when every one keeps its weeks.
  const rereads = drafts.filter((d) => !d.keepsWeeks);
  const from = rereads.map(({ s }) => s.start).sort()[0];
  const weeks = from ? await repo.series(ctx.groupId, 'week', { from: addDays(from, -6) }, true) : [];
  const weekByStart = new Map(weeks.map((w) => [w.periodStart, w]));
  const writes = [];
  for (const { s, current: isCurrent, weeks: own, before, keepsWeeks } of drafts) {
    // A closed era keeps the words it closed with; only a week summarised after it closed may join it.
    const settled =
      before && !before.current && !isCurrent && before.start === s.start && before.end === s.end
        ? before
        : null;
    const ownDays = days.filter((d) => d.day >= s.start && d.day < s.end);
    writes.push(
      await eraWrite(ctx, repo, settings, {
        segment: s,
        current: isCurrent,
        weeks: keepsWeeks && before ? { kept: before } : own.flatMap((p) => weekByStart.get(p) ?? []),
        ownDays,
        windowStart,
        settled,
        provenance,
        background: isCurrent ? nextBackground : null,
      }),
    );
  }
  await repo.replace(ctx.groupId, writes, keepIds, chainMoved);
  return counts;
}

/**
 * Whether an era can keep what it read from its weeks (text, theme, vector, and its links to them): it was the
 * current era, is still, from the same start, over the same weeks, and none of them was written after it (a late
 * memory rewrites its week). Only its end, key topics and provenance then move with the new days: a day's cycle
 * neither summarises the era again (a call to the summarizer, an LLM's when one is configured) nor reads its
 * weeks and writes its vector. An era with no week yet reads its days, which the new day changed.
 */
function keepsItsWeeks(
  before: StoredEra | undefined,
  segment: EraSegment,
  current: boolean,
  weeks: string[],
  writtenAt: Map<string, number | null>,
): boolean {
  if (!before?.current || !current || segment.earlier || before.start !== segment.start) return false;
  if (weeks.length === 0 || before.text === null || before.updatedAtMillis === null) return false;
  if ((before.periodStarts ?? []).join() !== weeks.join()) return false;
  return writtenBefore(weeks, before.updatedAtMillis, writtenAt);
}

/** Whether every one of these weeks is known to have been written before the instant (epoch milliseconds). */
function writtenBefore(weeks: string[], instant: number, writtenAt: Map<string, number | null>): boolean {
  return weeks.every((w) => {
    const weekWrittenAt = writtenAt.get(w);
    return weekWrittenAt !== null && weekWrittenAt !== undefined && weekWrittenAt < instant;
  });
}

/**
 * What the days before the window add to themes, names and the data cut: the background kept on the current era,
 * or, when it has none (an era written before backgrounds were kept, or one that cannot be read), the days before
 * the window read again without their content. With no era closed yet, the window starts with the first day and
 * nothing is before it: most groups, which are not asked for a read.
 */
async function backgroundOf(
  repo: EraStore,
  groupId: string,
  stored: StoredEra[],
  windowStart: string | null,
  window: DayRow[],
): Promise<{ background: EraBackground; rebuilt: boolean }> {
  if (windowStart === null || stored.every((e) => e.current)) {
    return { background: NO_ERA_BACKGROUND, rebuilt: false };
  }
  const kept = await repo.background(groupId);
  if (kept) return { background: kept, rebuilt: false };
  const earlier = await repo.daySeries(groupId, { to: windowStart }, false);
  const keep = eraTermFilter([...earlier, ...window]);
  return { background: backgroundBefore(windowStart, earlier, NO_ERA_BACKGROUND, keep), rebuilt: true };
}

/**
 * An era's days as what the summarizer reads, for an era with no week yet. The window's days carry their texts;
 * an older era (folded into "earlier" before any week was summarised) reads its own.
 */
async function dayItems(
  repo: EraStore,
  groupId: string,
  segment: EraSegment,
  ownDays: DayRow[],
  windowStart: string | null,
): Promise<{ id: string; text: string; ts: string }[]> {
  const withTexts = ownDays.flatMap((d) => (d.text === null ? [] : [{ id: d.day, text: d.text, ts: d.day }]));
  const inWindow = windowStart === null || segment.start >= windowStart;
  if (inWindow && withTexts.length === ownDays.length) return withTexts;
  const rows = await repo.series(groupId, 'day', { from: segment.start, to: segment.end }, false);
  return rows.map((r) => ({ id: r.periodStart, text: r.text, ts: r.periodStart }));
}

function eraId(groupId: string, segment: EraSegment): string {
  return `${groupId}:era:${segment.earlier ? 'earlier' : segment.start}`;
}

function toSegment(era: StoredEra): EraSegment {
  return {
    start: era.start,
    end: era.end,
    keyTopics: era.keyTopics ?? [],
    theme: era.theme,
    earlier: era.earlier ?? false,
  };
}

/** Whether the stored era already is this segment: same bounds, state, key topics and weeks. */
function sameEra(stored: StoredEra, segment: EraSegment, current: boolean, weeks: string[]): boolean {
  return (
    stored.start === segment.start &&
    stored.end === segment.end &&
    stored.current === current &&
    (stored.earlier ?? false) === segment.earlier &&
    (stored.periodStarts ?? []).join() === weeks.join() &&
    (stored.keyTopics ?? []).join() === segment.keyTopics.join()
  );
}

interface EraDraft {
  segment: EraSegment;
  current: boolean;
  /**
   * The week summaries the era spans; or the stored era, when it keeps its weeks (see keepsItsWeeks): what it read
   * from them (text, theme) and its vector stay.
   */
  weeks: SeriesRow[] | { kept: StoredEra };
  /** Its day summaries in the window, which stand in for weeks while it has none. */
  ownDays: DayRow[];
  /** Where the day series read starts (null: the first day). */
  windowStart: string | null;
  /** The stored era when it was already closed: its text, theme and key topics are kept. */
  settled: StoredEra | null;
  /** What produced it. */
  provenance: Pick<EraWrite, 'detector' | 'parameters' | 'dataFrom' | 'dataTo' | 'dataDays' | 'dataMessages'>;
  /** Its background to store, for the current era when it moved (see EraChange). */
  background: EraBackground | null;
}

/**
 * The era node: its text from the summarizer over its weeks (or days), its theme the summarizer's title when it
 * gives one (an LLM) and the distinctive terms otherwise, its vector the mean of its weeks'.
 */
async function eraWrite(
  ctx: CycleContext,
  repo: EraStore,
  settings: Config['eras'],
  draft: EraDraft,
): Promise<EraChange> {
  const { segment, current, ownDays, settled } = draft;
  const kept = 'kept' in draft.weeks ? draft.weeks.kept : null;
  const members = 'kept' in draft.weeks ? [] : draft.weeks;
  let text = (kept ?? settled)?.text ?? null;
  let theme = (kept ?? settled)?.theme ?? segment.theme;
  if (text === null) {
    const items =
      members.length > 0
        ? members.map((m) => ({ id: m.id, text: m.text, ts: m.periodStart }))
        : await dayItems(repo, ctx.groupId, segment, ownDays, draft.windowStart);
    const summary = await ctx.summarizer.summarize({
      level: 'era',
      groupId: ctx.groupId,
      periodStart: segment.start,
      periodEnd: addDays(segment.end, -1),
      items,
      speakerCounts: {},
      background: [],
    });
    noteFallback(ctx, `era ${segment.start}`, summary);
    text = summary.text;
    theme = summary.title ?? segment.theme;
  }
  const era: EraWrite = {
    id: eraId(ctx.groupId, segment),
    groupId: ctx.groupId,
    level: settings.level,
    start: segment.start,
    end: segment.end,
    startsAt: startOfLocalDay(segment.start, ctx.timezone).toISOString(),
    endsAt: startOfLocalDay(segment.end, ctx.timezone).toISOString(),
    theme,
    keyTopics: settled?.keyTopics ?? segment.keyTopics,
    text,
    periodStarts: kept ? kept.periodStarts : members.map((m) => m.periodStart),
    current,
    earlier: segment.earlier,
    ...draft.provenance,
  };
  const embedding = kept
    ? null
    : (meanVector(members.flatMap((m) => (m.embedding ? [m.embedding] : []))) ??
      (await ctx.embedder.embeddings.embedQuery(eraEmbeddedText(theme, text))));
  const topics = era.keyTopics.map((name, i) => ({
    id: topicId(ctx.groupId, name),
    name,
    weight: Math.max(0.1, 1 - i * 0.15),
  }));
  return { era, embedding, topics, background: draft.background };
}
