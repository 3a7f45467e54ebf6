import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtDifferently, type IndexRow, STRATA_INDEXES } from '../../src/graph/schema.js';
import { projectPath } from '../../src/project-files.js';

const vector = (quantized: boolean | null): IndexRow => ({
  name: 'memory_embedding',
  type: 'VECTOR',
  state: 'ONLINE',
  dimensions: 384,
  quantized,
});
const fulltext = (properties: string[], analyzer: string): IndexRow => ({
  name: 'group_text_fulltext',
  type: 'FULLTEXT',
  state: 'ONLINE',
  dimensions: null,
  properties,
  analyzer,
});

describe('builtDifferently', () => {
  it('rebuilds a vector index that quantizes, or that predates the option (Neo4j then quantizes)', () => {
    expect(builtDifferently(vector(true))).toBe(true);
    expect(builtDifferently(vector(null))).toBe(true);
    expect(builtDifferently(vector(false))).toBe(false);
  });

  it('rebuilds the full-text index when its properties or analyzer differ, and keeps it otherwise', () => {
    expect(builtDifferently(fulltext(['text', 'speaker', 'groupId'], 'english'))).toBe(false);
    expect(builtDifferently(fulltext(['text', 'speaker'], 'english'))).toBe(true);
    expect(builtDifferently(fulltext(['text', 'speaker', 'groupId'], 'standard-no-stop-words'))).toBe(true);
  });

  it('leaves range indexes alone', () => {
    expect(builtDifferently({ name: 'memory_group', type: 'RANGE', state: 'ONLINE', dimensions: null })).toBe(
      false,
    );
  });
});

describe('STRATA_INDEXES', () => {
  it('names every index the schema files make, so that readiness waits for all of them', () => {
    const made = ['indexes', 'vector-indexes', 'memory-vector-index'].flatMap((file) =>
      [
        ...readFileSync(projectPath(`cypher/schema/${file}.cypher`), 'utf8').matchAll(
          /^CREATE (?:VECTOR |FULLTEXT )?INDEX (\w+)/gm,
        ),
      ].map((m) => m[1]),
    );
    expect(made.length).toBeGreaterThan(10);
    expect([...STRATA_INDEXES].sort()).toEqual(made.sort());
  });
});
