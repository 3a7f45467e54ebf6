import { z } from 'zod';
import { eraParametersSchema, eraSchema } from './era.js';
import { groupIdSchema, memoryInputSchema, metaSchema } from './memory.js';
import { summarySchema } from './summary.js';

/**
 * A group's export: NDJSON, one object a line, each with its `kind`. First a header (the group, its settings, what
 * the export holds), then every memory oldest first, then (when asked for) summaries level by level and eras, and
 * last an `end` line with the counts, so that a reader can tell a complete export from one cut short. `strata
 * import` reads it back: the memories, with their ids, so a second import creates nothing; summaries and eras are
 * for the reader (the cycle rebuilds them from the memories).
 */
export const EXPORT_FORMAT = 1;

export const exportHeaderSchema = z
  .object({
    kind: z.literal('strata-export'),
    format: z.literal(EXPORT_FORMAT),
    groupId: groupIdSchema,
    exportedAt: z.string(),
    settings: z.object({
      timezone: z.string(),
      eras: eraParametersSchema
        .nullable()
        .optional()
        .meta({ description: "The group's own era parameters; absent or null: the server's" }),
    }),
    memories: z.number().int().meta({ description: 'Memories the group held when the export began' }),
    summaries: z.boolean().meta({ description: 'Whether summaries and eras follow the memories' }),
  })
  .meta({ id: 'GroupExportHeader' });

/**
 * A memory as stored: its fields are not trimmed again on the way back (a memory written before validation trimmed,
 * or through the services directly, keeps its exact text), so an import gives back exactly what was exported.
 */
export const exportedMemorySchema = z
  .strictObject({
    kind: z.literal('memory'),
    id: z.string().min(1).max(200),
    text: z.string().min(1).max(20_000),
    speaker: z.string().min(1).max(200),
    ts: memoryInputSchema.shape.ts,
    sessionId: z.string().min(1).max(200).optional(),
    meta: metaSchema.optional(),
  })
  .meta({ id: 'ExportedMemory' });

export const exportedSummarySchema = summarySchema
  .extend({ kind: z.literal('summary'), children: z.array(z.string()) })
  .meta({ id: 'ExportedSummary' });

export const exportedEraSchema = eraSchema.extend({ kind: z.literal('era') }).meta({ id: 'ExportedEra' });

export const exportEndSchema = z
  .object({
    kind: z.literal('end'),
    memories: z.number().int(),
    summaries: z.number().int(),
    eras: z.number().int(),
  })
  .meta({ id: 'GroupExportEnd' });

export const exportLineSchema = z.discriminatedUnion('kind', [
  exportHeaderSchema,
  exportedMemorySchema,
  exportedSummarySchema,
  exportedEraSchema,
  exportEndSchema,
]);

export type ExportHeader = z.infer<typeof exportHeaderSchema>;
export type ExportedMemory = z.infer<typeof exportedMemorySchema>;
export type ExportedSummary = z.infer<typeof exportedSummarySchema>;
export type ExportedEra = z.infer<typeof exportedEraSchema>;
export type ExportEnd = z.infer<typeof exportEndSchema>;
export type ExportLine = z.infer<typeof exportLineSchema>;

/** A memory as the export reads it from Neo4j. */
export interface StoredMemoryRow {
  id: string;
  text: string;
  speaker: string;
  /** As Neo4j writes it: exact, e.g. 2024-05-02T09:30:00Z or 2024-05-02T11:30:00.123456+02:00. */
  ts: string;
  sessionId: string | null;
  /** JSON text: Neo4j properties cannot hold maps. */
  meta: string | null;
}

/** A stored memory as an export line: meta back from the JSON string Neo4j holds, absent fields left out. */
export function exportedMemory(row: StoredMemoryRow): ExportedMemory {
  return {
    kind: 'memory',
    id: row.id,
    text: row.text,
    speaker: row.speaker,
    ts: row.ts,
    ...(row.sessionId ? { sessionId: row.sessionId } : {}),
    ...(row.meta ? { meta: JSON.parse(row.meta) as ExportedMemory['meta'] } : {}),
  };
}
