import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectPath } from '../project-files.js';

export const cypherDir = projectPath('cypher');
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
