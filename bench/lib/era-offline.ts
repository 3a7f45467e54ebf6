import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';
import type { Embedder } from '../../src/ai/embeddings/index.js';
import { LocalExtractiveSummarizer } from '../../src/ai/summarizers/local.js';
import { type EraPeriod, type EraSegment, updateEras } from '../../src/domain/eras.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { speakerNameWords } from '../../src/domain/period-topics.js';
import { addDays } from '../../src/domain/periods.js';
import { countSpeakers, RecentWindow } from '../../src/domain/rollup.js';
import { themeTermFilter } from '../../src/domain/theme-words.js';
import { mergeTopics } from '../../src/domain/topics.js';

/** The cycle embeds at most this much of a period's content (jobs/summarize-period.ts). */
const MAX_CONTENT_CHARS = 24_000;
const MAX_ACTIVE_USERS = 5;

/**
 * The day series the era step reads, made without the graph: the turns bucketed into UTC days, each day summarised
 * by the local extractive summarizer against the previous 30 day summaries, its content (the day's turns) embedded
 * by the configured embedder, with its message count and most active speakers, as the cycle stores them.
 */
export async function daySummaryPeriods(
  groupId: string,
  memories: MemoryInput[],
  embedder: Embedder,
): Promise<EraPeriod[]> {
  const summarizer = new LocalExtractiveSummarizer(new HashingEmbeddings({ dimension: 384 }));
  const days = new Map<string, MemoryInput[]>();
  for (const m of memories) {
    const day = new Date(m.ts).toISOString().slice(0, 10);
    const list = days.get(day);
    if (list) list.push(m);
    else days.set(day, [m]);
  }
  const recent = new RecentWindow([]);
  const periods: EraPeriod[] = [];
  for (const [day, items] of [...days].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const speakerCounts = countSpeakers(items.map((m) => m.speaker));
    const draft = await summarizer.summarize({
      level: 'day',
      groupId,
      periodStart: day,
      periodEnd: day,
      items: items.map((m, i) => ({ id: m.id ?? `${day}-${i}`, text: m.text, speaker: m.speaker, ts: m.ts })),
      speakerCounts,
      background: recent.background,
    });
    recent.push(draft.text, items.length);
    const content = items
      .map((m) => m.text)
      .join('\n')
      .slice(0, MAX_CONTENT_CHARS);
    const [embedding] = await embedder.embeddings.embedDocuments([content]);
    periods.push({
      periodStart: day,
      periodEnd: addDays(day, 1),
      embedding: embedding ?? null,
      topics: mergeTopics(draft.topics),
      messageCount: items.length,
      speakers: Object.entries(speakerCounts)
        .sort((a, b) => b[1] - a[1])
        .slice(0, MAX_ACTIVE_USERS)
        .map(([name]) => name),
    });
  }
  return periods;
}

/**
 * Eras over day periods as one cycle over the whole history finds them (updateEras from nothing, speaker names
 * kept out of themes); maxEras high enough that no era is folded into an "earlier" one.
 */
export function erasOverDays(periods: EraPeriod[], minDays: number): EraSegment[] {
  const keepTerm = themeTermFilter(speakerNameWords(periods.flatMap((p) => p.speakers ?? [])));
  const state = updateEras({
    closed: [],
    current: null,
    periods,
    options: { minDays, maxEras: 1000, keepTerm },
  });
  return [...state.closed, state.current];
}
