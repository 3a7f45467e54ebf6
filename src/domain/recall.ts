import { z } from 'zod';
import { entitySchema } from './entity-shapes.js';
import { RECALL_LEVELS } from './levels.js';

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateTimeWithOffset = z.iso.datetime({ offset: true });
const plainDate = z.iso.date();

function isDateOrDateTime(value: string): boolean {
  return dateTimeWithOffset.safeParse(value).success || plainDate.safeParse(value).success;
}

const windowBound = (description: string) =>
  z
    .string()
    .refine(isDateOrDateTime, {
      message: 'must be an ISO 8601 date-time with an offset (2024-05-01T09:30:00Z) or a date (2024-05-01)',
    })
    .meta({ description });

function nextUtcDay(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}

/**
 * The recall window as ISO instants, so the graph can compare datetimes. The window is half-open,
 * [from, to): a plain `from` date starts at 00:00 UTC of that day, a plain `to` date ends where the next
 * UTC day begins, so `from: 2024-05-01, to: 2024-05-01` covers that whole day. Date-times are normalised
 * to UTC (millisecond precision).
 */
export function toWindow(from?: string, to?: string): { from: string | null; to: string | null } {
  const instant = (value: string) => new Date(value).toISOString();
  return {
    from: from === undefined ? null : PLAIN_DATE.test(from) ? instant(`${from}T00:00:00Z`) : instant(from),
    to: to === undefined ? null : PLAIN_DATE.test(to) ? nextUtcDay(to) : instant(to),
  };
}

/**
 * The window a question asked at `asOf` may see: the asked window, ending no later than just after `asOf` (a memory
 * of that very instant is in the past), and `asOf` itself, by which a summary or era must have ended. Without
 * `asOf`, the window as asked and no cut.
 */
export function toAsOfWindow(
  from?: string,
  to?: string,
  asOf?: string,
): { from: string | null; to: string | null; asOf: string | null } {
  const window = toWindow(from, to);
  if (asOf === undefined) return { ...window, asOf: null };
  const cut = new Date(new Date(asOf).getTime() + 1).toISOString();
  const end = window.to === null || cut < window.to ? cut : window.to;
  return { from: window.from, to: end, asOf: new Date(asOf).toISOString() };
}

export const recallExpandSchema = z
  .strictObject({
    turns: z
      .number()
      .int()
      .min(0)
      .max(2)
      .default(1)
      .meta({
        description:
          'Neighbouring turns to bring under a memory hit that asks a question (anywhere in it), or whose reply is an ' +
          "assistant's when the query asks what the assistant said: its reply first, then the turn before it (a statement " +
          "comes alone; an assistant's turn never comes when the query asks about its asker)",
      }),
    down: z.boolean().default(true).meta({ description: 'Expand summary hits down SUMMARIZES to memories' }),
    perSummary: z
      .number()
      .int()
      .min(0)
      .max(20)
      .default(3)
      .meta({
        description:
          'Memories to bring back per summary hit: the memories beneath it that the response ranks itself, else ' +
          'the best matches beneath it, else the most similar to the query',
      }),
    sideways: z
      .number()
      .int()
      .min(0)
      .max(3)
      .default(1)
      .meta({ description: 'Neighbour periods to follow along NEXT_PERIOD, in each direction' }),
  })
  .meta({ id: 'RecallExpand' });

export const recallRequestSchema = z
  .strictObject({
    query: z.string().trim().min(1, 'must not be empty').max(2000),
    k: z.number().int().min(1).max(100).default(10).meta({ description: 'How many hits to return' }),
    levels: z
      .array(z.enum(RECALL_LEVELS))
      .min(1, 'name at least one level, or leave levels out to search all')
      .refine((levels) => new Set(levels).size === levels.length, 'levels must not repeat')
      .optional()
      .meta({ description: 'Levels to search; all when absent' }),
    from: windowBound('Start of the time window (inclusive)').optional(),
    to: windowBound('End of the time window (exclusive; a plain date includes that whole day)').optional(),
    asOf: z.iso
      .datetime({
        offset: true,
        error: 'must be an ISO 8601 date-time with an offset (2024-05-01T09:30:00Z)',
      })
      .optional()
      .meta({
        description:
          'The moment the question is asked (default now): "yesterday", "two weeks ago", "last Saturday", "in March" ' +
          "resolve against it on the group's calendar, and nothing after it is returned",
      }),
    // prefault, not default: the empty object is parsed, so every inner default is filled in.
    expand: recallExpandSchema.prefault({}),
    mode: z
      .enum(['hybrid', 'vector', 'lexical'])
      .default('hybrid')
      .meta({ description: 'Search with vectors and full text fused (default), or with one side only' }),
    minScore: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({
        description:
          'Relevance floor: hits come back only when one of them has a score (relevance, 0..1) of at least this, ' +
          'and then those scoring at least two thirds of it; the server default (RECALL_MIN_RELEVANCE) when ' +
          'absent, 0 returns every hit',
      }),
  })
  .refine(
    (request) => {
      // Malformed bounds already have their own issue; compare only well-formed ones.
      if (!request.from || !request.to || !isDateOrDateTime(request.from) || !isDateOrDateTime(request.to)) {
        return true;
      }
      const window = toWindow(request.from, request.to) as { from: string; to: string };
      // A plain `to` date ends where the next day begins, so it must lie strictly after `from`.
      return window.from < window.to || (window.from === window.to && !PLAIN_DATE.test(request.to));
    },
    { path: ['to'], message: 'must not be earlier than from' },
  )
  .meta({ id: 'RecallRequest' });

