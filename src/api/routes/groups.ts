import { z } from 'zod';
import { cycleReportSchema } from '../../domain/cycle-report.js';
import { exportLineSchema } from '../../domain/group-export.js';
import { groupSchema, groupSettingsInForceSchema, groupSettingsSchema } from '../../domain/summary.js';
import { verifyReportSchema } from '../../domain/verify.js';
import { CycleStoppedError, GroupGoneError, LeaseHeldError } from '../../errors.js';
import { HttpError } from '../errors.js';
import { sendNdjson } from '../ndjson.js';
import { cycleUnavailableBodySchema, leaseHeldBodySchema } from '../openapi.js';
import { defineRoute } from '../route.js';
import type { ApiServices } from '../services.js';
import { groupParamsSchema } from './memories.js';

export const exportQuerySchema = z.strictObject({
  summaries: z
    .stringbool()
    .default(false)
    .meta({ description: "Also the group's summaries, level by level, and its eras, after the memories" }),
});

export const aggregateQuerySchema = z.strictObject({
  dryRun: z.stringbool().default(false).meta({ description: 'Count what a cycle would do; write nothing' }),
});

export function groupRoutes(services: ApiServices) {
  const requireGroup = async (groupId: string) => {
    const group = await services.getGroup(groupId);
    if (!group) throw new HttpError(404, 'not_found', `group ${groupId} has no memories yet`);
    return group;
  };
  return [
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/export',
      summary:
        'Export a group: its settings and every memory (with summaries and eras on request), as NDJSON',
      tag: 'groups',
      params: groupParamsSchema,
      query: exportQuerySchema,
      responses: {
        200: {
          description:
            'NDJSON, one object a line: a header, the memories oldest first, summaries and eras when asked for, ' +
            'and an end line with the counts (a response without it was cut short)',
          contentType: 'application/x-ndjson',
          schema: exportLineSchema,
        },
        404: { description: 'unknown group' },
      },
      handler: async ({ params, query }, _req, res) => {
        const lines = services.exportGroup(params.groupId, { summaries: query.summaries });
        await sendNdjson(res, lines[Symbol.asyncIterator](), `${params.groupId}.ndjson`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId',
      summary: 'A group: its time zone, last ingest and cycle, and how much it holds',
      tag: 'groups',
      params: groupParamsSchema,
      responses: {
        200: { description: 'the group', schema: groupSchema },
        404: { description: 'unknown group' },
      },
      handler: async ({ params }) => requireGroup(params.groupId),
    }),
    defineRoute({
      method: 'put',
      path: '/v1/groups/:groupId/settings',
      summary: "Set a group's time zone (before its first calendar summaries) and its own era parameters",
      tag: 'groups',
      params: groupParamsSchema,
      admin: true,
      body: groupSettingsSchema,
      example: { timezone: 'Europe/Berlin', eras: { minDays: 21 } },
      responses: {
        200: { description: 'the settings now in force', schema: groupSettingsInForceSchema },
        400: { description: 'not an IANA time zone, an era parameter out of range, or neither given' },
        409: { description: 'the group already has day, week or month summaries in another time zone' },
      },
      handler: async ({ params, body }) => {
        // The time zone first: when it is refused, the era parameters are not set either.
        if (body.timezone !== undefined) {
          const result = await services.setTimezone(params.groupId, body.timezone);
          if (!result.allowed) {
            throw new HttpError(
              409,
              'timezone_locked',
              `group ${params.groupId} already has calendar summaries cut in ${result.previousTimezone}; ` +
                'delete the group and re-import to change its time zone',
            );
          }
        }
        if (body.eras !== undefined) return services.setEraParameters(params.groupId, body.eras);
        return services.groupSettings(params.groupId);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/groups/:groupId',
      summary: 'Delete a group and everything it holds',
      tag: 'groups',
      params: groupParamsSchema,
      admin: true,
      responses: { 200: { description: 'deleted', schema: z.object({ deleted: z.string() }) } },
      handler: async ({ params }) => {
        await services.deleteGroup(params.groupId);
        return { deleted: params.groupId };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/groups/:groupId/verify',
      summary: "Check a group's graph: day parents, period parents, NEXT_PERIOD chains, counts, vector sizes",
      tag: 'groups',
      params: groupParamsSchema,
      responses: {
        200: {
          description: 'every check, with up to five examples of each finding',
          schema: verifyReportSchema,
        },
        404: { description: 'unknown group' },
      },
      handler: async ({ params }) => {
        await requireGroup(params.groupId);
        return services.verify(params.groupId);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/groups/:groupId/aggregate',
      summary: 'Run a roll-up cycle for the group now (dryRun=true only counts)',
      tag: 'cycle',
      params: groupParamsSchema,
      query: aggregateQuerySchema,
      responses: {
        200: {
          description: 'what the cycle created, updated and pruned per level',
          schema: cycleReportSchema,
        },
        404: { description: 'unknown group, or deleted while the cycle ran' },
        409: {
          description:
            "another instance holds this group's cycle lease: nothing was done; Retry-After says when to try again",
          schema: leaseHeldBodySchema,
        },
        503: {
          description:
            'Neo4j is unavailable, or the server shut down during the cycle (what it wrote stays, the next cycle ' +
            'resumes there): send the request again after Retry-After',
          schema: cycleUnavailableBodySchema,
        },
      },
      handler: async ({ params, query }) => {
        await requireGroup(params.groupId);
        const report = await services.aggregate(params.groupId, { dryRun: query.dryRun });
        // A skipped cycle did no work, so it must not read as a success.
        if (report.status === 'skipped') {
          if (report.leaseExpiresAt) throw new LeaseHeldError(params.groupId, report.leaseExpiresAt);
          throw new GroupGoneError(params.groupId);
        }
        // Stopped by a shutdown: the work is not done, so not a 200; another (or the restarted) instance resumes it.
        if (report.status === 'stopped') throw new CycleStoppedError(params.groupId);
        return report;
      },
    }),
  ];
}
