import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';
import { LocalExtractiveSummarizer } from '../../src/ai/summarizers/local.js';
import type { SummaryItem } from '../../src/ai/summarizers/types.js';
import type { Config } from '../../src/config.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { toMemoryRecord } from '../../src/domain/memory.js';
import { periodOf } from '../../src/domain/periods.js';
import { childRange, countSpeakers, RecentWindow } from '../../src/domain/rollup.js';
import { assignSessions } from '../../src/domain/sessions.js';

export interface OfflineRollupTimes {
  memories: number;
  sessions: number;
  days: number;
  weeks: number;
  sessionizeMs: number;
  bucketMs: number;
  summarizeMs: number;
}

/**
 * The pure work of one month's roll-up for one group, as the cycle does it but without the graph:
 * sessionization, calendar bucketing, then the local summarizer (and the summary embedding) for every session,
 * day (with enough memories), week and the month. Reads and writes to Neo4j are not in these figures.
 */
export async function rollupMonthOffline(
  groupId: string,
  memories: MemoryInput[],
  rollup: Config['rollup'],
  timezone = 'UTC',
): Promise<OfflineRollupTimes> {
  // As createStrata wires it: sentence vectors from the local hashing embedder.
  const vectors = new HashingEmbeddings({ dimension: 384 });
  const summarizer = new LocalExtractiveSummarizer(vectors);
  const records = memories.map((m) => toMemoryRecord(groupId, m));
  const byId = new Map(records.map((r) => [r.id, r]));

  let t = performance.now();
  const sessions = assignSessions(records, [], rollup.sessionGapMinutes);
  const sessionizeMs = performance.now() - t;

  t = performance.now();
  const days = new Map<string, typeof records>();
  for (const r of records) {
    const key = periodOf('day', r.ts, timezone).key;
    periodOf('week', r.ts, timezone);
    periodOf('month', r.ts, timezone);
    const list = days.get(key);
    if (list) list.push(r);
    else days.set(key, [r]);
  }
  const bucketMs = performance.now() - t;

  t = performance.now();
  const summarize = async (
    level: 'session' | 'day' | 'week' | 'month',
    items: SummaryItem[],
    recent: RecentWindow,
  ) => {
    const draft = await summarizer.summarize({
      level,
      groupId,
      periodStart: items[0]?.ts ?? '',
      periodEnd: items[items.length - 1]?.ts ?? '',
      items,
      speakerCounts: countSpeakers(items.map((i) => i.speaker ?? '')),
      background: recent.background,
    });
    vectors.embedSync(draft.text);
    recent.push(draft.text, items.length);
    return draft.text;
  };
  const asItem = (id: string): SummaryItem => {
    const r = byId.get(id);
    if (!r) throw new Error(`memory ${id} lost between steps`);
    return { id: r.id, text: r.text, speaker: r.speaker, ts: r.ts };
  };

  const sessionRecent = new RecentWindow([]);
  for (const s of sessions) await summarize('session', s.memoryIds.map(asItem), sessionRecent);

  const dayRecent = new RecentWindow([]);
  const dayTexts: { start: string; text: string }[] = [];
  for (const [day, list] of [...days].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (list.length < rollup.dayMinMemories) continue;
    dayTexts.push({
      start: day,
      text: await summarize(
        'day',
        list.map((r) => asItem(r.id)),
        dayRecent,
      ),
    });
  }

  const weekRecent = new RecentWindow([]);
  const weekTexts: string[] = [];
  const weekKeys = [...new Set(dayTexts.map((d) => periodOf('week', `${d.start}T12:00:00Z`, timezone).key))];
  for (const key of weekKeys) {
    const range = childRange('week', periodOf('week', `${key}T12:00:00Z`, timezone));
    const children = dayTexts.filter((d) => d.start >= range.from && d.start < range.to);
    if (children.length < rollup.weekMinDays) continue;
    weekTexts.push(
      await summarize(
        'week',
        children.map((c) => ({ id: c.start, text: c.text, ts: c.start })),
        weekRecent,
      ),
    );
  }
  if (weekTexts.length >= rollup.monthMinWeeks) {
    await summarize(
      'month',
      weekTexts.map((text, i) => ({ id: `w${i}`, text })),
      new RecentWindow([]),
    );
  }
  const summarizeMs = performance.now() - t;

  return {
    memories: records.length,
    sessions: sessions.length,
    days: dayTexts.length,
    weeks: weekTexts.length,
    sessionizeMs,
    bucketMs,
    summarizeMs,
  };
}
