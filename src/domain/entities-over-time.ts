/**
 * Entities over time: for each period of a level, the entities its sessions name most, beside the topics over time
 * and the era signal. The JSON keeps a period per item with its entities as an array; the CSV is long format, one
 * row per period and entity (a period that names none has one row with the entity fields empty, so every period
 * is there to join on), the shape pandas pivots and R reads directly.
 */
import { z } from 'zod';
import { csvNumber, toCsv } from './csv.js';
import { entityCountSchema } from './entity-shapes.js';
import { seriesQuerySchema } from './era.js';
import { CALENDAR_LEVELS } from './levels.js';
import { groupIdSchema } from './memory.js';
import { addDays } from './periods.js';

/** Entities per period unless asked otherwise, and at most. */
export const PERIOD_ENTITIES = 10;
const MAX_PERIOD_ENTITIES = 100;

export const entitiesOverTimeQuerySchema = seriesQuerySchema.safeExtend({
  top: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PERIOD_ENTITIES)
    .default(PERIOD_ENTITIES)
    .meta({ description: `The most mentioned entities kept per period (1-${MAX_PERIOD_ENTITIES})` }),
});

export type EntitiesOverTimeQuery = z.infer<typeof entitiesOverTimeQuerySchema>;

const dateSchema = z.iso.date();

export const entityPeriodSchema = z.object({
  periodStart: dateSchema.meta({ description: 'First day of the period (YYYY-MM-DD)' }),
  periodEnd: dateSchema.meta({ description: 'Day after the period (exclusive, YYYY-MM-DD)' }),
  sessionCount: z.number().int().min(0).meta({ description: 'Sessions that start in the period' }),
  mentionCount: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Mentions of all its entities together, those past `top` included' }),
  entities: z
    .array(entityCountSchema)
    .meta({ description: 'The entities its sessions name most, most mentions first (at most `top`)' }),
});

export const entitiesOverTimeSchema = z
  .object({
    groupId: groupIdSchema,
    level: z.enum(CALENDAR_LEVELS),
    top: z.number().int().meta({ description: 'Entities kept per period' }),
    periods: z.array(entityPeriodSchema).meta({ description: 'Every period of the level, oldest first' }),
  })
  .meta({ id: 'EntitiesOverTime' });

export type EntityPeriod = z.infer<typeof entityPeriodSchema>;
export type EntitiesOverTime = z.infer<typeof entitiesOverTimeSchema>;

/** A period as the graph reads it: the last day inclusive, as summaries store it. */
export interface StoredEntityPeriod extends Omit<EntityPeriod, 'periodEnd'> {
  periodEnd: string;
}

/** The periods oldest first, each ending on the day after its last (exclusive, as topics over time do). */
export function entityPeriods(stored: readonly StoredEntityPeriod[]): EntityPeriod[] {
  return [...stored]
    .sort((a, b) => (a.periodStart < b.periodStart ? -1 : a.periodStart > b.periodStart ? 1 : 0))
    .map((p) => ({ ...p, periodEnd: addDays(p.periodEnd, 1) }));
}

export const ENTITIES_CSV_HEADER = [
  'period_start',
  'period_end',
  'level',
  'entity_id',
  'name',
  'kind',
  'mentions',
  'sessions',
  'share',
  'rank',
  'period_sessions',
  'period_mentions',
] as const;

/**
 * One row per period and entity, oldest period first and the most mentioned first within one; `share` is the
 * entity's part of all the period's mentions. The level is on every row so files of several levels concatenate.
 */
export function entitiesOverTimeToCsv(table: EntitiesOverTime): string {
  const rows = table.periods.flatMap((p) => {
    const period = [p.periodStart, p.periodEnd, table.level];
    const totals = [String(p.sessionCount), String(p.mentionCount)];
    if (p.entities.length === 0) return [[...period, '', '', '', '', '', '', '', ...totals]];
    return p.entities.map((e, i) => [
      ...period,
      e.id,
      e.name,
      e.kind,
      String(e.mentions),
      String(e.sessions),
      csvNumber(p.mentionCount > 0 ? e.mentions / p.mentionCount : 0),
      String(i + 1),
      ...totals,
    ]);
  });
  return toCsv(ENTITIES_CSV_HEADER, rows);
}
