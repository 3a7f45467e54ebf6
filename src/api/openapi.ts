import { z } from 'zod';
import { type AnyRoute, isGroupRoute, openApiPath } from './route.js';

type JsonSchema = Record<string, unknown>;
type ZodSchema = z.ZodType;

export interface OpenApiInfo {
  version?: string;
  /** Base URL of the API; defaults to "/", i.e. wherever the document itself is served from. */
  serverUrl?: string;
}

/** The body errorHandler sends for every error; error responses that declare no schema get this one. */
export const errorBodySchema = z
  .object({
    error: z
      .string()
      .meta({ description: 'Machine-readable code, e.g. invalid_request', example: 'invalid_request' }),
    message: z.string(),
    issues: z
      .array(z.object({ field: z.string().meta({ example: 'body.memories.1.ts' }), message: z.string() }))
      .optional()
      .meta({ description: 'For invalid input: each bad field and what is wrong with it' }),
  })
  .meta({ id: 'ErrorBody' });

const retryAfterSecondsSchema = z.number().int().meta({
  description: 'The Retry-After header as a field: seconds to wait before sending the request again',
});

/** 503: Neo4j cannot serve now; nothing was written and the same request may be sent again after Retry-After. */
export const unavailableBodySchema = errorBodySchema
  .extend({ error: z.literal('neo4j_unavailable'), retryAfterSeconds: retryAfterSecondsSchema })
  .meta({ id: 'Unavailable' });

/** 503 of a manual cycle: Neo4j cannot serve now, or the server shut down while the cycle ran. */
export const cycleUnavailableBodySchema = errorBodySchema
  .extend({
    error: z.enum(['neo4j_unavailable', 'shutting_down']),
    retryAfterSeconds: retryAfterSecondsSchema,
  })
  .meta({ id: 'CycleUnavailable' });

/** 409 of a manual cycle: another instance holds the group's cycle lease. */
export const leaseHeldBodySchema = errorBodySchema
  .extend({
    error: z.literal('lease_held'),
    leaseExpiresAt: z.string().meta({
      description: "When the holder's lease expires at the latest; it is released sooner when its cycle ends",
    }),
    retryAfterSeconds: retryAfterSecondsSchema,
  })
  .meta({ id: 'LeaseHeld' });

const SECURITY_SCHEME = 'bearerAuth';

/** Bodies that come with a Retry-After header. */
const RETRY_SCHEMAS = new Set<ZodSchema | undefined>([unavailableBodySchema, leaseHeldBodySchema]);
const RETRY_AFTER_HEADER = {
  description: 'Seconds to wait before sending the same request again',
  schema: { type: 'integer', minimum: 1 },
};
const COMPONENT_REF = '#/components/schemas/';

/** An OpenAPI 3.1 document for the given routes; schemas with `.meta({ id })` become shared components. */
export function buildOpenApiDocument(routes: AnyRoute[], info: OpenApiInfo = {}): object {
  const schemas = convertSchemas(routes);
  const operationIds = new Set<string>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation(route, schemas, uniqueOperationId(route, operationIds));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Strata',
      version: info.version ?? '0.0.0',
      description: 'Long-term layered memory for conversational agents, on Neo4j.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (STRATA_API_KEY, or one of STRATA_API_KEYS / STRATA_API_KEYS_FILE, each scoped to groups); ' +
            '/v1 routes need one only when the server has keys configured.',
        },
      },
    },
  };
}

