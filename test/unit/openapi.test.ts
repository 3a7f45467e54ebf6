import { Validator } from '@cfworker/json-schema';
import type express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes, createApp } from '../../src/api/app.js';
import { buildOpenApiDocument } from '../../src/api/openapi.js';
import { type AnyRoute, defineRoute, openApiPath } from '../../src/api/route.js';
import type { ApiServices } from '../../src/api/services.js';
import { createLogger } from '../../src/log.js';

// Only the document and the docs page are exercised, so no service is ever called.
const services = new Proxy({} as ApiServices, {
  get: (_target, name) => async () => {
    throw new Error(`service ${String(name)} should not be called`);
  },
});

function appWith(apiKey?: string) {
  return createApp({ services, log: createLogger('silent'), bodyLimitBytes: 1_000_000, apiKey });
}

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: Json; description?: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Json; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
  security?: unknown[];
}
type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

function operations(doc: Doc): { key: string; path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
  );
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  slash?: boolean;
  rawPath?: unknown;
}

/** Every method and path the express app answers, found by walking its (nested) router stacks. */
function registeredRoutes(app: express.Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all')
            found.push(`${method.toUpperCase()} ${openApiPath(prefix + layer.route.path)}`);
        }
      } else if (Array.isArray(layer.handle.stack)) {
        walk(layer.handle.stack, layer.slash ? prefix : prefix + String(layer.rawPath));
      }
      // Plain middleware (auth, the docs assets, json parsing) is no route and has no operation.
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found.sort();
}

function allRefs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) allRefs(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') into.push(v);
      else allRefs(v, into);
    }
  }
  return into;
}

function keysNamed(value: unknown, name: string, path = '#', into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) keysNamed(v, name, `${path}/${i}`, into);
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === name) into.push(`${path}/${key}`);
      keysNamed(v, name, `${path}/${key}`, into);
    }
  }
  return into;
}

/** A 2020-12 validator for one schema from the document, its component refs pointed at $defs. */
function validatorFor(doc: Doc, schema: Json): Validator {
  const rooted = JSON.parse(
    JSON.stringify({ ...schema, $defs: doc.components.schemas }).replaceAll(
      '#/components/schemas/',
      '#/$defs/',
    ),
  );
  return new Validator(rooted, '2020-12', false);
}

const doc = buildOpenApiDocument(allRoutes(services), { version: '9.9.9' }) as Doc;

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1.0 with info, servers and a bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toMatchObject({ info: { title: 'Strata', version: '9.9.9' }, servers: [{ url: '/' }] });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents exactly the routes the express app registers', () => {
    const registered = registeredRoutes(appWith());
    const documented = operations(doc)
      .map((o) => o.key)
      .sort();
    expect(registered.length).toBeGreaterThan(3);
    expect(documented).toEqual(registered);
    expect(registered).toContain('GET /openapi.json');
    expect(registered).toContain('GET /docs');
  });

  it('gives every operation a unique operationId, a summary and a tag', () => {
    const ids = operations(doc).map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(doc.paths['/v1/groups/{groupId}/memories']?.post?.operationId).toBe(
      'postV1GroupsByGroupIdMemories',
    );
  });

  it('resolves every $ref to a component schema', () => {
    const refs = allRefs(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
  });

  it('lifts schemas with a meta id into components, referenced rather than copied', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['MemoryBatch', 'MemoryInput', 'IngestResult', 'Readiness', 'ErrorBody']),
    );
    const post = doc.paths['/v1/groups/{groupId}/memories']?.post;
    expect(post?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/MemoryBatch',
    });
    expect(post?.responses['201']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/IngestResult',
    });
  });

  it('uses the 2020-12 dialect: no $schema inside, no OpenAPI 3.0 nullable', () => {
    expect(keysNamed(doc, '$schema')).toEqual([]);
    expect(keysNamed(doc, 'nullable')).toEqual([]);
    expect(keysNamed(doc, 'definitions')).toEqual([]);
    expect(keysNamed(doc, '$defs')).toEqual([]);
  });

  it('declares every path template parameter as a required path parameter', () => {
    for (const { key, path, op } of operations(doc)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), key).toEqual(names.sort());
      for (const p of declared) expect(p.required, `${key} ${p.name}`).toBe(true);
    }
  });

  it('secures /v1 operations only, and documents their 401', () => {
    for (const { key, path, op } of operations(doc)) {
      if (path.startsWith('/v1/')) {
        expect(op.security, key).toEqual([{ bearerAuth: [] }]);
        expect(op.responses['401'], key).toBeDefined();
      } else {
        expect(op.security, key).toBeUndefined();
      }
    }
  });

  it('gives every error response a body schema', () => {
    for (const { key, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400)
          expect(response.content?.['application/json']?.schema, `${key} ${status}`).toBeDefined();
      }
    }
  });

  it('takes query parameters, their optionality and descriptions from the query schema', () => {
    const routes: AnyRoute[] = [
      defineRoute({
        method: 'get',
        path: '/things/:thingId',
        summary: 'things',
        tag: 't',
        query: z.object({
          k: z.coerce.number().int().min(1).default(10).meta({ description: 'how many' }),
          level: z.enum(['day', 'week']),
          after: z.string().nullable().optional(),
        }),
        responses: { 200: { description: 'ok' } },
        handler: async () => null,
      }),
    ];
    const op = (buildOpenApiDocument(routes) as Doc).paths['/things/{thingId}']?.get;
    const byName = Object.fromEntries((op?.parameters ?? []).map((p) => [p.name, p]));
    expect(byName.thingId).toMatchObject({ in: 'path', required: true, schema: { type: 'string' } });
    expect(byName.k).toMatchObject({ in: 'query', required: false, description: 'how many' });
    expect(byName.k?.schema).toMatchObject({ type: 'integer', default: 10 });
    expect(byName.level).toMatchObject({ in: 'query', required: true });
    expect(byName.after?.schema).toMatchObject({ type: ['string', 'null'] });
  });

  it('names the request side of a shared schema apart when it reads differently there', () => {
    const shared = z.object({ n: z.number().default(1) }).meta({ id: 'OpenApiTestShared' });
    const routes: AnyRoute[] = [
      defineRoute({
        method: 'post',
        path: '/a',
        summary: 'a',
        tag: 't',
        body: shared,
        example: {},
        responses: { 200: { description: 'ok', schema: shared } },
        handler: async () => null,
      }),
    ];
    const built = buildOpenApiDocument(routes) as Doc;
    expect(built.components.schemas.OpenApiTestShared).toMatchObject({ required: ['n'] });
    expect(built.components.schemas.OpenApiTestSharedInput).not.toHaveProperty('required');
    expect(built.paths['/a']?.post?.requestBody).toMatchObject({
      required: false,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/OpenApiTestSharedInput' } } },
    });
  });

  it('keeps operationIds unique when two paths spell the same words', () => {
    const route = (path: string) =>
      defineRoute({
        method: 'get',
        path,
        summary: path,
        tag: 't',
        responses: { 200: { description: 'ok' } },
        handler: async () => null,
      });
    const built = buildOpenApiDocument([route('/a-b'), route('/a/b'), route('/')]) as Doc;
    expect(operations(built).map((o) => o.op.operationId)).toEqual(['getAB', 'getAB2', 'getRoot']);
  });
});

