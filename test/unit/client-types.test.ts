import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, generateClientTypes } from '../../packages/client/scripts/generate-types.js';
import { OPERATION_METHODS } from '../../packages/client/src/client.js';
import { allRoutes } from '../../src/api/app.js';
import { buildOpenApiDocument } from '../../src/api/openapi.js';
import { stubServices } from '../support/stub-services.js';

/** The first line where two texts part, with a little context, instead of a 1,600-line diff. */
function firstDifference(expected: string, actual: string): string | null {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i])
      return `line ${i + 1}:\n  committed: ${b[i] ?? '(end)'}\n  generated: ${a[i] ?? '(end)'}`;
  }
  return null;
}

describe('the client package', () => {
  it("has generated types that match the server's OpenAPI document (npm run client:types)", async () => {
    const generated = await generateClientTypes();
    const committed = readFileSync(GENERATED_TYPES_FILE, 'utf8');
    const difference = firstDifference(generated, committed);
    expect(
      difference,
      `packages/client/src/generated/openapi.ts is out of date; run \`npm run client:types\`\n${difference}`,
    ).toBeNull();
  });

  it('has a method for every operation of the API', () => {
    const document = buildOpenApiDocument(allRoutes(stubServices())) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(operationIds.length).toBeGreaterThan(10);
    expect(Object.keys(OPERATION_METHODS).sort()).toEqual(operationIds.sort());
  });
});
