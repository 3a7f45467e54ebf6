import { z } from 'zod';
import { groupOfSummaryId } from '../../domain/ids.js';
import { summaryDetailSchema, summaryListQuerySchema, summarySchema } from '../../domain/summary.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ApiServices } from '../services.js';
import { groupParamsSchema } from './memories.js';

export function summaryRoutes(services: ApiServices) {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/summaries',
      summary: 'List summaries, newest first; filter by level and a time window',
      tag: 'summaries',
      params: groupParamsSchema,
      query: summaryListQuerySchema,
      responses: {
        200: { description: 'summaries', schema: z.object({ summaries: z.array(summarySchema) }) },
        400: { description: 'invalid level, window or limit' },
      },
      handler: async ({ params, query }) => ({
        summaries: await services.listSummaries(params.groupId, query),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/summaries/:id',
      summary: 'One summary with its children and NEXT_PERIOD neighbours',
      tag: 'summaries',
      params: z.object({ id: z.string().min(1).max(300) }),
      group: (params) => groupOfSummaryId(params.id),
      responses: {
        200: { description: 'the summary', schema: summaryDetailSchema },
        404: { description: 'no summary with that id' },
      },
      handler: async ({ params }) => {
        const detail = await services.getSummary(params.id);
        // A summary whose id does not start with its group's would dodge the scope check: not found either way.
        if (!detail || detail.summary.groupId !== groupOfSummaryId(params.id))
          throw new HttpError(404, 'not_found', `no summary with id ${params.id}`);
        return detail;
      },
    }),
  ];
}
