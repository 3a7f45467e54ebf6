/**
 * The one document the drift page loads: a group's periods at one level, the drift between consecutive
 * periods and the eras, all on one time axis. Dates are YYYY-MM-DD; every `end` is exclusive.
 */
import { z } from 'zod';
import { CALENDAR_LEVELS } from './levels.js';
import { groupIdSchema } from './memory.js';

const dateSchema = z.iso.date().meta({ description: 'Calendar date, YYYY-MM-DD' });

export const driftChartTopicSchema = z.object({
  name: z.string(),
  weight: z.number().min(0).meta({ description: 'Share of the period given to this topic' }),
});

export const driftChartPeriodSchema = z.object({
  periodStart: dateSchema,
  periodEnd: dateSchema.meta({ description: 'Exclusive end of the period, YYYY-MM-DD' }),
  text: z.string().meta({ description: 'The period summary' }),
  topics: z.array(driftChartTopicSchema),
  activityScore: z.number().min(0).max(1).meta({ description: 'How busy the period was, 0..1' }),
  messageCount: z.number().int().min(0),
});

export const driftChartPointSchema = z.object({
  periodStart: dateSchema,
  previousStart: dateSchema,
  jsd: z.number().min(0).max(1).meta({ description: 'Jensen-Shannon divergence of topics, in bits' }),
  cosineDistance: z
    .number()
    .min(0)
    .max(2)
    .nullable()
    .meta({ description: '1 - cosine similarity of the embeddings; null when either has none' }),
  appeared: z.array(z.string()),
  faded: z.array(z.string()),
});

export const driftChartEraSchema = z.object({
  id: z.string(),
  start: dateSchema,
  end: dateSchema.meta({ description: 'Exclusive end of the era, YYYY-MM-DD' }),
  theme: z.string(),
  keyTopics: z.array(z.string()),
  current: z.boolean().meta({ description: 'True for the era still open' }),
});

export const driftChartSchema = z
  .object({
    groupId: groupIdSchema,
    level: z.enum(CALENDAR_LEVELS),
    periods: z.array(driftChartPeriodSchema).meta({ description: 'Oldest first' }),
    drift: z
      .array(driftChartPointSchema)
      .meta({ description: 'One per period after the first, oldest first' }),
    eras: z.array(driftChartEraSchema).meta({ description: 'Oldest first' }),
  })
  .meta({ id: 'DriftChart' });

export type DriftChart = z.infer<typeof driftChartSchema>;
export type DriftChartPeriod = z.infer<typeof driftChartPeriodSchema>;
export type DriftChartPoint = z.infer<typeof driftChartPointSchema>;
export type DriftChartEra = z.infer<typeof driftChartEraSchema>;
