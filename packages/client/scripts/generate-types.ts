/**
 * Writes src/generated/openapi.ts from the server's own OpenAPI document, built in memory from the route
 * specs (no server, no Neo4j). Run it after changing a route or a schema: `npm run client:types` at the
 * repository root. A unit test regenerates the file the same way and fails when the committed one differs.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { allRoutes } from '../../../src/api/app.js';
import { buildOpenApiDocument } from '../../../src/api/openapi.js';
import type { ApiServices } from '../../../src/api/services.js';

export const GENERATED_TYPES_FILE = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));

const HEADER = `/**
 * Generated from Strata's OpenAPI document (openapi-typescript); do not edit by hand.
 * Regenerate with \`npm run client:types\` at the repository root; test/unit/client-types.test.ts
 * fails while this file and the server's routes disagree.
 */

`;

// The document only reads the route specs; no handler runs, so no service is needed.
const noServices = new Proxy({} as ApiServices, {
  get: (_target, name) => () => {
    throw new Error(`service ${String(name)} is not available while generating types`);
  },
});

/** The text of src/generated/openapi.ts for the routes as they are now. */
export async function generateClientTypes(): Promise<string> {
  // A fixed version: the package version is not part of any type, and must not make the file churn.
  const document = buildOpenApiDocument(allRoutes(noServices), { version: '0.0.0' }) as OpenAPI3;
  // defaultNonNullable off: a default is what the server fills in, so the caller may leave the field out.
  const ast = await openapiTS(document, { silent: true, defaultNonNullable: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_TYPES_FILE, await generateClientTypes());
  console.log(`wrote ${GENERATED_TYPES_FILE}`);
}