export type RecallRequest = z.output<typeof recallRequestSchema>;
/** What a caller sends: defaults may be left out. */
export type RecallRequestInput = z.input<typeof recallRequestSchema>;

export const scorePartsSchema = z
  .object({
    relevance: z.number().meta({
      description:
        'The reported score: how much of the query the hit (with its neighbouring turns) holds, each query term ' +
        'weighted by its rarity in the group; 0..1 on the same scale for every query',
    }),
    rank: z.number().meta({ description: 'What the order follows: fused rank x decay x level weight' }),
    vector: z
      .number()
      .nullable()
      .meta({
        description:
          'Cosine similarity from the vector index, if it matched (with the hashing embedder the index is ' +
          'searched only when full text finds nothing)',
      }),
    lexical: z.number().nullable().meta({
      description:
        "Full-text score (BM25 on the group's own word statistics, with the turns around it), if it matched",
    }),
    fused: z.number().meta({ description: 'Reciprocal-rank fusion of both lists, 0..1' }),
    decay: z.number().meta({ description: 'Freshness of the hit, 0..1 (1 for raw memories)' }),
    levelWeight: z.number().meta({ description: 'Weight given to the hit level' }),
  })
  .meta({ id: 'ScoreParts' });

export type ScoreParts = z.infer<typeof scorePartsSchema>;

export const recallDetailSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    speaker: z.string(),
    ts: z.string(),
    score: z.number().meta({ description: 'Similarity of this memory to the query' }),
    path: z.array(z.string()).meta({ description: 'Ids from the hit down to this memory' }),
  })
  .meta({ id: 'RecallDetail' });

export type RecallDetail = z.infer<typeof recallDetailSchema>;

export const recallNeighbourSchema = z
  .object({
    id: z.string(),
    level: z.enum(RECALL_LEVELS),
    periodStart: z.string(),
    periodEnd: z.string(),
    text: z.string(),
    direction: z.enum(['previous', 'next']),
  })
  .meta({ id: 'RecallNeighbour' });

export type RecallNeighbour = z.infer<typeof recallNeighbourSchema>;

export const recallItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['memory', 'summary', 'era']),
    level: z.enum(RECALL_LEVELS),
    text: z.string(),
    speaker: z.string().optional(),
    ts: z.string().optional(),
    periodStart: z.string().optional(),
    periodEnd: z.string().optional(),
    score: z
      .number()
      .meta({ description: 'Relevance, 0..1, on the same scale for every query (see scoreParts)' }),
    scoreParts: scorePartsSchema,
    path: z
      .array(z.string())
      .meta({ description: 'Ids from the hit down to this item; [id] for the hit itself' }),
    details: z.array(recallDetailSchema),
    neighbours: z.array(recallNeighbourSchema),
  })
  .meta({ id: 'RecallItem' });

export type RecallItem = z.infer<typeof recallItemSchema>;

export const recallResponseSchema = z
  .object({
    query: z.string(),
    k: z.number().int().min(1).max(100),
    items: z.array(recallItemSchema),
    minScore: z.number().meta({ description: 'The relevance floor this response was cut at' }),
    abstained: z.boolean().meta({
      description: 'True when nothing reached a positive floor: the group holds no answer to the query',
    }),
    entities: z.array(entitySchema).meta({
      description:
        "The group's people, places and things the query names, by name or alias; a name's other spellings were searched too",
    }),
    tookMs: z.number(),
  })
  .meta({ id: 'RecallResponse' });

export type RecallResponse = z.infer<typeof recallResponseSchema>;

/**
 * Where the vector side of a recall comes from. A semantic embedder finds what full text cannot, so its vectors
 * are searched through the index. The hashing embedder's similarity is word overlap: what it would find beyond the
 * full-text hits holds none of the query's words (relevance 0), and among them it only repeats what BM25 says,
 * at the price of reading every candidate's vector. So its vectors are searched only for a caller asking for
 * minScore 0 (under any higher floor its hits could never come back), and then only when full text finds nothing.
 */
export function vectorPlan(
  mode: RecallRequest['mode'],
  hasTerms: boolean,
  semantic: boolean,
  minScore: number,
): 'index' | 'index-if-no-lexical-hits' | 'none' {
  if (mode === 'lexical') return 'none';
  if (mode === 'vector' || semantic) return 'index';
  if (minScore > 0) return 'none';
  return hasTerms ? 'index-if-no-lexical-hits' : 'index';
}
