import type { Request, Response } from 'express';
import { z } from 'zod';
import { driftToCsv } from '../../domain/drift.js';
import { driftChartSchema } from '../../domain/drift-chart.js';
import {
  driftResponseSchema,
  eraSchema,
  groupProfileSchema,
  type SeriesQuery,
  seriesQuerySchema,
  topicTimelineSchema,
} from '../../domain/era.js';
import { groupIdSchema } from '../../domain/memory.js';
import { topicsOverTimeSchema, topicsOverTimeToCsv } from '../../domain/topics-over-time.js';
import type { ApiServices } from '../app.js';
import { defineRoute } from '../route.js';
import { groupParamsSchema } from './memories.js';

const topicParamsSchema = z.object({ groupId: groupIdSchema, name: z.string().trim().min(1).max(200) });

/** format=csv, or no format and an Accept header that prefers CSV. */
function wantsCsv(query: SeriesQuery, req: Request): boolean {
  return (
    query.format === 'csv' || (!query.format && req.accepts(['application/json', 'text/csv']) === 'text/csv')
  );
}

function sendCsv(res: Response, fileName: string, csv: string): void {
  res.type('text/csv').attachment(fileName).send(csv);
}

export function driftRoutes(services: ApiServices) {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/drift',
      summary:
        'Topic drift and embedding distance between consecutive periods, with what each measures (JSON, or CSV with Accept: text/csv or format=csv)',
      tag: 'drift',
      params: groupParamsSchema,
      query: seriesQuerySchema,
      responses: {
        200: { description: 'the drift series', schema: driftResponseSchema },
        400: { description: 'unknown level or bad window' },
      },
      handler: async ({ params, query }, req, res) => {
        const series = await services.drift(params.groupId, query);
        if (!wantsCsv(query, req)) return series;
        sendCsv(res, `${params.groupId}-${query.level}-drift.csv`, driftToCsv(series.points));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/topics',
      summary:
        'Topics over time in long format, one row per period and topic (JSON, or CSV with Accept: text/csv or format=csv)',
      tag: 'drift',
      params: groupParamsSchema,
      query: seriesQuerySchema,
      responses: {
        200: { description: 'the topic x period table', schema: topicsOverTimeSchema },
        400: { description: 'unknown level or bad window' },
      },
      handler: async ({ params, query }, req, res) => {
        const table = await services.topicsOverTime(params.groupId, query);
        if (!wantsCsv(query, req)) return table;
        sendCsv(res, `${params.groupId}-${query.level}-topics.csv`, topicsOverTimeToCsv(table));
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
