import { SchemaMismatchError } from '../errors.js';
import { cypher, cypherStatements } from './cypher.js';
import type { Graph } from './graph.js';
import { type MigrationReport, runMigrations } from './migrations.js';
import { isVectorSlotName, slotVectorIndexes, VECTOR_SLOTS, type VectorSlot } from './vector-slots.js';

export const VECTOR_INDEXES = slotVectorIndexes(VECTOR_SLOTS.a);
export const FULLTEXT_INDEX = 'group_text_fulltext';
/**
 * Every index the schema files make, the vector indexes as slot a's (test/unit/schema.test.ts holds the two
 * together): readiness checks them all, with the database's slot's vector indexes in place of slot a's.
 */
export const STRATA_INDEXES = [
  ...VECTOR_INDEXES,
  FULLTEXT_INDEX,
  'memory_group',
  'summary_group',
  'era_group',
  'topic_group',
  'entity_group',
  'memory_group_ts',
  'summary_group_level_start',
  'summary_group_level_starts_at',
  'summary_group_level_ends_at',
  'summary_group_session_key',
  'memory_group_session_pending_ts',
  'memory_group_day_pending_ts',
  'summary_group_parent_pending',
  'summary_group_entities_pending_starts',
  'entity_group_first_name',
  'entity_group_short_name',
  'entity_group_initials',
  'entity_group_mentions',
  'entity_group_last_seen',
  'entity_names_fulltext',
  'summary_group_level_unarchived_ends',
  'memory_group_ingested',
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

/** Strata's indexes as Neo4j has them, the other vector slot's included (a re-embedding builds them). */
export async function listStrataIndexes(graph: Graph): Promise<IndexRow[]> {
  const names = [...STRATA_INDEXES, ...slotVectorIndexes(VECTOR_SLOTS.b)];
  return graph.autoCommit<IndexRow>(cypher('schema/show-indexes'), { names });
}

/**
 * Stops when an existing vector index of the slot was built for another embedder size: writing vectors of the
 * wrong size would fail on every ingest, or worse, silently leave memories unsearchable.
 */
export async function assertVectorDimensions(
  graph: Graph,
  dimension: number,
  slot: VectorSlot = VECTOR_SLOTS.a,
): Promise<void> {
  const names = new Set(slotVectorIndexes(slot));
  const wrong = (await listStrataIndexes(graph)).filter(
    (i) =>
      names.has(i.name) && i.type === 'VECTOR' && i.dimensions !== null && Number(i.dimensions) !== dimension,
  );
  if (wrong.length === 0) return;
  const found = wrong.map((i) => `${i.name} has ${i.dimensions}`).join(', ');
  throw new SchemaMismatchError(
    `Vector index size does not match the embedder: the embedder makes ${dimension}-dimensional vectors but ${found}. ` +
      `Configure the embedder that built them, or run ${REEMBED_COMMAND} with this configuration to re-embed the ` +
      'database beside them.',
  );
}

/** What to run to move a database's vectors to the configured embedder (cli/commands/reembed.ts). */
export const REEMBED_COMMAND = '`strata reembed` (npm run strata -- reembed)';

/** The database's record of its vectors (cypher/schema/embedder.cypher). */
export interface EmbedderRecord {
  /** Null for a database made before the record was kept. */
  embedder: string | null;
  dimension: number | null;
  slot: VectorSlot;
  /** A re-embedding under way (jobs/reembed.ts): the embedder it fills the other slot with. */
  reembed: { embedder: string; dimension: number; semantic: boolean } | null;
  /** Memories, summaries and eras in the database: none means no vector to keep. */
  nodes: number;
}

export async function readEmbedderRecord(graph: Pick<Graph, 'read'>): Promise<EmbedderRecord> {
  const [row] = await graph.read<{
    embedder: string | null;
    dimension: number | null;
    slot: string;
    reembedTo: string | null;
    reembedDimension: number | null;
    reembedSemantic: boolean | null;
    nodes: number;
  }>('schema/embedder');
  if (!row) throw new Error('schema/embedder returned no row');
  return {
    embedder: row.embedder,
    dimension: row.dimension,
    slot: VECTOR_SLOTS[isVectorSlotName(row.slot) ? row.slot : 'a'],
    reembed: row.reembedTo
      ? {
          embedder: row.reembedTo,
          dimension: row.reembedDimension ?? 0,
          semantic: row.reembedSemantic === true,
        }
      : null,
    nodes: row.nodes,
  };
}

/**
 * Checks that the database's vectors come from the configured embedder and points the graph at their slot: a
 * database whose record names another embedder stops here, with the command that re-embeds it. One made before
 * the record was kept is held to the size of its indexes, as before.
 */
export async function checkEmbedder(graph: Graph, embedder: EmbedderShape): Promise<EmbedderRecord> {
  const record = await readEmbedderRecord(graph);
  if (record.embedder === null) await assertVectorDimensions(graph, embedder.dimension, record.slot);
  else if (record.embedder !== embedder.name) throw embedderMismatch(record, embedder);
  graph.useVectorSlot(record.slot);
  return record;
}

function embedderMismatch(record: EmbedderRecord, embedder: EmbedderShape): SchemaMismatchError {
  const underWay =
    record.reembed?.embedder === embedder.name
      ? ` A re-embedding to ${embedder.name} is under way or was stopped: run ${REEMBED_COMMAND} again to finish it, then start.`
      : ` Run ${REEMBED_COMMAND} with this configuration: it embeds the database again beside the old vectors while ` +
        'a Strata configured as before keeps answering, then switches to the new ones.';
  return new SchemaMismatchError(
    `The database's vectors come from the embedder ${record.embedder} (${record.dimension} dimensions), but this ` +
      `Strata is configured with ${embedder.name} (${embedder.dimension} dimensions).` +
      `${underWay} Or configure ${record.embedder} again (EMBEDDER, EMBEDDING_DIMENSION).`,
  );
}

/** What the schema depends on in the configured embedder (ai/embeddings Embedder). */
export interface EmbedderShape {
  /** Its name, recorded with the vectors it makes (ai/embeddings Embedder). */
  name: string;
  /** The size of its vectors, which every vector index is built for. */
  dimension: number;
  /** Whether its vectors carry meaning beyond shared words; only then do memories get a vector index. */
  semantic: boolean;
}

/**
 * Brings any database to the current schema: applies the migrations it lacks (graph/migrations.ts: what earlier
 * versions made and this one replaces, properties older data lacks), then creates every constraint and index if
 * missing. Safe to run any number of times.
 * The vectors' record comes first: a database with vectors from another embedder stops (checkEmbedder), one with no
 * memory, summary or era yet takes the configured embedder, its vector indexes made again at the new size.
 * The memories' vector index follows the embedder: made for a semantic one, dropped for one that is not. The
 * vectors stay on the nodes either way, so making it again is Neo4j's population from them, not a re-embedding.
 */
export async function applySchema(graph: Graph, embedder: EmbedderShape): Promise<MigrationReport> {
  const { dimension } = embedder;
  const record = await readEmbedderRecord(graph);
  const empty = record.nodes === 0 && record.reembed === null;
  if (empty && record.embedder !== embedder.name) {
    for (const name of slotVectorIndexes(record.slot))
      await graph.autoCommit(cypher('schema/drop-index'), { name });
  } else await checkEmbedder(graph, embedder);
  await dropIndexesBuiltDifferently(graph);
  const migrations = await runMigrations(graph);
  for (const file of ['schema/constraints', 'schema/indexes']) {
    for (const statement of cypherStatements(file)) await graph.autoCommit(statement);
  }
  await createSlotIndexes(graph, record.slot, embedder);
  if (record.embedder !== embedder.name)
    await graph.write('schema/record-embedder', {
      embedder: embedder.name,
      dimension,
      slot: record.slot.name,
    });
  graph.useVectorSlot(record.slot);
  return migrations;
}

/** Makes a slot's vector indexes for the embedder: the memories' only for a semantic one (dropped otherwise). */
export async function createSlotIndexes(
  graph: Graph,
  slot: VectorSlot,
  embedder: EmbedderShape,
): Promise<void> {
  const { dimension } = embedder;
  for (const statement of cypherStatements(slot.indexFiles.summariesAndEras))
    await graph.autoCommit(statement, { dimension });
  if (embedder.semantic) await graph.autoCommit(cypher(slot.indexFiles.memories), { dimension });
  else await graph.autoCommit(cypher('schema/drop-index'), { name: slot.memoryVectorIndex });
}

/** Drops a slot's vector indexes (the slot a re-embedding leaves behind, or one it is about to fill). */
export async function dropSlotIndexes(graph: Graph, slot: VectorSlot): Promise<void> {
  for (const name of slotVectorIndexes(slot)) await graph.autoCommit(cypher('schema/drop-index'), { name });
}

/**
 * The indexes the schema makes for this embedder in the graph's vector slot: all of Strata's, the slot's vector
 * indexes in place of slot a's, less the memories' vector index for an embedder that is not semantic.
 */
function expectedIndexes(slot: VectorSlot, embedder: Pick<EmbedderShape, 'semantic'>): string[] {
  const vectorIndexes = new Set<string>(VECTOR_INDEXES);
  return [
    ...STRATA_INDEXES.filter((name) => !vectorIndexes.has(name)),
    ...slotVectorIndexes(slot).filter((name) => embedder.semantic || name !== slot.memoryVectorIndex),
  ];
}

export async function awaitIndexes(graph: Graph, timeoutSeconds = 300): Promise<void> {
  await graph.autoCommit(cypher('schema/await-indexes'), { timeoutSeconds });
}

/**
 * True when every index the schema makes for this embedder exists and is ONLINE. The other vector slot's indexes,
 * which a re-embedding builds beside, do not count.
 */
export async function schemaReady(
  graph: Graph,
  embedder: Pick<EmbedderShape, 'semantic'>,
): Promise<{ ready: boolean; missing: string[]; notOnline: string[] }> {
  const expected = new Set(expectedIndexes(graph.vectorSlot, embedder));
  const rows = (await listStrataIndexes(graph)).filter((r) => expected.has(r.name));
  const present = new Set(rows.map((r) => r.name));
  const missing = [...expected].filter((n) => !present.has(n));
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
