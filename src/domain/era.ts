import { z } from 'zod';
import { driftChartPointSchema, driftMeasuresSchema } from './drift-chart.js';
import { ERA_ENTITIES } from './entity-counts.js';
import { entityCountSchema } from './entity-shapes.js';
import { ERA_SIGNALS } from './era-series.js';
import { CALENDAR_LEVELS } from './levels.js';

/**
 * Beside an era's key topics: who and what its sessions name most. Only when asked for: they are added up from every
 * session link in the era's span, seconds for a multi-year era of a million-memory group.
 */
const eraEntitiesSchema = z
  .array(entityCountSchema)
  .optional()
  .meta({
    description: `With entities=true: the entities the sessions that start within the era name most (at most ${ERA_ENTITIES}), most mentions first`,
  });

/** How eras are read: with their entities or without (the default, and the cheap read). */
export const eraReadQuerySchema = z.strictObject({
  entities: z.stringbool().default(false).meta({
    description:
      "Add each era's most named entities (reads every session link in its span: slower on long eras)",
  }),
});

export type EraRead = z.infer<typeof eraReadQuerySchema>;

export const eraSchema = z
  .object({
    id: z.string(),
    start: z.string().meta({ description: 'First day of the era (YYYY-MM-DD)' }),
    end: z.string().meta({ description: 'Day after the era (exclusive, YYYY-MM-DD)' }),
    theme: z.string(),
    keyTopics: z.array(z.string()),
    entities: eraEntitiesSchema,
    text: z.string().nullable(),
    current: z.boolean(),
    earlier: z
      .boolean()
      .meta({ description: 'The era that older eras were folded into, past the kept count' }),
    periodCount: z.number().int(),
    provenance: z
      .object({
        detector: z.string(),
        parameters: z.record(z.string(), z.union([z.number(), z.string()]).nullable()),
        cut: z.object({
          from: z.string().nullable(),
          to: z.string().nullable(),
          days: z.number().int(),
          messages: z.number().int(),
        }),
      })
      .nullable()
      // An export made before eras kept this has none: read as null.
      .default(null)
      .meta({
        description:
          'What produced the era: the detector and its version, every parameter, the day summaries read (null for an era written before this was kept)',
      }),
  })
  .meta({ id: 'Era' });

export type Era = z.infer<typeof eraSchema>;

/**
 * The era detector's parameters, as a what-if run or a group's settings give them: each left out takes the group's
 * own (PUT settings), then the server's (ERA_MIN_DAYS, ERA_MAX_COUNT), then the detector's default.
 */
export const eraParametersSchema = z
  .strictObject({
    minDays: z
      .number()
      .int()
      .min(0)
      .max(3650)
      .optional()
      .meta({ description: 'Shortest era, in days (ERA_MIN_DAYS)' }),
    maxEras: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: 'Eras kept distinct; older ones fold into one earlier era (ERA_MAX_COUNT)' }),
    penalty: z
      .number()
      .positive()
      .optional()
      .meta({ description: 'Change-point penalty (PELT); by default read from the noise of the series' }),
    minPeriods: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .meta({ description: 'Fewest pooled days in an era, however long it lasts (3)' }),
    minMessages: z
      .number()
      .int()
      .min(0)
      .max(100_000)
      .optional()
      .meta({ description: 'Days with fewer messages are pooled with the next ones, within a week (8)' }),
    silenceWeight: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: 'How much cheaper a boundary after a long silence is (0.1)' }),
    minShift: z.number().min(0).max(10).optional().meta({
      description: 'Smallest shift kept between neighbouring eras, in units of one day’s noise (0.1)',
    }),
    signal: z.enum(ERA_SIGNALS).optional().meta({
      description:
        'What the detector reads of each day: content vectors (embeddings, the default), topics, or both',
    }),
  })
  .meta({ id: 'EraParameters' });

export type EraParameters = z.output<typeof eraParametersSchema>;

/** A group's era parameters as stored (JSON), checked; null when it has none. */
export function parseEraParameters(stored: string | null): EraParameters | null {
  return stored ? eraParametersSchema.parse(JSON.parse(stored)) : null;
}

export const eraPreviewSchema = z
  .object({
    parameters: z
      .object({
        minDays: z.number().int(),
        maxEras: z.number().int(),
        penalty: z.number().nullable().meta({ description: 'Null: read from the noise of the series' }),
        minPeriods: z.number().int(),
        minMessages: z.number().int(),
        silenceWeight: z.number(),
        minShift: z.number(),
        signal: z.enum(ERA_SIGNALS),
      })
      .meta({ description: 'Every parameter the run used, defaults filled in' }),
    detector: z
      .string()
      .meta({ description: 'The detector and its version: the same data and parameters give the same eras' }),
    cut: z
      .object({
        from: z.string().nullable().meta({ description: 'The first day summary read (YYYY-MM-DD)' }),
        to: z.string().nullable().meta({ description: 'The last day summary read' }),
        days: z.number().int().meta({ description: 'Day summaries read' }),
        messages: z.number().int().meta({ description: 'Messages they summarise' }),
      })
      .meta({ description: 'The data the detector read' }),
    breakpoints: z.array(z.number().int()).meta({
      description:
        "The eras' ends as ruptures returns them: for each era, the index into the day series of the day after it, the last being the number of days",
    }),
    eras: z.array(
      z.object({
        start: z.string(),
        end: z.string().meta({ description: 'Exclusive' }),
        theme: z.string(),
        keyTopics: z.array(z.string()),
        current: z.boolean(),
        earlier: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'EraPreview' });

export type EraPreview = z.infer<typeof eraPreviewSchema>;

export const groupProfileSchema = z
  .object({
    groupId: z.string(),
    currentEra: z
      .object({
        started: z.string(),
        theme: z.string(),
        keyTopics: z.array(z.string()),
        entities: eraEntitiesSchema,
      })
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
