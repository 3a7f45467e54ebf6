import type { SummaryItem } from '../ai/summarizers/types.js';
import { ageInDays, decayFactor } from '../domain/decay.js';
import { contentText } from '../domain/embedded-texts.js';
import { summaryId } from '../domain/ids.js';
import type { SummaryLevel } from '../domain/levels.js';
import { addDays } from '../domain/periods.js';
import { activityScore, type RecentWindow, topSpeakers } from '../domain/rollup.js';
import { mergeTopics } from '../domain/topics.js';
import type { SummaryRow, SummaryWrite } from '../graph/rollups.js';
import { type CycleContext, noteFallback } from './cycle-context.js';

export interface PeriodToSummarize {
  level: SummaryLevel;
  /** Natural key inside the level: the local start date, or the session key. */
  key: string;
  /** Local dates: first day, and first day after the period (exclusive). */
  start: string;
  end: string;
  startsAt: string;
  endsAt: string;
  items: SummaryItem[];
  speakerCounts: Record<string, number>;
  messageCount: number;
  session?: { key: string; explicit: boolean };
  parentPending: boolean;
  /** Too little to be worth a summarizer call: the local summarizer carries it. */
  thin: boolean;
}

/**
 * The summary of one period, its vectors and the children it covers, ready to write: the draft from the summarizer,
 * plus what Strata computes itself (who was active, how busy it was, its decay). The period's items are its
 * children: memories for sessions and days, summaries above that.
 */
export async function summarizePeriod(
  ctx: CycleContext,
  period: PeriodToSummarize,
  recent: RecentWindow,
): Promise<SummaryRow> {
  const summarizer = period.thin ? ctx.localSummarizer : ctx.summarizer;
  const draft = await summarizer.summarize({
    level: period.level,
    groupId: ctx.groupId,
    periodStart: period.start,
    periodEnd: addDays(period.end, -1),
    items: period.items,
    speakerCounts: period.speakerCounts,
    background: recent.background,
  });
  noteFallback(ctx, `${period.level} ${period.key}`, draft);
  // Two vectors in one call: the summary text's, for recall, and the whole period's content, for drift and eras
  // (a few summary sentences are too thin a sample to tell one week's subject from the next). Drift and eras read
  // days, weeks and months, so a session, most of the summaries there are, gets the first only.
  const withContent = period.level !== 'session';
  const texts = withContent ? [draft.text, contentText(period.items.map((item) => item.text))] : [draft.text];
  const [embedding, contentEmbedding = null] = await ctx.embedder.embeddings.embedDocuments(texts);
  if (!embedding || (withContent && !contentEmbedding))
    throw new Error('embedder returned no vector for the summary');
  const speakers = topSpeakers(period.speakerCounts, 5);
  // One spelling per topic, so Topic nodes are one per group and name.
  const topics = mergeTopics(draft.topics).filter((t) => t.name.length > 0);
  const decaySetting = ctx.decay[period.level === 'session' ? 'day' : period.level];
  const summary: SummaryWrite = {
    id: summaryId(ctx.groupId, period.level, period.key),
    groupId: ctx.groupId,
    level: period.level,
    periodStart: period.start,
    // Stored inclusive (the last day of the period), which reads naturally in Browser.
    periodEnd: addDays(period.end, -1),
    startsAt: period.startsAt,
    endsAt: period.endsAt,
    sessionKey: period.session?.key ?? null,
    explicit: period.session?.explicit ?? null,
    text: draft.text,
    topics: topics.map((t) => t.name),
    topicWeights: topics.map((t) => t.weight),
    highlights: draft.highlights,
    activeUsers: speakers.names,
    activeUserCounts: speakers.counts,
    messageCount: period.messageCount,
    activityScore: activityScore(period.messageCount, recent.messageCounts),
    decay: decayFactor(ageInDays(period.endsAt, ctx.clock), decaySetting),
    summarizer: draft.summarizer,
    parentPending: period.parentPending,
  };
  recent.push(draft.text, period.messageCount);
  const childIds = period.items.map((item) => item.id);
  const children =
    period.level === 'session' || period.level === 'day'
      ? { memoryIds: childIds }
      : { childSummaryIds: childIds };
  return { summary, embedding, contentEmbedding, ...children };
}
