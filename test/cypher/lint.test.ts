import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { bareIntegerParameters, cypherFiles, indexHintsWithoutSeek, lintFile, loadCatalog } from './lint.js';

const catalog = loadCatalog();
const files = cypherFiles();

describe('every cypher/**/*.cypher lints clean against the Neo4j 5.26 catalog', () => {
  // Linting is synchronous. Without a turn of the event loop between files the worker cannot read vitest's
  // replies, and on a loaded machine, where the whole file takes over a minute, vitest's 60 s RPC timeout
  // fails the run ("Timeout calling onTaskUpdate") although every test passed.
  beforeEach(() => new Promise<void>((resolve) => setImmediate(resolve)));

  it('finds the Cypher files', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((f) => [f.slice(f.indexOf('cypher/')), f]))('%s', (_name, path) => {
    expect(lintFile(path, catalog)).toEqual([]);
  });

  it('passes integer parameters through toInteger()', () => {
    expect(files.flatMap(bareIntegerParameters)).toEqual([]);
    const probe = join(mkdtempSync(join(tmpdir(), 'cypher-')), 'probe.cypher');
    writeFileSync(probe, "CALL db.index.vector.queryNodes('i', $k, $v) YIELD node RETURN node LIMIT $limit");
    expect(bareIntegerParameters(probe)).toHaveLength(2);
  });

  it('hints only index seeks, never an index that a scan of it would satisfy', () => {
    expect(files.flatMap(indexHintsWithoutSeek)).toEqual([]);
    const probe = join(mkdtempSync(join(tmpdir(), 'cypher-')), 'probe.cypher');
    writeFileSync(
      probe,
      'MATCH (m:Memory {groupId: $g, id: $id})\nUSING INDEX m:Memory(groupId, id)\nMATCH (s:Summary {groupId: $g})\nUSING INDEX SEEK s:Summary(groupId)\nRETURN m, s',
    );
    expect(indexHintsWithoutSeek(probe)).toHaveLength(1);
  });

  it('catches what it should: an unknown function and a syntax error', async () => {
    const { lintCypherQuery } = await import('@neo4j-cypher/language-support');
    expect(lintCypherQuery('RETURN notAFunction(1)', catalog).diagnostics.length).toBeGreaterThan(0);
    expect(lintCypherQuery('MATCH (n RETURN n', catalog).diagnostics.length).toBeGreaterThan(0);
  });
});
