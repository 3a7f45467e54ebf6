import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';
import { LocalExtractiveSummarizer } from '../../src/ai/summarizers/local.js';
import type { SummaryDraft } from '../../src/ai/summarizers/types.js';
import type { PeriodPoint } from '../../src/domain/drift.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { periodOf } from '../../src/domain/periods.js';
import { countSpeakers, mergeSpeakerCounts, RecentWindow } from '../../src/domain/rollup.js';

const DAY_MIN_MEMORIES = 3;
const WEEK_MIN_DAYS = 2;

/**
 * A group's week series as the cycle builds it, without the graph: UTC days summarised by the local summarizer
 * against the previous 30 day summaries, weeks from their day summaries against the previous 30 week summaries,
 * each week's content vector the hashing embedding of its days' texts. For trying topic and drift changes in
 * seconds; the benchmark's own figures come from the real cycle.
 */
export async function weekSeriesOffline(groupId: string, memories: MemoryInput[]): Promise<PeriodPoint[]> {
  const vectors = new HashingEmbeddings({ dimension: 384 });
  const summarizer = new LocalExtractiveSummarizer(vectors);
  const days = new Map<string, MemoryInput[]>();
  for (const m of memories) {
    const day = m.ts.slice(0, 10);
    const list = days.get(day);
    if (list) list.push(m);
    else days.set(day, [m]);
  }
  const dayRecent = new RecentWindow([]);
  const weeks = new Map<string, { day: string; draft: SummaryDraft; speakers: Record<string, number> }[]>();
  for (const [day, list] of [...days].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (list.length < DAY_MIN_MEMORIES) continue;
    const speakers = countSpeakers(list.map((m) => m.speaker));
    const draft = await summarizer.summarize({
      level: 'day',
      groupId,
      periodStart: day,
      periodEnd: day,
      items: list.map((m, i) => ({ id: `${day}-${i}`, text: m.text, speaker: m.speaker, ts: m.ts })),
      speakerCounts: speakers,
      background: dayRecent.background,
    });
    dayRecent.push(draft.text, list.length);
    const week = periodOf('week', `${day}T12:00:00Z`, 'UTC').key;
    weeks.set(week, [...(weeks.get(week) ?? []), { day, draft, speakers }]);
  }
  const weekRecent = new RecentWindow([]);
  const points: PeriodPoint[] = [];
  for (const [week, children] of weeks) {
    if (children.length < WEEK_MIN_DAYS) continue;
    const draft = await summarizer.summarize({
      level: 'week',
      groupId,
      periodStart: week,
      periodEnd: week,
      items: children.map((c) => ({ id: c.day, text: c.draft.text, ts: c.day })),
      speakerCounts: mergeSpeakerCounts(
        children.map((c) => ({
          activeUsers: Object.keys(c.speakers),
          activeUserCounts: Object.values(c.speakers),
        })),
      ),
      background: weekRecent.background,
    });
    weekRecent.push(draft.text, children.length);
    points.push({
      periodStart: week,
      topics: draft.topics,
      embedding: vectors.embedSync(children.map((c) => c.draft.text).join('\n')),
      text: draft.text,
    });
  }
  return points;
}
