import { z } from 'zod';
import { cycleHealthSchema } from './cycle-health.js';
import { eraParametersSchema } from './era.js';
import { SUMMARY_LEVELS } from './levels.js';
import { timeZoneSchema } from './time-zone.js';

export const topicWeightSchema = z
  .object({ name: z.string(), weight: z.number() })
  .meta({ id: 'TopicWeight' });

export const summarySchema = z
  .object({
    id: z.string().meta({ example: 'team-a:week:2024-04-29' }),
    groupId: z.string(),
    level: z.enum(SUMMARY_LEVELS),
    periodStart: z.string().meta({ description: 'First day of the period (YYYY-MM-DD, group time zone)' }),
    periodEnd: z.string().meta({ description: 'Last day of the period, inclusive' }),
    startsAt: z.string().meta({ description: 'Instant the period starts (UTC)' }),
    endsAt: z
      .string()
      .meta({ description: 'Instant the period ends, exclusive (UTC); for sessions the last message' }),
    text: z.string(),
    topics: z.array(topicWeightSchema),
    highlights: z.array(z.string()),
    activeUsers: z.array(z.string()),
    messageCount: z.number().int(),
    activityScore: z.number(),
    decay: z.number(),
    archivedAt: z.string().nullable().meta({
      description:
        'When pruning archived it (decayed): out of recall, still in the timeline; null while active',
    }),
    version: z.number().int(),
    summarizer: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Summary' });

export type Summary = z.infer<typeof summarySchema>;

export const summaryDetailSchema = z
  .object({
    summary: summarySchema,
    children: z
      .array(z.string())
      .meta({ description: 'Ids of what it summarises: memories, or summaries a level down' }),
    parents: z.array(z.string()).meta({ description: 'Ids of the summaries (or era) that summarise it' }),
    previous: z.string().nullable().meta({ description: 'NEXT_PERIOD predecessor at the same level' }),
    next: z.string().nullable().meta({ description: 'NEXT_PERIOD successor at the same level' }),
  })
  .meta({ id: 'SummaryDetail' });

export type SummaryDetail = z.infer<typeof summaryDetailSchema>;

const isoInstantOrDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const summaryListQuerySchema = z
  .strictObject({
    level: z.enum(SUMMARY_LEVELS).optional(),
    from: isoInstantOrDate.optional(),
    to: isoInstantOrDate.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    path: ['to'],
    message: 'must not be before from',
  });

export type SummaryListQuery = z.infer<typeof summaryListQuerySchema>;

export const groupSettingsSchema = z
  .strictObject({
    timezone: timeZoneSchema
      .optional()
      .meta({ description: 'IANA time zone; only before the first calendar summaries' }),
    eras: eraParametersSchema
      .nullable()
      .optional()
      .meta({
        description:
          "The group's own era parameters, those eras/preview takes (null: the server's again). A change removes the " +
          "group's eras; its next cycle detects them afresh",
      }),
  })
  .refine((s) => s.timezone !== undefined || s.eras !== undefined, 'give timezone, eras or both')
  .meta({ id: 'GroupSettings' });

export type GroupSettings = z.output<typeof groupSettingsSchema>;

export const groupSettingsInForceSchema = z
  .object({
    timezone: z.string(),
    eras: eraParametersSchema
      .nullable()
      .meta({ description: "The group's own era parameters; null: the server's" }),
  })
  .meta({ id: 'GroupSettingsInForce' });

export type GroupSettingsInForce = z.infer<typeof groupSettingsInForceSchema>;

export const groupSchema = z
  .object({
    groupId: z.string(),
    timezone: z.string(),
    createdAt: z.string().nullable(),
    lastIngestAt: z.string().nullable(),
    lastCycleAt: z.string().nullable(),
    latestMemoryAt: z.string().nullable().meta({
      description: "The group's clock: the time of its latest memory; decay and archiving run on it",
    }),
    memories: z.number().int(),
    summaries: z.number().int(),
    cycle: cycleHealthSchema,
  })
  .meta({ id: 'Group' });

export type Group = z.infer<typeof groupSchema>;

/** Rows of summaries/*.cypher: topics and their weights as the parallel lists the node stores. */
export interface StoredSummary extends Omit<Summary, 'topics'> {
  topics: string[] | null;
  topicWeights: number[] | null;
}

export function fromStoredSummary(row: StoredSummary): Summary {
  const { topicWeights, ...rest } = row;
  return {
    ...rest,
    topics: (row.topics ?? []).map((name, i) => ({ name, weight: topicWeights?.[i] ?? 0 })),
    highlights: row.highlights ?? [],
    archivedAt: row.archivedAt ?? null,
    activeUsers: row.activeUsers ?? [],
  };
}
