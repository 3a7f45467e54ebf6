import { z } from 'zod';
import { ENTITY_KINDS } from './entities.js';
import { SUMMARY_LEVELS } from './levels.js';

/**
 * The entities of a group as the API, the CLI and MCP show them: one zod schema per shape, for validation, types
 * and OpenAPI alike. How they come to be is domain/entity-resolution.ts and jobs/entities.ts.
 */

export const entityKindSchema = z.enum(ENTITY_KINDS);

/** `<groupId>:entity:<16 hex digits>` (domain/entity-resolution.ts entityId). */
export const entityIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}:entity:[0-9a-f]{16}$/, 'not an entity id')
  .meta({ example: 'team-a:entity:3f9a2c1b0d4e5f67' });

export const entitySchema = z
  .object({
    id: entityIdSchema,
    groupId: z.string(),
    kind: entityKindSchema,
    name: z.string().meta({ example: 'Ana Costa' }),
    aliases: z.array(z.string()).meta({
      description: 'Other spellings it was named by: a first name, a title',
      example: ['Dr. Ana Costa', 'Ana'],
    }),
    firstSeen: z.string().meta({ description: 'Start of the first session that names it (UTC)' }),
    lastSeen: z.string().meta({ description: 'End of the last session that names it (UTC)' }),
    mentions: z.number().int().meta({ description: 'How often its sessions name it, all together' }),
    sessions: z.number().int().meta({ description: 'How many sessions name it' }),
  })
  .meta({ id: 'Entity' });

export type EntityRecord = z.infer<typeof entitySchema>;

/** An entity and how often the sessions of a stretch of time name it: an era's entities, or a period's. */
export const entityCountSchema = z
  .object({
    id: entityIdSchema,
    name: z.string().meta({ example: 'Lisbon' }),
    kind: entityKindSchema,
    mentions: z.number().int().meta({ description: 'How often those sessions name it, all together' }),
    sessions: z.number().int().meta({ description: 'How many of those sessions name it' }),
  })
  .meta({ id: 'EntityCount' });

export type EntityCount = z.infer<typeof entityCountSchema>;

const isoInstantOrDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const entityListQuerySchema = z
  .strictObject({
    kind: entityKindSchema.optional(),
    name: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Part of its name or of an alias, in any case' }),
    from: isoInstantOrDate.optional().meta({ description: 'Entities last seen at or after this' }),
    to: isoInstantOrDate.optional().meta({ description: 'Entities first seen before this' }),
    sort: z
      .enum(['mentions', 'recent'])
      .default('mentions')
      .meta({ description: 'Most mentioned first, or most recently seen first' }),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    path: ['to'],
    message: 'must not be before from',
  });

export type EntityListQuery = z.infer<typeof entityListQuerySchema>;

export const entityListSchema = z
  .object({
    entities: z.array(entitySchema),
    nextOffset: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The offset of the next page; null on the last' }),
  })
  .meta({ id: 'EntityList' });

export type EntityList = z.infer<typeof entityListSchema>;

export const entityProfileSchema = z
  .object({
    entity: entitySchema,
    months: z
      .array(
        z.object({
          month: z.string().meta({ example: '2024-03' }),
          mentions: z.number().int(),
          sessions: z.number().int(),
        }),
      )
      .meta({ description: 'Mentions per month (of its sessions, in the group time zone), oldest first' }),
    related: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          kind: entityKindSchema,
          sessions: z.number().int().meta({ description: 'Sessions that name both' }),
          firstSeen: z.string(),
          lastSeen: z.string(),
        }),
      )
      .meta({ description: 'The entities it comes up with most (CO_OCCURS), most sessions first' }),
    summaries: z
      .array(
        z.object({
          id: z.string(),
          level: z.enum(SUMMARY_LEVELS),
          startsAt: z.string(),
          endsAt: z.string(),
          text: z.string(),
          mentions: z.number().int(),
        }),
      )
      .meta({ description: 'The latest sessions that name it, newest first' }),
    memories: z
      .array(
        z.object({
          id: z.string(),
          text: z.string(),
          speaker: z.string(),
          ts: z.string(),
          summaryId: z.string(),
        }),
      )
      .meta({
        description: 'The latest memories of those sessions that name it (or an alias), newest first',
      }),
  })
  .meta({ id: 'EntityProfile' });

export type EntityProfile = z.infer<typeof entityProfileSchema>;
