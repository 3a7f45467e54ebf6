import { z } from 'zod';
import { driftToCsv } from '../../domain/drift.js';
import { driftChartSchema } from '../../domain/drift-chart.js';
import {
  driftResponseSchema,
  eraParametersSchema,
  eraPreviewSchema,
  eraReadQuerySchema,
  eraSchema,
  groupProfileSchema,
  seriesQuerySchema,
  topicTimelineSchema,
} from '../../domain/era.js';
import { eraSignalSchema, eraSignalToCsv } from '../../domain/era-signal.js';
import { groupIdSchema } from '../../domain/memory.js';
import { eraScoreRequestSchema, segmentationScoreSchema } from '../../domain/segmentation.js';
import { topicsOverTimeSchema, topicsOverTimeToCsv } from '../../domain/topics-over-time.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ApiServices } from '../services.js';
import { groupParamsSchema } from './memories.js';
import { seriesExportRoute } from './series-export.js';

const eraSignalQuerySchema = z.strictObject({ format: z.enum(['json', 'csv']).optional() });

const topicParamsSchema = z.object({ groupId: groupIdSchema, name: z.string().trim().min(1).max(200) });

export function driftRoutes(services: ApiServices) {
  return [
    seriesExportRoute({
      path: 'drift',
      file: 'drift',
      tag: 'drift',
      query: seriesQuerySchema,
      summary: 'Topic drift and embedding distance between consecutive periods, with what each measures',
      description: 'the drift series',
      schema: driftResponseSchema,
      fetch: (groupId, query) => services.drift(groupId, query),
      toCsv: (series) => driftToCsv(series.points),
    }),
    seriesExportRoute({
      path: 'topics',
      file: 'topics',
      tag: 'drift',
      query: seriesQuerySchema,
      summary: 'Topics over time in long format, one row per period and topic',
      description: 'the topic x period table',
      schema: topicsOverTimeSchema,
      fetch: (groupId, query) => services.topicsOverTime(groupId, query),
      toCsv: topicsOverTimeToCsv,
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
      query: eraReadQuerySchema,
      responses: { 200: { description: 'eras', schema: z.object({ eras: z.array(eraSchema) }) } },
      handler: async ({ params, query }) => ({ eras: await services.eras(params.groupId, query) }),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/eras/signal',
      summary:
        'What the era detector reads, day by day: messages, speakers, embedding distance and topic weights (JSON, or CSV with format=csv)',
      tag: 'drift',
      params: groupParamsSchema,
      query: eraSignalQuerySchema,
      responses: {
        200: {
          description:
            'one row per day and topic, in the order eras/preview breakpoints index; the JSON also states the detector, the parameters and the data cut',
          schema: eraSignalSchema,
        },
      },
      handler: async ({ params, query }, req, res) => {
        const signal = await services.eraSignal(params.groupId);
        const csv =
          query.format === 'csv' ||
          (!query.format && req.accepts(['application/json', 'text/csv']) === 'text/csv');
        if (!csv) return signal;
        // The CSV holds the rows; what produced them goes in headers (the JSON has them in its body).
        res
          .type('text/csv')
          .set('x-strata-detector', signal.detector)
          .set('x-strata-parameters', JSON.stringify(signal.parameters))
          .set('x-strata-cut', JSON.stringify(signal.cut))
          .attachment(`${params.groupId}-era-signal.csv`)
          .send(eraSignalToCsv(signal));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/groups/:groupId/eras/preview',
      summary:
        'What-if era detection: the eras other detector parameters give, from the stored series; writes nothing',
      tag: 'drift',
      params: groupParamsSchema,
      body: eraParametersSchema,
      example: { minDays: 21, maxEras: 6 },
      responses: {
        200: {
          description:
            'the eras and every parameter used; with none changed, what a cycle computes from the whole history at once',
          schema: eraPreviewSchema,
        },
        400: { description: 'a parameter out of range, or one the detector does not have' },
      },
      handler: async ({ params, body }) => services.previewEras(params.groupId, body),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/groups/:groupId/eras/score',
      summary:
        "The group's eras scored against gold boundaries: Pk, WindowDiff, boundary F1 within a margin, Hausdorff",
      tag: 'drift',
      params: groupParamsSchema,
      body: eraScoreRequestSchema,
      example: { gold: ['2024-03-04', '2024-06-17'], marginDays: 7 },
      responses: {
        200: {
          description: 'the scores, over the days the eras cover (Pk and WindowDiff as NLTK computes them)',
          schema: segmentationScoreSchema,
        },
        400: { description: 'a gold day that is not a date, or a margin or window out of range' },
        404: { description: 'the group has no eras yet' },
      },
      handler: async ({ params, body }) => {
        const score = await services.scoreEras(params.groupId, body);
        if (!score)
          throw new HttpError(
            404,
            'not_found',
            `group ${params.groupId} has no eras yet: eras need weeks of summaries`,
          );
        return score;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/profile',
      summary: 'The current era and the topic evolution of the last 12 weeks',
      tag: 'drift',
      params: groupParamsSchema,
      query: eraReadQuerySchema,
      responses: { 200: { description: 'the profile', schema: groupProfileSchema } },
      handler: async ({ params, query }) => services.profile(params.groupId, query),
    }),
  ];
}
