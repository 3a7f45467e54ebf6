import { SchemaMismatchError } from '../errors.js';
import { cypher, cypherStatements } from './cypher.js';
import type { Graph } from './graph.js';
import { type MigrationReport, runMigrations } from './migrations.js';

const MEMORY_VECTOR_INDEX = 'memory_embedding';
export const VECTOR_INDEXES = [MEMORY_VECTOR_INDEX, 'summary_embedding', 'era_embedding'] as const;
export const FULLTEXT_INDEX = 'group_text_fulltext';
/** Every index the schema files make (test/unit/schema.test.ts holds the two together): readiness checks them all. */
export const STRATA_INDEXES = [
  ...VECTOR_INDEXES,
  FULLTEXT_INDEX,
  'memory_group',
  'summary_group',
  'era_group',
  'topic_group',
  'memory_group_ts',
  'summary_group_level_start',
  'summary_group_level_starts_at',
  'summary_group_level_ends_at',
  'summary_group_session_key',
  'memory_group_session_pending_ts',
  'memory_group_day_pending_ts',
  'summary_group_parent_pending',
  'aggregation_run_group_started',
  'aggregation_run_group_status',
];

export interface IndexRow {
  name: string;
  type: string;
  state: string;
  dimensions: number | null;
  quantized?: boolean | null;
  properties?: string[] | null;
  analyzer?: string | null;
}

/** What the full-text index must cover and how it must analyse text (cypher/schema/indexes.cypher). */
const FULLTEXT_SHAPE = { properties: ['text', 'speaker', 'groupId'], analyzer: 'english' };
/** Whether the vector indexes quantize (cypher/schema/vector-indexes.cypher). */
const VECTOR_QUANTIZED = false;

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

/** What the schema depends on in the configured embedder (ai/embeddings Embedder). */
export interface EmbedderShape {
  /** The size of its vectors, which every vector index is built for. */
  dimension: number;
  /** Whether its vectors carry meaning beyond shared words; only then do memories get a vector index. */
  semantic: boolean;
}

/**
 * Brings any database to the current schema: applies the migrations it lacks (graph/migrations.ts: what earlier
 * versions made and this one replaces, properties older data lacks), then creates every constraint and index if
 * missing. Safe to run any number of times.
 * The memories' vector index follows the embedder: made for a semantic one, dropped for one that is not. The
 * vectors stay on the nodes either way, so making it again is Neo4j's population from them, not a re-embedding.
 */
export async function applySchema(graph: Graph, embedder: EmbedderShape): Promise<MigrationReport> {
  const { dimension } = embedder;
  await assertVectorDimensions(graph, dimension);
  await dropIndexesBuiltDifferently(graph);
  const migrations = await runMigrations(graph);
  for (const file of ['schema/constraints', 'schema/indexes']) {
    for (const statement of cypherStatements(file)) await graph.autoCommit(statement);
  }
  for (const statement of cypherStatements('schema/vector-indexes'))
    await graph.autoCommit(statement, { dimension });
  if (embedder.semantic) await graph.autoCommit(cypher('schema/memory-vector-index'), { dimension });
  else await graph.autoCommit(cypher('schema/drop-index'), { name: MEMORY_VECTOR_INDEX });
  return migrations;
}

/**
 * The indexes the schema makes for this embedder: all of Strata's, less the memories' vector index for one that is
 * not semantic.
 */
function expectedIndexes(embedder: Pick<EmbedderShape, 'semantic'>): string[] {
  return STRATA_INDEXES.filter((name) => embedder.semantic || name !== MEMORY_VECTOR_INDEX);
}

export async function awaitIndexes(graph: Graph, timeoutSeconds = 300): Promise<void> {
  await graph.autoCommit(cypher('schema/await-indexes'), { timeoutSeconds });
}

/** True when every index the schema makes for this embedder exists and is ONLINE. */
export async function schemaReady(
  graph: Graph,
  embedder: Pick<EmbedderShape, 'semantic'>,
): Promise<{ ready: boolean; missing: string[]; notOnline: string[] }> {
  const rows = await listStrataIndexes(graph);
  const present = new Set(rows.map((r) => r.name));
  const missing = expectedIndexes(embedder).filter((n) => !present.has(n));
  const notOnline = rows.filter((r) => r.state !== 'ONLINE').map((r) => `${r.name} (${r.state})`);
  return { ready: missing.length === 0 && notOnline.length === 0, missing, notOnline };
}

/**
 * Indexes that an older version built differently and that cannot be altered in place: the full-text index once held
 * other properties or another analyzer, the vector indexes once quantized. Each is dropped here and created again
 * with the rest of the schema; Neo4j repopulates it from the stored properties (nothing is re-embedded).
 */
async function dropIndexesBuiltDifferently(graph: Graph): Promise<void> {
  for (const index of (await listStrataIndexes(graph)).filter(builtDifferently))
    await graph.autoCommit(cypher('schema/drop-index'), { name: index.name });
}

export function builtDifferently(index: IndexRow): boolean {
  if (index.name === FULLTEXT_INDEX)
    return (
      index.analyzer !== FULLTEXT_SHAPE.analyzer ||
      JSON.stringify(index.properties) !== JSON.stringify(FULLTEXT_SHAPE.properties)
    );
  // An index created before the option existed reports none: Neo4j's default for it is on.
  return index.type === 'VECTOR' && (index.quantized ?? true) !== VECTOR_QUANTIZED;
}
