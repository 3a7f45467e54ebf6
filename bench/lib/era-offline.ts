import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';
import type { Embedder } from '../../src/ai/embeddings/index.js';
import { LocalExtractiveSummarizer } from '../../src/ai/summarizers/local.js';
import { type EraPeriod, type EraSegment, segmentEras } from '../../src/domain/eras.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { addDays } from '../../src/domain/periods.js';
import { countSpeakers, RecentWindow } from '../../src/domain/rollup.js';
import { mergeTopics } from '../../src/domain/topics.js';

/**
 * The era detector on day summaries, without the graph: the turns bucketed into UTC days, each day summarised by
 * the local extractive summarizer (against the previous 30 day summaries, as the cycle does), its summary
 * embedded by the configured embedder, and segmentEras run over those day periods.
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
    const draft = await summarizer.summarize({
      level: 'day',
      groupId,
      periodStart: day,
      periodEnd: day,
      items: items.map((m, i) => ({ id: m.id ?? `${day}-${i}`, text: m.text, speaker: m.speaker, ts: m.ts })),
      speakerCounts: countSpeakers(items.map((m) => m.speaker)),
      background: recent.background,
    });
    recent.push(draft.text, items.length);
    const [embedding] = await embedder.embeddings.embedDocuments([draft.text]);
    periods.push({
      periodStart: day,
      periodEnd: addDays(day, 1),
      embedding: embedding ?? null,
      topics: mergeTopics(draft.topics),
    });
  }
  return periods;
}

/** Eras over day periods; maxEras high enough that no era is folded into an "earlier" one. */
export function erasOverDays(periods: EraPeriod[], minDays: number): EraSegment[] {
  return segmentEras(periods, { minDays, maxEras: 1000 });
}