function operation(route: AnyRoute, schemas: ConvertedSchemas, operationId: string): JsonSchema {
  const secured = isV1(route.path);
  const parameters = [
    ...parametersFrom('path', route.params, schemas),
    ...undeclaredPathParameters(route),
    ...parametersFrom('query', route.query, schemas),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = responseObject(Number(status), response, schemas);
  }
  if (secured && !responses[401]) {
    responses[401] = responseObject(401, { description: 'missing or wrong bearer key' }, schemas);
  }
  if (secured && (isGroupRoute(route) || route.admin) && !responses[403]) {
    const what = route.admin
      ? 'the key may not use this group, or has no admin scope'
      : 'the key may not use this group';
    responses[403] = responseObject(
      403,
      { description: `${what} (the same answer whether it exists or not)` },
      schemas,
    );
  }
  if (secured && isGroupRoute(route) && !responses[503]) {
    responses[503] = responseObject(
      503,
      {
        description:
          'Neo4j is unavailable: nothing was written; send the same request again after Retry-After',
        schema: unavailableBodySchema,
      },
      schemas,
    );
  }
  for (const [status, response] of Object.entries(responses)) {
    const schema =
      route.responses[Number(status)]?.schema ?? (status === '503' ? unavailableBodySchema : undefined);
    if (RETRY_SCHEMAS.has(schema)) (response as JsonSchema).headers = { 'Retry-After': RETRY_AFTER_HEADER };
  }
  return {
    operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: requestBody(route, route.body, schemas) } : {}),
    responses,
    ...(secured ? { security: [{ [SECURITY_SCHEME]: [] }] } : {}),
  };
}

function requestBody(route: AnyRoute, body: ZodSchema, schemas: ConvertedSchemas): JsonSchema {
  return {
    // mountRoutes parses a missing body as {}, so a body schema that accepts {} makes the body optional.
    required: !body.safeParse({}).success,
    content: {
      'application/json': {
        schema: schemas.request.get(body),
        ...(route.example === undefined ? {} : { example: route.example }),
      },
    },
  };
}

