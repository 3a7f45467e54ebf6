import { z } from 'zod';
import {
  entitiesOverTimeQuerySchema,
  entitiesOverTimeSchema,
  entitiesOverTimeToCsv,
} from '../../domain/entities-over-time.js';
import {
  entityIdSchema,
  entityListQuerySchema,
  entityListSchema,
  entityProfileSchema,
} from '../../domain/entity-shapes.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import type { ApiServices } from '../services.js';
import { groupParamsSchema } from './memories.js';
import { seriesExportRoute } from './series-export.js';

export function entityRoutes(services: ApiServices) {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/entities',
      summary: 'The people, places, organisations and things a group talks about; filter, sort and page them',
      tag: 'entities',
      params: groupParamsSchema,
      query: entityListQuerySchema,
      responses: {
        200: { description: 'a page of entities', schema: entityListSchema },
        400: { description: 'invalid kind, window, sort, limit or offset' },
        404: { description: 'unknown group' },
      },
      handler: async ({ params, query }) => {
        const page = await services.listEntities(params.groupId, query);
        if (!page) throw new HttpError(404, 'not_found', `group ${params.groupId} has no memories yet`);
        return page;
      },
    }),
    // Before the profile's route, which would take "over-time" for an entity id.
    seriesExportRoute({
      path: 'entities/over-time',
      file: 'entities',
      tag: 'entities',
      summary:
        "Entities over time: each period's most mentioned entities; the CSV in long format, one row per period and entity",
      description: 'every period of the level with the entities its sessions name most',
      query: entitiesOverTimeQuerySchema,
      schema: entitiesOverTimeSchema,
      fetch: (groupId, query) => services.entitiesOverTime(groupId, query),
      toCsv: entitiesOverTimeToCsv,
      badRequest: 'unknown level, bad window, or top out of range',
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/entities/:entityId',
      summary: 'One entity: its aliases, when it was seen, mentions per month, what it comes up with, where',
      tag: 'entities',
      params: groupParamsSchema.extend({ entityId: z.string().min(1).max(300) }),
      responses: {
        200: { description: 'the entity profile', schema: entityProfileSchema },
        404: { description: 'no entity of that id in the group' },
      },
      handler: async ({ params }) => {
        const notFound = new HttpError(
          404,
          'not_found',
          `group ${params.groupId} has no entity ${params.entityId}`,
        );
        // Another group's id (or no entity id at all) is not found either way: never another group's data.
        if (!entityIdSchema.safeParse(params.entityId).success) throw notFound;
        const profile = await services.getEntity(params.groupId, params.entityId);
        if (!profile) throw notFound;
        return profile;
      },
    }),
  ];
}
