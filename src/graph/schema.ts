import { SchemaMismatchError } from '../errors.js';
import { cypher, cypherStatements } from './cypher.js';
import type { Graph } from './graph.js';

export const VECTOR_INDEXES = ['memory_embedding', 'summary_embedding', 'era_embedding'] as const;
export const FULLTEXT_INDEX = 'group_text_fulltext';
export const STRATA_INDEXES = [
  ...VECTOR_INDEXES,
  FULLTEXT_INDEX,
  'memory_group',
  'summary_group',
  'era_group',
  'topic_group',
  'memory_group_ts',
  'summary_group_level_start',
];

interface IndexRow {
  name: string;
  type: string;
  state: string;
  dimensions: number | null;
  properties?: string[] | null;
  analyzer?: string | null;
}

/** What the full-text index must cover and how it must analyse text (cypher/schema/indexes.cypher). */
const FULLTEXT_SHAPE = { properties: ['text', 'speaker', 'groupId'], analyzer: 'english' };

export async function listStrataIndexes(graph: Graph): Promise<IndexRow[]> {
  return graph.autoCommit<IndexRow>(cypher('schema/show-indexes'), { names: STRATA_INDEXES });
}

/**
 * Stops when an existing vector index was built for another embedder size: writing vectors of the
 * wrong size would fail on every ingest, or worse, silently leave memories unsearchable.
 */
export async function assertVectorDimensions(graph: Graph, dimension: number): Promise<void> {
  const wrong = (await listStrataIndexes(graph)).filter(
    (i) => i.type === 'VECTOR' && i.dimensions !== null && Number(i.dimensions) !== dimension,
  );
  if (wrong.length === 0) return;
  const found = wrong.map((i) => `${i.name} has ${i.dimensions}`).join(', ');
  throw new SchemaMismatchError(
    `Vector index size does not match the embedder: the embedder makes ${dimension}-dimensional vectors but ${found}. ` +
      'Either configure the embedder that built them (EMBEDDER, EMBEDDING_DIMENSION), or drop the indexes ' +
      `(${wrong.map((i) => `DROP INDEX ${i.name}`).join('; ')}), clear the old vectors ` +
      '(MATCH (n) WHERE n:Memory OR n:Summary OR n:Era REMOVE n.embedding) and re-embed your data, then start again.',
  );
}

/**
 * Brings any database to the current schema: drops what earlier versions made and this one replaces, creates every
 * constraint and index if missing, and fills properties that older data lacks. Safe to run any number of times.
 */
export async function applySchema(graph: Graph, dimension: number): Promise<void> {
  await assertVectorDimensions(graph, dimension);
  await dropStaleFulltextIndex(graph);
  for (const file of ['schema/retired', 'schema/constraints', 'schema/indexes']) {
    for (const statement of cypherStatements(file)) await graph.autoCommit(statement);
  }
  for (const statement of cypherStatements('schema/vector-indexes'))
    await graph.autoCommit(statement, { dimension });
  await graph.write('schema/backfill-group-clock');
}

export async function awaitIndexes(graph: Graph, timeoutSeconds = 300): Promise<void> {
  await graph.autoCommit(cypher('schema/await-indexes'), { timeoutSeconds });
}

/** True when every Strata index exists and is ONLINE. */
export async function schemaReady(
  graph: Graph,
): Promise<{ ready: boolean; missing: string[]; notOnline: string[] }> {
  const rows = await listStrataIndexes(graph);
  const present = new Set(rows.map((r) => r.name));
  const missing = STRATA_INDEXES.filter((n) => !present.has(n));
  const notOnline = rows.filter((r) => r.state !== 'ONLINE').map((r) => `${r.name} (${r.state})`);
  return { ready: missing.length === 0 && notOnline.length === 0, missing, notOnline };
}

/**
 * An older version indexed text alone with the standard analyzer; full-text indexes cannot be altered, so a
 * differently built one is dropped here and created again (and repopulated by Neo4j) with the rest of the schema.
 */
async function dropStaleFulltextIndex(graph: Graph): Promise<void> {
  const existing = (await listStrataIndexes(graph)).find((i) => i.name === FULLTEXT_INDEX);
  if (!existing) return;
  const same =
    existing.analyzer === FULLTEXT_SHAPE.analyzer &&
    JSON.stringify(existing.properties) === JSON.stringify(FULLTEXT_SHAPE.properties);
  if (!same) await graph.autoCommit(cypher('schema/drop-fulltext-index'));
}
