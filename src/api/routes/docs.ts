import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { projectPath } from '../../project-files.js';
import { buildOpenApiDocument, type OpenApiInfo } from '../openapi.js';
import { type AnyRoute, defineRoute } from '../route.js';

/** Where the Swagger UI files are served; the docs page refers to nothing outside the app. */
export const DOCS_ASSETS_PATH = '/docs/assets';

/** Only what the page uses is served from swagger-ui-dist, not its demo page pointing at the petstore. */
const SWAGGER_UI_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

// Own script rather than inline, so a strict Content-Security-Policy can be added later without changes.
// validatorUrl: null stops Swagger UI from calling its public validator.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Strata API</title>
    <link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${DOCS_ASSETS_PATH}/favicon-32x32.png">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_ASSETS_PATH}/init.js"></script>
  </body>
</html>
`;

const openApiDocumentSchema = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OpenApiDocument', description: 'OpenAPI 3.1 description of every route, this one included' });

export function docsRoutes(getDocument: () => object): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      summary: 'The OpenAPI 3.1 document for this API',
      tag: 'docs',
      responses: { 200: { description: 'the document', schema: openApiDocumentSchema } },
      handler: async () => getDocument(),
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      summary: 'Browsable API reference (Swagger UI)',
      tag: 'docs',
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      handler: async (_input, _req, res) => {
        res.type('html').send(DOCS_PAGE);
      },
    }),
  ];
}

/**
 * The given routes plus the docs routes, whose document describes all of them, the docs routes
 * included. It is built on first request, once, since the routes cannot change after mounting.
 */
export function withDocsRoutes(routes: AnyRoute[], info: OpenApiInfo = {}): AnyRoute[] {
  let document: object | undefined;
  const all = [...routes];
  const build = () => buildOpenApiDocument(all, { version: packageVersion(), ...info });
  all.push(...docsRoutes(() => (document ??= build())));
  return all;
}

function packageVersion(): string | undefined {
  return (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version?: string }).version;
}

/** Serves the docs page's assets; mount at DOCS_ASSETS_PATH. */
export function docsAssets(): RequestHandler {
  const serveFile = express.static(swaggerUiDir(), { index: false, maxAge: '1d' });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = req.path.slice(1);
    if (file === 'init.js') {
      res.type('text/javascript').send(INIT_SCRIPT);
      return;
    }
    if (SWAGGER_UI_FILES.has(file)) return serveFile(req, res, next);
    next();
  };
}

function swaggerUiDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}
