import { z } from 'zod';
import { compactRequestSchema, compactResponseSchema } from '../../ai/compaction.js';
import { recallRequestSchema, recallResponseSchema } from '../../domain/recall.js';
import { defineRoute } from '../route.js';
import type { ApiServices } from '../services.js';
import { groupParamsSchema } from './memories.js';

export const contextQuerySchema = z.strictObject({
  budgetTokens: z.coerce.number().int().min(50).max(100_000).default(1500).meta({
    description: 'Most tokens the block may take, in the CONTEXT_TOKENIZER encoding (o200k_base by default)',
  }),
  query: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .optional()
    .meta({ description: 'A question or topic: what recall finds for it comes first' }),
  asOf: recallRequestSchema.shape.asOf,
});

export const contextResponseSchema = z
  .object({
    text: z.string(),
    tokens: z.number().int().meta({ description: "The block's tokens, counted as the budget is" }),
    truncated: z
      .boolean()
      .meta({ description: 'True when something the group holds for it was left out for the budget' }),
  })
  .meta({ id: 'GroupContext' });

export function recallRoutes(services: ApiServices) {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/groups/:groupId/recall',
      summary: 'Hybrid search over memories, summaries and eras, expanded down to the words said',
      tag: 'recall',
      params: groupParamsSchema,
      body: recallRequestSchema,
      example: {
        query: 'when did we plan the lake trip?',
        k: 5,
        levels: ['memory', 'day', 'week'],
        expand: { perSummary: 2 },
      },
      responses: {
        200: {
          description: 'ranked items with score parts, paths and expanded details',
          schema: recallResponseSchema,
        },
        400: { description: 'empty query, k over 100, from after to, or an unknown level' },
      },
      handler: async ({ params, body }) => services.recall(params.groupId, body),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/context',
      summary:
        'A prompt-ready block filled to a token budget by value: what answers the query, the era and recent layers, the latest turns',
      tag: 'recall',
      params: groupParamsSchema,
      query: contextQuerySchema,
      responses: {
        200: { description: 'the block and its tokens', schema: contextResponseSchema },
      },
      handler: async ({ params, query }) => services.context(params.groupId, query),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/compact',
      summary: 'Compact a chat history: summarise the older messages, keep the latest whole',
      tag: 'recall',
      body: compactRequestSchema,
      example: {
        messages: [
          { role: 'user', content: 'Book the cabin for July 12 to 14.' },
          { role: 'assistant', content: 'Booked, confirmation 4471.' },
        ],
        threshold: 20,
        keepRecent: 6,
      },
      responses: {
        200: {
          description: 'the compacted history, or the messages unchanged with a warning',
          schema: compactResponseSchema,
        },
      },
      handler: async ({ body }) => services.compact(body),
    }),
  ];
}
