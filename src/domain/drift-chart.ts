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

/** What each drift measure is, said once: the schema descriptions, the /drift response and the page use it. */
export const DRIFT_MEASURES = {
  topicDrift:
    "Jensen-Shannon divergence (bits, 0 to 1) of the two periods' topic distributions, each smoothed toward " +
    "the group's background (a topic lends weight to the topics other periods mention with it), so periods of " +
    'one era read low even when their short topic lists differ. Read this one for era changes.',
  jsd:
    'The same divergence without smoothing: 1 whenever the two topic lists share nothing, which sparse periods ' +
    'of one era often do. Kept for comparison.',
  cosineDistance:
    "1 - cosine similarity (0 to 2) of the two periods' content vectors: everything said in them, embedded. " +
    'Word overlap with the hashing embedder, meaning with a semantic one; null when either period has no vector.',
} as const;

export const driftMeasuresSchema = z
  .object({ topicDrift: z.string(), jsd: z.string(), cosineDistance: z.string() })
  .meta({ description: 'What each drift figure measures, in words' });

export const driftChartPointSchema = z.object({
  periodStart: dateSchema,
  previousStart: dateSchema,
  topicDrift: z.number().min(0).max(1).meta({ description: DRIFT_MEASURES.topicDrift }),
  jsd: z.number().min(0).max(1).meta({ description: DRIFT_MEASURES.jsd }),
  cosineDistance: z.number().min(0).max(2).nullable().meta({ description: DRIFT_MEASURES.cosineDistance }),
  appeared: z.array(z.string()).meta({ description: 'Topics listed now but not in the previous period' }),
  faded: z.array(z.string()).meta({ description: 'Topics listed in the previous period but not now' }),
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
    measures: driftMeasuresSchema,
  })
  .meta({ id: 'DriftChart' });

export type DriftChart = z.infer<typeof driftChartSchema>;
export type DriftChartPeriod = z.infer<typeof driftChartPeriodSchema>;
export type DriftChartPoint = z.infer<typeof driftChartPointSchema>;
export type DriftChartEra = z.infer<typeof driftChartEraSchema>;