function responseObject(
  status: number,
  response: AnyRoute['responses'][number],
  schemas: ConvertedSchemas,
): JsonSchema {
  const { description, schema, contentType } = response;
  if (schema || contentType) {
    const type = contentType ?? 'application/json';
    const body = schema ? schemas.response.get(schema) : type.startsWith('text/') ? { type: 'string' } : {};
    return { description, content: { [type]: { schema: body } } };
  }
  if (status >= 400) {
    return {
      description,
      content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}ErrorBody` } } },
    };
  }
  return { description };
}

/** Each property of a params or query object schema becomes one parameter. */
function parametersFrom(
  where: 'path' | 'query',
  schema: ZodSchema | undefined,
  schemas: ConvertedSchemas,
): JsonSchema[] {
  if (!schema) return [];
  const object = schemas.resolve(schemas.request.get(schema));
  const properties = object?.properties as Record<string, JsonSchema> | undefined;
  if (!properties)
    throw new Error(`${where} schema must be a zod object so each field can become a parameter`);
  const required = new Set((object?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description: own, example, ...rest } = property;
    const description = own ?? schemas.resolve(property)?.description;
    return {
      name,
      in: where,
      // Path parameters are always required in OpenAPI; an optional one would be a route bug.
      required: where === 'path' || required.has(name),
      ...(description === undefined ? {} : { description }),
      ...(example === undefined ? {} : { example }),
      schema: rest,
    };
  });
}

/** Path parameters the route has no params schema for still have to be declared. */
function undeclaredPathParameters(route: AnyRoute): JsonSchema[] {
  if (route.params) return [];
  return [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function isV1(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}

/** e.g. post /v1/groups/:groupId/memories -> postV1GroupsByGroupIdMemories; stable as long as the path is. */
function uniqueOperationId(route: AnyRoute, taken: Set<string>): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...splitWords(segment)] : splitWords(segment)));
  const base = route.method + (words.length ? words.map(capitalize).join('') : 'Root');
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

function splitWords(segment: string): string[] {
  return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

interface ConvertedSchemas {
  /** JSON Schema of each request schema (params, query, body), as the client sends it. */
  request: Map<ZodSchema, JsonSchema>;
  /** JSON Schema of each response schema, as the server sends it. */
  response: Map<ZodSchema, JsonSchema>;
  components: Record<string, JsonSchema>;
  /** Follows a component $ref, so parameters can be read from a shared object schema. */
  resolve(schema: JsonSchema | undefined): JsonSchema | undefined;
}

/**
 * Converts all request schemas in one zod pass (io: input) and all response schemas in another
 * (io: output), so each `.meta({ id })` schema is emitted once per direction as a $def. Where a shared
 * schema reads differently in the two directions (defaults, transforms), the request one is named `<id>Input`.
 */
function convertSchemas(routes: AnyRoute[]): ConvertedSchemas {
  const requestSchemas = new Set<ZodSchema>();
  const responseSchemas = new Set<ZodSchema>([errorBodySchema, unavailableBodySchema]);
  for (const route of routes) {
    for (const schema of [route.params, route.query, route.body]) if (schema) requestSchemas.add(schema);
    for (const response of Object.values(route.responses))
      if (response.schema) responseSchemas.add(response.schema);
  }
  const request = convertTogether([...requestSchemas], 'input');
  const response = convertTogether([...responseSchemas], 'output');
  const requestNames = nameRequestDefs(request.defs, response.defs);

  const components: Record<string, JsonSchema> = {};
  for (const [id, def] of Object.entries(response.defs))
    components[id] = rewriteRefs(def, (ref) => ref) as JsonSchema;
  for (const [id, def] of Object.entries(request.defs)) {
    const name = requestNames(id);
    components[name] = rewriteRefs(def, requestNames) as JsonSchema;
  }
  const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));

  return {
    request: new Map(
      [...request.converted].map(([s, json]) => [s, rewriteRefs(json, requestNames) as JsonSchema]),
    ),
    response: new Map(
      [...response.converted].map(([s, json]) => [s, rewriteRefs(json, (ref) => ref) as JsonSchema]),
    ),
    components: sorted,
    resolve(schema) {
      const ref = schema?.$ref;
      if (typeof ref === 'string' && ref.startsWith(COMPONENT_REF))
        return sorted[ref.slice(COMPONENT_REF.length)];
      return schema;
    },
  };
}

/** One toJSONSchema call over a wrapper object, so schemas shared between routes come out as one $def. */
function convertTogether(
  schemas: ZodSchema[],
  io: 'input' | 'output',
): { converted: Map<ZodSchema, JsonSchema>; defs: Record<string, JsonSchema> } {
  const wrapper = z.object(Object.fromEntries(schemas.map((schema, i) => [`s${i}`, schema])));
  const json = z.toJSONSchema(wrapper, { target: 'draft-2020-12', io }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  return {
    converted: new Map(schemas.map((schema, i) => [schema, properties[`s${i}`] ?? {}])),
    defs: (json.$defs ?? {}) as Record<string, JsonSchema>,
  };
}

/** Request defs keep their id unless the response side has a different schema under the same id. */
function nameRequestDefs(
  requestDefs: Record<string, JsonSchema>,
  responseDefs: Record<string, JsonSchema>,
): (id: string) => string {
  const differs = new Set(
    Object.keys(requestDefs).filter(
      (id) => id in responseDefs && !sameJson(requestDefs[id], responseDefs[id]),
    ),
  );
  // A def that refers to a renamed def differs too, even when its own text is the same.
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of Object.keys(requestDefs)) {
      if (differs.has(id) || !(id in responseDefs)) continue;
      if (refsOf(requestDefs[id]).some((ref) => differs.has(ref))) {
        differs.add(id);
        grew = true;
      }
    }
  }
  for (const id of differs) {
    const renamed = `${id}Input`;
    if (renamed in responseDefs || renamed in requestDefs) {
      throw new Error(
        `schema "${id}" differs between request and response, and "${renamed}" is taken; rename one`,
      );
    }
  }
  return (id) => (differs.has(id) ? `${id}Input` : id);
}

function refsOf(value: unknown): string[] {
  const found: string[] = [];
  rewriteRefs(value, (id) => {
    found.push(id);
    return id;
  });
  return found;
}

/** Points zod's `#/$defs/<id>` refs at components, renamed by `name`. */
function rewriteRefs(value: unknown, name: (id: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, name));
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
      out[key] = COMPONENT_REF + name(v.slice('#/$defs/'.length));
    } else if (key !== '$schema') {
      out[key] = rewriteRefs(v, name);
    }
  }
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
