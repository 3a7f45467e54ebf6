import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { checkAccess } from './auth.js';
import { validationError } from './errors.js';

type AnySchema = z.ZodType;
type Out<S> = S extends AnySchema ? z.output<S> : undefined;

/**
 * One HTTP route, described once: its schemas validate the request, type the handler and
 * become the OpenAPI document, so the three cannot drift apart.
 */
export interface RouteSpec<
  P extends AnySchema | undefined,
  Q extends AnySchema | undefined,
  B extends AnySchema | undefined,
> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express path, e.g. /v1/groups/:groupId/memories */
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Response schemas by status code; the first is the success response. */
  responses: Record<number, { description: string; schema?: AnySchema; contentType?: string }>;
  /**
   * The group the request touches, checked against the API key's scope; the `groupId` path parameter unless a
   * route says otherwise (a summary id names its group).
   */
  group?: (params: Out<P>) => string;
  /** Group management (delete, settings): only keys with the admin scope. */
  admin?: boolean;
  /** What touches every group (a re-embedding): only keys whose scope is every group. */
  everyGroup?: boolean;
  /** Example request body, checked against `body` by the OpenAPI test. */
  example?: unknown;
  handler: (
    input: { params: Out<P>; query: Out<Q>; body: Out<B> },
    req: Request,
    res: Response,
  ) => Promise<unknown>;
}

export type AnyRoute = RouteSpec<AnySchema | undefined, AnySchema | undefined, AnySchema | undefined>;

export function defineRoute<
  P extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
>(spec: RouteSpec<P, Q, B>): AnyRoute {
  return spec as unknown as AnyRoute;
}

function parse(where: 'params' | 'query' | 'body', schema: AnySchema | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(where, result.error);
  return result.data;
}

/** Mounts routes: validates params, then query, then body; a handler's return value is sent as JSON with the first status. */
export function mountRoutes(router: Router, routes: AnyRoute[]): void {
  for (const route of routes) {
    const status = Number(Object.keys(route.responses)[0] ?? 200);
    router[route.method](route.path, async (req, res) => {
      const params = parse('params', route.params, req.params);
      // Scope before query and body: a key outside the group learns nothing more than 403, whatever it sends.
      checkAccess(res, { groupId: groupOf(route, params), admin: route.admin, everyGroup: route.everyGroup });
      const input = {
        params,
        query: parse('query', route.query, req.query),
        body: parse('body', route.body, req.body),
      };
      const result = await route.handler(input as never, req, res);
      if (!res.headersSent) res.status(status).json(result);
    });
  }
}

/** The group a request names, for the key scope check; undefined for routes that name none. */
export function groupOf(route: AnyRoute, params: unknown): string | undefined {
  if (route.group) return route.group(params as never);
  const groupId = (params as { groupId?: unknown } | undefined)?.groupId;
  return typeof groupId === 'string' ? groupId : undefined;
}

/** Whether the route works in one group (and so answers 403 to a key outside it). */
export function isGroupRoute(route: AnyRoute): boolean {
  return route.group !== undefined || /:groupId\b/.test(route.path);
}

/** Express path (/a/:id) to OpenAPI path (/a/{id}). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}
