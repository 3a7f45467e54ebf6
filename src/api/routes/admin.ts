import { reembedReportSchema, reembedRequestSchema, reembedStatusSchema } from '../../domain/reembed.js';
import { type AnyRoute, defineRoute } from '../route.js';
import type { ApiServices } from '../services.js';

/** Operations on the whole database: an admin key whose scope is every group. */
export function adminRoutes(services: ApiServices): AnyRoute[] {
  const access = { admin: true, everyGroup: true };
  return [
    defineRoute({
      method: 'get',
      path: '/v1/admin/reembed',
      summary: "The embedder of the database's vectors, a re-embedding under way, and this server's latest",
      tag: 'admin',
      ...access,
      responses: {
        200: { description: 'the vectors and the latest re-embedding', schema: reembedStatusSchema },
      },
      handler: () => services.reembedStatus(),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/admin/reembed',
      summary:
        "Re-embed the database with this server's embedder in the background (what `strata reembed` does); poll GET",
      tag: 'admin',
      ...access,
      body: reembedRequestSchema,
      example: { pageSize: 1000 },
      responses: {
        202: { description: 'started: the status, its job running', schema: reembedStatusSchema },
        409: { description: 'a re-embedding this server started is still running' },
      },
      handler: ({ body }) => services.startReembed(body),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/admin/reembed/dry-run',
      summary:
        'What a re-embedding with this server’s embedder would do: counts, embedder calls, embedding time',
      tag: 'admin',
      ...access,
      body: reembedRequestSchema,
      example: { pageSize: 1000 },
      responses: { 200: { description: 'the estimate, nothing written', schema: reembedReportSchema } },
      handler: ({ body }) => services.estimateReembed(body),
    }),
  ];
}
