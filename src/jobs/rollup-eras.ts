import type { Config } from '../config.js';
import type { LevelCounts } from '../domain/cycle-report.js';
import { type EraPeriod, type EraSegment, updateEras } from '../domain/eras.js';
import { addDays, startOfLocalDay } from '../domain/periods.js';
import { topicId } from '../domain/topics.js';
import type { EraRepository, EraWrite, SeriesRow, StoredEra } from '../graph/eras.js';
import type { CycleContext } from './cycle-context.js';

/**
 * Eras from the week series by change-point detection. Closed eras stay put: each cycle only extends the current
 * era, or splits it (its first part closes), and past the kept count the oldest closed era folds into "earlier".
 * Only eras that changed are written, so a cycle with no new weeks writes nothing.
 */
export async function rollupEras(
  ctx: CycleContext,
  repo: EraRepository,
  settings: Config['eras'],
): Promise<LevelCounts> {
  const counts = { created: 0, updated: 0 };
  const stored = await repo.list(ctx.groupId);
  const current = stored.find((e) => e.current) ?? null;
  const from = current?.start ?? null;
  const rows = await repo.series(ctx.groupId, settings.level, { from }, true);
  if (rows.length === 0) return counts;

  const state = updateEras({
    closed: stored.filter((e) => !e.current).map(toSegment),
    current: current ? toSegment(current) : null,
    periods: rows.map(toEraPeriod),
    options: { minDays: settings.minDays, maxEras: settings.maxEras },
  });
  const desired = [...state.closed.map((s) => ({ s, current: false })), { s: state.current, current: true }];
  const storedById = new Map(stored.map((e) => [e.id, e]));
  const changed = desired.filter(({ s, current: isCurrent }) => {
    const before = storedById.get(eraId(ctx.groupId, s));
    return !before || !sameEra(before, s, isCurrent);
  });
  const keepIds = desired.map(({ s }) => eraId(ctx.groupId, s));
  const removed = stored.filter((e) => !keepIds.includes(e.id)).length;
  if (changed.length === 0 && removed === 0) return counts;
  for (const { s } of changed) counts[storedById.has(eraId(ctx.groupId, s)) ? 'updated' : 'created']++;
  if (ctx.dryRun) return counts;

  // Members of a changed era are in `rows` unless it is the "earlier" era; then the whole series is needed.
  let byStart = new Map(rows.map((r) => [r.periodStart, r]));
  if (changed.some(({ s }) => s.periodStarts.some((p) => !byStart.has(p)))) {
    byStart = new Map(
      (await repo.series(ctx.groupId, settings.level, {}, true)).map((r) => [r.periodStart, r]),
    );
  }
  const writes = [];
  for (const { s, current: isCurrent } of changed) {
    const members = s.periodStarts.flatMap((p) => byStart.get(p) ?? []);
    writes.push(await eraWrite(ctx, settings, s, isCurrent, members));
  }
  await repo.replace(ctx.groupId, writes, keepIds);
  return counts;
}

function eraId(groupId: string, segment: EraSegment): string {
  return `${groupId}:era:${segment.earlier ? 'earlier' : segment.start}`;
}

function toSegment(era: StoredEra): EraSegment {
  return {
    start: era.start,
    end: era.end,
    periodStarts: era.periodStarts ?? [],
    keyTopics: era.keyTopics ?? [],
    theme: era.theme,
    earlier: era.earlier ?? false,
  };
}

function toEraPeriod(row: SeriesRow): EraPeriod {
  return {
    periodStart: row.periodStart,
    periodEnd: addDays(row.periodEnd, 1),
    embedding: row.embedding,
    topics: (row.topics ?? []).map((name, i) => ({ name, weight: row.topicWeights?.[i] ?? 0 })),
  };
}

function sameEra(stored: StoredEra, segment: EraSegment, current: boolean): boolean {
  return (
    stored.start === segment.start &&
    stored.end === segment.end &&
    stored.theme === segment.theme &&
    stored.current === current &&
    (stored.earlier ?? false) === segment.earlier &&
    (stored.periodStarts ?? []).join() === segment.periodStarts.join() &&
    (stored.keyTopics ?? []).join() === segment.keyTopics.join()
  );
}

/** The era node: its summary text from the member summaries, its vector the mean of theirs. */
async function eraWrite(
  ctx: CycleContext,
  settings: Config['eras'],
  segment: EraSegment,
  current: boolean,
  members: SeriesRow[],
) {
  const draft = await ctx.summarizer.summarize({
    level: 'era',
    groupId: ctx.groupId,
    periodStart: segment.start,
    periodEnd: addDays(segment.end, -1),
    items: members.map((m) => ({ id: m.id, text: m.text, ts: m.periodStart })),
    speakerCounts: {},
    background: [],
  });
  const era: EraWrite = {
    id: eraId(ctx.groupId, segment),
    groupId: ctx.groupId,
    level: settings.level,
    start: segment.start,
    end: segment.end,
    startsAt: startOfLocalDay(segment.start, ctx.timezone).toISOString(),
    endsAt: startOfLocalDay(segment.end, ctx.timezone).toISOString(),
    theme: segment.theme,
    keyTopics: segment.keyTopics,
    text: draft.text,
    periodStarts: segment.periodStarts,
    current,
    earlier: segment.earlier,
  };
  const embedding =
    meanVector(members.flatMap((m) => (m.embedding ? [m.embedding] : []))) ??
    (await ctx.embedder.embeddings.embedQuery(`${segment.theme}. ${draft.text}`));
  const topics = segment.keyTopics.map((name, i) => ({
    id: topicId(ctx.groupId, name),
    name,
    weight: Math.max(0.1, 1 - i * 0.15),
  }));
  return { era, embedding, topics };
}

function meanVector(vectors: number[][]): number[] | null {
  if (vectors.length === 0) return null;
  const sum = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const v of vectors) {
    for (let i = 0; i < sum.length; i++) sum[i] += v[i] ?? 0;
  }
  const norm = Math.hypot(...sum);
  return norm > 0 ? sum.map((x) => x / norm) : null;
}
