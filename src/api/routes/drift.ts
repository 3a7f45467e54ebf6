import { z } from 'zod';
import { driftToCsv } from '../../domain/drift.js';
import { driftChartSchema } from '../../domain/drift-chart.js';
import {
  driftResponseSchema,
  eraSchema,
  groupProfileSchema,
  seriesQuerySchema,
  topicTimelineSchema,
} from '../../domain/era.js';
import { groupIdSchema } from '../../domain/memory.js';
import type { ApiServices } from '../app.js';
import { defineRoute } from '../route.js';
import { groupParamsSchema } from './memories.js';

const topicParamsSchema = z.object({ groupId: groupIdSchema, name: z.string().trim().min(1).max(200) });

export function driftRoutes(services: ApiServices) {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/drift',
      summary: 'Topic drift between consecutive periods (JSON, or CSV with Accept: text/csv or format=csv)',
      tag: 'drift',
      params: groupParamsSchema,
      query: seriesQuerySchema,
      responses: {
        200: { description: 'the drift series', schema: driftResponseSchema },
        400: { description: 'unknown level or bad window' },
      },
      handler: async ({ params, query }, req, res) => {
        const series = await services.drift(params.groupId, query);
        const wantsCsv =
          query.format === 'csv' ||
          (!query.format && req.accepts(['application/json', 'text/csv']) === 'text/csv');
        if (wantsCsv) {
          res
            .type('text/csv')
            .attachment(`${params.groupId}-${query.level}-drift.csv`)
            .send(driftToCsv(series.points));
          return;
        }
        return series;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/drift/chart',
      summary: 'Everything the drift page draws: periods with topics, the drift series and the eras',
      tag: 'drift',
      params: groupParamsSchema,
      query: seriesQuerySchema,
      responses: { 200: { description: 'the chart document', schema: driftChartSchema } },
      handler: async ({ params, query }) => services.driftChart(params.groupId, query),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/topics/:name/timeline',
      summary: "One topic's weight in every period of a level",
      tag: 'drift',
      params: topicParamsSchema,
      query: seriesQuerySchema,
      responses: { 200: { description: 'the timeline', schema: topicTimelineSchema } },
      handler: async ({ params, query }) => services.topicTimeline(params.groupId, params.name, query),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/eras',
      summary: "The group's eras in time order, the current one last",
      tag: 'drift',
      params: groupParamsSchema,
      responses: { 200: { description: 'eras', schema: z.object({ eras: z.array(eraSchema) }) } },
      handler: async ({ params }) => ({ eras: await services.eras(params.groupId) }),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/profile',
      summary: 'The current era and the topic evolution of the last 12 weeks',
      tag: 'drift',
      params: groupParamsSchema,
      responses: { 200: { description: 'the profile', schema: groupProfileSchema } },
      handler: async ({ params }) => services.profile(params.groupId),
    }),
  ];
}
