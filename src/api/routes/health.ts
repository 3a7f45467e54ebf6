import { z } from 'zod';
import { readinessSchema } from '../../domain/readiness.js';
import { defineRoute } from '../route.js';
import type { ApiServices } from '../services.js';

export function healthRoutes(services: ApiServices) {
  return [
    defineRoute({
      method: 'get',
      path: '/healthz',
      summary: 'The process is alive',
      tag: 'health',
      responses: { 200: { description: 'alive', schema: z.object({ status: z.literal('ok') }) } },
      handler: async () => ({ status: 'ok' }),
    }),
    defineRoute({
      method: 'get',
      path: '/readyz',
      summary: 'Neo4j is reachable and the schema is applied and online',
      tag: 'health',
      responses: {
        200: { description: 'ready', schema: readinessSchema },
        503: { description: 'not ready, with the reason', schema: readinessSchema },
      },
      handler: async (_input, _req, res) => {
        const readiness = await services.readiness();
        res.status(readiness.ready ? 200 : 503).json(readiness);
      },
    }),
  ];
}