describe('request examples', () => {
  const withBody = allRoutes(services).filter((r) => r.body);

  it('exist for every route with a body', () => {
    expect(withBody.length).toBeGreaterThan(0);
    for (const route of withBody) expect(route.example, `${route.method} ${route.path}`).toBeDefined();
  });

  it.each(withBody.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s: the example passes its zod schema and the documented JSON schema',
    (_name, route) => {
      const zodResult = route.body?.safeParse(route.example);
      expect(zodResult?.error?.issues ?? []).toEqual([]);

      const op = doc.paths[openApiPath(route.path)]?.[route.method];
      const content = op?.requestBody?.content['application/json'];
      expect(content?.example).toEqual(route.example);
      const result = validatorFor(doc, content?.schema ?? {}).validate(route.example);
      expect(result.errors).toEqual([]);
    },
  );

  it('are really checked: a broken memory batch fails the documented schema', () => {
    const schema =
      doc.paths['/v1/groups/{groupId}/memories']?.post?.requestBody?.content['application/json']?.schema;
    const validator = validatorFor(doc, schema ?? {});
    expect(validator.validate({ memories: [{ text: 'hi', speaker: 'ana', ts: 'yesterday' }] }).valid).toBe(
      false,
    );
    expect(validator.validate({ memories: [{ text: 'hi', speaker: 'ana' }] }).valid).toBe(false);
    expect(validator.validate({ memories: [] }).valid).toBe(false);
    expect(
      validator.validate({ memories: [{ text: 'hi', speaker: 'ana', ts: '2024-05-02T09:30:00Z' }] }).valid,
    ).toBe(true);
  });
});

describe('GET /openapi.json and /docs', () => {
  it('serves the document, which validates against its own documented schema', async () => {
    const app = appWith();
    const res = await request(app).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    const served = res.body as Doc;
    expect(served.openapi).toBe('3.1.0');
    expect(Object.keys(served.paths).sort()).toEqual(Object.keys(doc.paths).sort());
    expect(served.paths['/openapi.json']?.get?.operationId).toBe('getOpenapiJson');
    const documented =
      served.paths['/openapi.json']?.get?.responses['200']?.content?.['application/json']?.schema;
    expect(validatorFor(served, documented ?? {}).validate(served).errors).toEqual([]);
    expect((await request(app).get('/openapi.json')).body).toEqual(served);
  });

  it('needs no bearer key, even when /v1 does', async () => {
    const app = appWith('k'.repeat(20));
    expect((await request(app).get('/openapi.json')).status).toBe(200);
    expect((await request(app).get('/docs')).status).toBe(200);
    expect((await request(app).get('/docs/assets/swagger-ui.css')).status).toBe(200);
  });

  it('serves a Swagger UI page whose assets are all local and all there', async () => {
    const app = appWith();
    const page = await request(app).get('/docs');
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    const tags = page.text.match(/<(script|link)\b[^>]*>/g) ?? [];
    const urls = tags.map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1]).filter((u): u is string => !!u);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const url of urls) {
      expect(url).toMatch(/^\/docs\/assets\//);
      const asset = await request(app).get(url);
      expect(asset.status, url).toBe(200);
      expect(asset.type, url).toMatch(/css|javascript|png/);
    }
    const init = await request(app).get('/docs/assets/init.js');
    expect(init.text).toContain("url: '/openapi.json'");
    expect(init.text).not.toMatch(/https?:\/\//);
  });

  it('serves only the files the page needs from swagger-ui-dist', async () => {
    const app = appWith();
    for (const file of ['index.html', 'swagger-initializer.js', 'package.json', '../../package.json']) {
      expect((await request(app).get(`/docs/assets/${file}`)).status, file).toBe(404);
    }
  });
});
