import { z } from 'zod';
import { contentHashId, GROUP_ID_PATTERN } from './ids.js';

export const MAX_BATCH = 1000;

export const groupIdSchema = z
  .string()
  .regex(GROUP_ID_PATTERN, 'must be 1-128 letters, digits, ".", "_" or "-", starting with a letter or digit')
  .meta({ description: 'Tenant of the memory graph', example: 'team-alpha' });

export const metaSchema = z
  .record(z.string().min(1).max(100), z.union([z.string().max(2000), z.number(), z.boolean()]))
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 keys')
  .meta({ description: 'Flat map of string, number or boolean values' });

export const memoryInputSchema = z
  .strictObject({
    id: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Client id; a content hash is used when absent' }),
    text: z.string().trim().min(1, 'must not be empty').max(20_000),
    speaker: z.string().trim().min(1, 'must not be empty').max(200),
    ts: z.iso.datetime({
      offset: true,
      message: 'must be an ISO 8601 date-time with an offset, e.g. 2024-05-01T09:30:00Z',
    }),
    sessionId: z.string().trim().min(1).max(200).optional(),
    meta: metaSchema.optional(),
  })
  .meta({ id: 'MemoryInput' });

export type MemoryInput = z.infer<typeof memoryInputSchema>;

export const memoryBatchSchema = z
  .strictObject({
    memories: z
      .array(memoryInputSchema)
      .min(1, 'send at least one memory')
      .max(MAX_BATCH, `at most ${MAX_BATCH} memories per request`),
  })
  .meta({ id: 'MemoryBatch' });

export type MemoryBatch = z.infer<typeof memoryBatchSchema>;

/** A memory ready to be written: its id settled, its time normalised, its meta serialised. */
export interface MemoryRecord {
  id: string;
  groupId: string;
  text: string;
  speaker: string;
  ts: string;
  sessionId: string | null;
  meta: string | null;
}

export function toMemoryRecord(groupId: string, input: MemoryInput): MemoryRecord {
  return {
    id: input.id ?? contentHashId(groupId, input.speaker, input.ts, input.text),
    groupId,
    text: input.text,
    speaker: input.speaker,
    ts: input.ts,
    sessionId: input.sessionId ?? null,
    // Neo4j properties cannot hold maps, so meta travels as a JSON string.
    meta: input.meta ? JSON.stringify(input.meta) : null,
  };
}

export const ingestResultSchema = z
  .object({
    created: z.array(z.string()).meta({ description: 'Ids written by this request' }),
    existing: z
      .array(z.string())
      .meta({ description: 'Ids that were already stored (or repeated in the batch); left unchanged' }),
  })
  .meta({ id: 'IngestResult' });

export type IngestResult = z.infer<typeof ingestResultSchema>;
