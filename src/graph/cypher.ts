import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectPath } from '../project-files.js';

export const cypherDir = projectPath('cypher');

/** A statement's parameters, and one row of what it returns (graph/graph.ts makes the values plain JS). */
export type Params = Record<string, unknown>;
export type Row = Record<string, unknown>;

/** A named Cypher file and its parameters. */
export interface Statement {
  name: string;
  params: Params;
}
const cache = new Map<string, string>();

/**
 * The statement text of cypher/<name>.cypher, read once and cached. `name` is a path without extension, e.g.
 * 'ingest/write-batch'. Whole-line comments stay in the file for its readers and are dropped from what is sent:
 * the text crosses the socket on every call, and the longest files are more comment than Cypher.
 */
export function cypher(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = withoutLineComments(readFileSync(join(cypherDir, `${name}.cypher`), 'utf8'));
    cache.set(name, text);
  }
  return text;
}

/**
 * The text without the lines that hold only a `//` comment. A comment after code on the same line stays: telling
 * it from `//` inside a string ('http://...') would take a Cypher lexer.
 */
export function withoutLineComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
    .trim();
}

/** The statements of a file that holds several, separated by a semicolon at the end of a line. */
export function cypherStatements(name: string): string[] {
  // cypher() has dropped the comment lines already, so what is left between semicolons is a statement or nothing.
  return cypher(name)
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
