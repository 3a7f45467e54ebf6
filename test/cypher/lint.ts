import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type DbSchema, lintCypherQuery } from '@neo4j-cypher/language-support';

export const projectRoot = resolve(import.meta.dirname, '../..');
export const catalogPath = resolve(projectRoot, '../shared/neo4j/neo4j-5.26-catalog.json');

export function loadCatalog(): DbSchema {
  if (!existsSync(catalogPath)) {
    throw new Error(
      `Neo4j 5.26 catalog not found at ${catalogPath}: the Cypher lint needs ../shared beside the project checkout`,
    );
  }
  return JSON.parse(readFileSync(catalogPath, 'utf8')) as DbSchema;
}

export function cypherFiles(dir = join(projectRoot, 'cypher')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cypherFiles(path);
    return entry.name.endsWith('.cypher') ? [path] : [];
  });
}

/** Every diagnostic of one file except an undeclared $parameter (parameters are bound at run time). */
export function lintFile(path: string, catalog: DbSchema): string[] {
  const text = readFileSync(path, 'utf8');
  const { diagnostics } = lintCypherQuery(text, catalog);
  return diagnostics
    .map((d) => ({ ...d, message: typeof d.message === 'string' ? d.message : d.message.value }))
    .filter((d) => !/^Parameter \$\S+ is not defined/.test(d.message))
    .map(
      (d) =>
        `${relative(projectRoot, path)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`,
    );
}

/**
 * The JavaScript driver sends every number as a float, and Neo4j refuses a float where it needs an integer
 * (LIMIT, SKIP, a procedure's INTEGER argument): such parameters must go through toInteger().
 */
export function bareIntegerParameters(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const patterns = [
    /\b(LIMIT|SKIP)\s+\$\w+/g,
    /vector\.queryNodes\([^,]+,\s*\$\w+/g,
    /\{limit:\s*\$\w+/g,
    /awaitIndexes\(\$\w+/g,
  ];
  return patterns.flatMap((pattern) =>
    [...text.matchAll(pattern)].map(
      (m) => `${relative(projectRoot, path)}: "${m[0]}" needs toInteger(): JS numbers arrive as floats`,
    ),
  );
}

/**
 * Index hints must say SEEK: a plain `USING INDEX` is also met by a scan of the whole index, which the planner
 * chose for a write on a database of a few hundred memories, and a plan kept (replan=skip) went on scanning every
 * memory for every row as the database grew.
 */
export function indexHintsWithoutSeek(path: string): string[] {
  const code = readFileSync(path, 'utf8').replace(/\/\/.*$/gm, '');
  return [...code.matchAll(/\bUSING\s+INDEX\s+(?!SEEK\b)\S+/g)].map(
    (m) =>
      `${relative(projectRoot, path)}: "${m[0]}" should be USING INDEX SEEK: a plain hint allows a full scan`,
  );
}
