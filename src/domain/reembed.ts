import { z } from 'zod';

/** What moving a database's vectors to another embedder has to do, and did (jobs/reembed.ts). */

export const pendingCountsSchema = z
  .object({
    memories: z.number().int(),
    summaries: z.number().int(),
    eras: z.number().int(),
  })
  .meta({ id: 'ReembedCounts' });

export type PendingCounts = z.infer<typeof pendingCountsSchema>;

export const reembedEstimateSchema = z
  .object({
    pending: pendingCountsSchema,
    texts: z
      .number()
      .int()
      .meta({ description: "Texts to embed: a memory's, a summary's one or two, an era's" }),
    calls: z
      .number()
      .int()
      .meta({ description: 'Embedder calls: per page and kind, in the embedder’s parts' }),
    embedSeconds: z.number().meta({ description: 'Embedding time, from a sample of memories embedded now' }),
  })
  .meta({ id: 'ReembedEstimate' });

export type ReembedEstimate = z.infer<typeof reembedEstimateSchema>;

export const reembedReportSchema = z
  .object({
    mode: z.enum(['switch', 'fill']).meta({
      description:
        "switch: into the other slot, then the database reads it; fill: what the database's slot lacks",
    }),
    from: z.string().nullable().meta({ description: "The embedder the database's vectors came from" }),
    to: z.string(),
    slot: z.enum(['a', 'b']).meta({ description: 'The vector slot filled' }),
    resumed: z.boolean().meta({ description: "A stopped run's work carried on" }),
    embedded: pendingCountsSchema,
    calls: z.number().int(),
    seconds: z.number(),
    phaseSeconds: z.object({
      memories: z.number(),
      summaries: z.number(),
      eras: z.number(),
      indexes: z.number(),
    }),
    switched: z.boolean(),
    stopped: z.boolean(),
    estimate: reembedEstimateSchema.optional().meta({ description: 'A dry run: what a run would do' }),
  })
  .meta({ id: 'ReembedReport' });

export type ReembedReport = z.infer<typeof reembedReportSchema>;

export const reembedRequestSchema = z
  .object({
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(1000)
      .meta({ description: 'Nodes read, embedded and written together' }),
  })
  .meta({ id: 'ReembedRequest' });

export type ReembedRequest = z.output<typeof reembedRequestSchema>;

export const reembedStatusSchema = z
  .object({
    database: z.object({
      embedder: z.string().nullable().meta({ description: "The embedder the database's vectors come from" }),
      dimension: z.number().int().nullable(),
      slot: z.enum(['a', 'b']),
      reembedTo: z
        .string()
        .nullable()
        .meta({ description: 'A re-embedding under way, or stopped, into the other slot: its embedder' }),
    }),
    configured: z.object({ embedder: z.string(), dimension: z.number().int() }),
    job: z
      .object({
        state: z.enum(['running', 'succeeded', 'failed']),
        startedAt: z.string(),
        finishedAt: z.string().nullable(),
        done: z.number().int(),
        total: z.number().int(),
        report: reembedReportSchema.nullable(),
        error: z.string().nullable(),
      })
      .nullable()
      .meta({ description: "This server's latest re-embedding, if it ran one since it started" }),
  })
  .meta({ id: 'ReembedStatus' });

export type ReembedStatus = z.infer<typeof reembedStatusSchema>;
export type ReembedJob = NonNullable<ReembedStatus['job']>;
