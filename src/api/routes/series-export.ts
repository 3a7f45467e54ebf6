import type { z } from 'zod';
import type { SeriesQuery } from '../../domain/era.js';
import { defineRoute } from '../route.js';
import { groupParamsSchema } from './memories.js';

/**
 * A series a researcher downloads: JSON by default, CSV for format=csv or an Accept header that prefers it, with
 * a file name that says group, level and what it is.
 */
export function seriesExportRoute<T, Q extends z.ZodType<SeriesQuery>>(spec: {
  /** The path under /v1/groups/:groupId/. */
  path: string;
  /** What the file is, after the group and level in its name. */
  file: string;
  tag: string;
  summary: string;
  description: string;
  query: Q;
  schema: z.ZodType<T>;
  fetch: (groupId: string, query: z.output<Q>) => Promise<T>;
  toCsv: (value: T) => string;
  /** A 400 beyond the level and window, when the query has more. */
  badRequest?: string;
}) {
  return defineRoute({
    method: 'get',
    path: `/v1/groups/:groupId/${spec.path}`,
    summary: `${spec.summary} (JSON, or CSV with Accept: text/csv or format=csv)`,
    tag: spec.tag,
    params: groupParamsSchema,
    query: spec.query,
    responses: {
      200: { description: spec.description, schema: spec.schema },
      400: { description: spec.badRequest ?? 'unknown level or bad window' },
    },
    handler: async ({ params, query }, req, res) => {
      // The route validated the query with spec.query; only the generic hides that its output is z.output<Q>.
      const value = await spec.fetch(params.groupId, query as z.output<Q>);
      const csv =
        query.format === 'csv' ||
        (!query.format && req.accepts(['application/json', 'text/csv']) === 'text/csv');
      if (!csv) return value;
      res
        .type('text/csv')
        .attachment(`${params.groupId}-${query.level}-${spec.file}.csv`)
        .send(spec.toCsv(value));
    },
  });
}
