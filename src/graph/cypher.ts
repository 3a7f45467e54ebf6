import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Finds the project's cypher/ folder, from src/ (tsx) and from dist/src/ (built) alike. */
function findCypherDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'cypher');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error('cypher/ folder not found above src/graph; run Strata from its project folder');
}

export const cypherDir = findCypherDir();
const cache = new Map<string, string>();

/** The text of cypher/<name>.cypher, read once and cached. `name` is a path without extension, e.g. 'ingest/merge-memories'. */
export function cypher(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(join(cypherDir, `${name}.cypher`), 'utf8').trim();
    cache.set(name, text);
  }
  return text;
}

/** The statements of a file that holds several, separated by a semicolon at the end of a line. */
export function cypherStatements(name: string): string[] {
  return splitStatements(cypher(name));
}

export function splitStatements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.replace(/^\s*\/\/.*$/gm, '').trim().length > 0);
}
