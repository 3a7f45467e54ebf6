/**
 * Topics over time in long format, one row per (period, topic), the shape pandas and R load directly and the one
 * BERTopic's topics_over_time returns: pivot it to a topic x period table, plot a topic's weight, or join it to
 * other per-period data. Built from the summaries of one level.
 */
import { z } from 'zod';
import { csvNumber, toCsv } from './csv.js';
import { CALENDAR_LEVELS } from './levels.js';
import { groupIdSchema } from './memory.js';
import { addDays } from './periods.js';
import { mergeTopics, normalizeTopic, type WeightedTopic } from './topics.js';

const dateSchema = z.iso.date();

export const topicPeriodRowSchema = z.object({
  periodStart: dateSchema.meta({ description: 'First day of the period (YYYY-MM-DD)' }),
  periodEnd: dateSchema.meta({ description: 'Day after the period (exclusive, YYYY-MM-DD)' }),
  topic: z.string().meta({ description: 'The topic as shown ("Lisbon", "seating plan")' }),
  key: z
    .string()
    .meta({ description: 'Its normalised name, the same in every period: join and pivot on this' }),
  weight: z
    .number()
    .min(0)
    .meta({ description: "Class-based TF-IDF weight in the period, relative to the period's top topic (1)" }),
  share: z.number().min(0).max(1).meta({ description: "The weight's share of the period's topic weights" }),
  rank: z.number().int().min(1).meta({ description: '1 for the heaviest topic of the period' }),
  messageCount: z.number().int().min(0).meta({ description: 'Messages in the period' }),
});

export const topicsOverTimeSchema = z
  .object({
    groupId: groupIdSchema,
    level: z.enum(CALENDAR_LEVELS),
    rows: z.array(topicPeriodRowSchema).meta({ description: 'Oldest period first, heaviest topic first' }),
  })
  .meta({ id: 'TopicsOverTime' });

export type TopicPeriodRow = z.infer<typeof topicPeriodRowSchema>;
export type TopicsOverTime = z.infer<typeof topicsOverTimeSchema>;

/** A period as the summaries store it: inclusive last day, topics with weights. */
export interface TopicPeriod {
  periodStart: string;
  /** Inclusive, as summaries store it. */
  periodEnd: string;
  topics: WeightedTopic[];
  messageCount: number;
}

/** One row per topic of each period, oldest period first and the heaviest topic first within one. */
export function topicsOverTime(periods: readonly TopicPeriod[]): TopicPeriodRow[] {
  const sorted = [...periods].sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1));
  return sorted.flatMap((period) => {
    const topics = mergeTopics(period.topics).filter((t) => t.weight > 0);
    const total = topics.reduce((sum, t) => sum + t.weight, 0);
    return topics.map((t, i) => ({
      periodStart: period.periodStart,
      periodEnd: addDays(period.periodEnd, 1),
      topic: t.name,
      key: normalizeTopic(t.name),
      weight: t.weight,
      share: t.weight / total,
      rank: i + 1,
      messageCount: period.messageCount,
    }));
  });
}

export const TOPICS_CSV_HEADER = [
  'period_start',
  'period_end',
  'level',
  'topic',
  'key',
  'weight',
  'share',
  'rank',
  'message_count',
];

/** The rows as CSV with a header row; the level is repeated on every row so files can be concatenated. */
export function topicsOverTimeToCsv(table: TopicsOverTime): string {
  return toCsv(
    TOPICS_CSV_HEADER,
    table.rows.map((r) => [
      r.periodStart,
      r.periodEnd,
      table.level,
      r.topic,
      r.key,
      csvNumber(r.weight),
      csvNumber(r.share),
      String(r.rank),
      String(r.messageCount),
    ]),
  );
}
