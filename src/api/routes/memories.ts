import { z } from 'zod';
import { groupIdSchema, ingestResultSchema, memoryBatchSchema } from '../../domain/memory.js';
import { defineRoute } from '../route.js';
import type { ApiServices } from '../services.js';

export const groupParamsSchema = z.object({ groupId: groupIdSchema });

export function memoryRoutes(services: ApiServices) {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/groups/:groupId/memories',
      summary: 'Store 1 to 1000 memories; idempotent, all or nothing',
      tag: 'memories',
      params: groupParamsSchema,
      body: memoryBatchSchema,
      example: {
        memories: [
          {
            text: 'Shall we move the retro to Thursday?',
            speaker: 'ana',
            ts: '2024-05-02T09:30:00Z',
            sessionId: 'standup-42',
          },
          {
            id: 'msg-1002',
            text: 'Thursday works for me.',
            speaker: 'ben',
            ts: '2024-05-02T09:31:10+02:00',
            meta: { channel: 'general' },
          },
        ],
      },
      responses: {
        201: { description: 'ids created and ids already stored', schema: ingestResultSchema },
        400: { description: 'invalid items, each with its field path' },
        409: { description: 'an id already belongs to another group; nothing was written' },
        413: { description: 'body over the size limit' },
      },
      handler: async ({ params, body }) => services.ingest(params.groupId, body.memories),
    }),
  ];
}
