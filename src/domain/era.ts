import { z } from 'zod';
import { driftChartPointSchema, driftMeasuresSchema } from './drift-chart.js';
import { CALENDAR_LEVELS } from './levels.js';

export const eraSchema = z
  .object({
    id: z.string(),
    start: z.string().meta({ description: 'First day of the era (YYYY-MM-DD)' }),
    end: z.string().meta({ description: 'Day after the era (exclusive, YYYY-MM-DD)' }),
    theme: z.string(),
    keyTopics: z.array(z.string()),
    text: z.string().nullable(),
    current: z.boolean(),
    earlier: z
      .boolean()
      .meta({ description: 'The era that older eras were folded into, past the kept count' }),
    periodCount: z.number().int(),
  })
  .meta({ id: 'Era' });

export type Era = z.infer<typeof eraSchema>;

export const groupProfileSchema = z
  .object({
    groupId: z.string(),
    currentEra: z
      .object({ started: z.string(), theme: z.string(), keyTopics: z.array(z.string()) })
      .nullable(),
    topicEvolution: z
      .array(
        z.object({
          period: z.string().meta({ description: 'Week start (YYYY-MM-DD)' }),
          topTopics: z.array(z.string()),
          activityScore: z.number(),
        }),
      )
      .meta({ description: 'The last 12 weeks, oldest first' }),
  })
  .meta({ id: 'GroupProfile' });

export type GroupProfile = z.infer<typeof groupProfileSchema>;

const isoDate = z.iso.date();

export const seriesQuerySchema = z
  .strictObject({
    level: z.enum(CALENDAR_LEVELS).default('week'),
    from: isoDate.optional().meta({ description: 'First period start to include (YYYY-MM-DD)' }),
    to: isoDate.optional().meta({ description: 'Period starts before this date (YYYY-MM-DD)' }),
    format: z.enum(['json', 'csv']).optional().meta({ description: 'csv is the same as Accept: text/csv' }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before from' });

export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

export const driftResponseSchema = z
  .object({
    groupId: z.string(),
    level: z.enum(CALENDAR_LEVELS),
    points: z.array(driftChartPointSchema),
    measures: driftMeasuresSchema,
  })
  .meta({ id: 'DriftSeries' });

export type DriftResponse = z.infer<typeof driftResponseSchema>;

export const topicTimelineSchema = z
  .object({
    groupId: z.string(),
    topic: z.string().meta({ description: 'The normalised topic name' }),
    level: z.enum(CALENDAR_LEVELS),
    points: z.array(z.object({ periodStart: z.string(), weight: z.number() })),
  })
  .meta({ id: 'TopicTimeline' });

export type TopicTimeline = z.infer<typeof topicTimelineSchema>;
