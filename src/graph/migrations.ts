import { cypher, cypherStatements } from './cypher.js';
import type { Graph } from './graph.js';
import { countTerms, startTermCounts } from './term-stats.js';
import { backfillTurnLinks } from './turns.js';

/**
 * The changes to a database that are not the schema's desired state: what an earlier version made and this one
 * removes, and data an earlier version did not write. Each runs once, in order, and the database records its number
 * (on a `StrataSchema` node), so `migrate` applies only what a database lacks. The constraints and indexes
 * themselves are the desired state (cypher/schema/constraints.cypher, indexes.cypher), applied at every start,
 * idempotently. A new change is a new entry at the end; an entry is never edited once released.
 */
export interface Migration {
  version: number;
  name: string;
  run(graph: MigrationGraph): Promise<void>;
}

/** What a migration may use of the graph: statements, and write transactions of several steps. */
export type MigrationGraph = Pick<Graph, 'autoCommit' | 'write' | 'writeTx' | 'read'>;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'drop the constraint and indexes that earlier versions made and this one replaces',
    run: async (graph) => {
      for (const statement of cypherStatements('schema/retired')) await graph.autoCommit(statement);
    },
  },
  {
    version: 2,
    name: 'give every group its clock, the time of its latest memory',
    run: async (graph) => {
      await graph.write('schema/backfill-group-clock');
    },
  },
  {
    version: 3,
    name: 'give every group with work waiting the start of its backlog',
    run: async (graph) => {
      await graph.write('schema/backfill-group-backlog');
    },
  },
  {
    version: 4,
    name: 'mark every summary still in recall, which the daily archive seeks',
    run: async (graph) => {
      await graph.autoCommit(cypher('schema/backfill-summary-unarchived'));
    },
  },
  {
    version: 5,
    name: 'mark every session summary for the entity step, which links the entities it names',
    run: async (graph) => {
      await graph.autoCommit(cypher('schema/backfill-session-entities'));
    },
  },
  {
    version: 6,
    name: 'mark every linked session for the entity step again, which now resolves short names and initials',
    run: async (graph) => {
      await graph.autoCommit(cypher('schema/relink-session-entities'));
    },
  },
  {
    version: 7,
    name: "count every group's terms: how many of its memories hold each word, which recall weighs words by",
    // Long on a large database (a batch of memories a transaction, graph/term-stats.ts), and safe to stop: run again,
    // it carries on from each group's cursor, and ingest and pruning keep the counts exact meanwhile.
    run: async (graph) => {
      await startTermCounts(graph);
      await countTerms(graph);
    },
  },
  {
    version: 8,
    name: "link each conversation's turns in order, along which recall reads a hit's neighbouring turns",
    run: async (graph) => {
      await backfillTurnLinks(graph);
    },
  },
  {
    version: 9,
    name: "count every group's terms again, with its texts' summed length, which recall normalises term frequency by",
    // As long as migration 7, and as safe to stop.
    run: async (graph) => {
      await startTermCounts(graph, 'schema/term-recount-start');
      await countTerms(graph);
    },
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export interface MigrationReport {
  from: number;
  to: number;
  applied: string[];
}

/** Applies, in order, the migrations newer than the database's version, recording each as it completes. */
export async function runMigrations(
  graph: MigrationGraph,
  now: () => Date = () => new Date(),
): Promise<MigrationReport> {
  const [row] = await graph.read<{ version: number }>('schema/schema-version');
  const from = row?.version ?? 0;
  if (from > SCHEMA_VERSION) {
    throw new Error(
      `the database's schema is version ${from}, newer than this Strata's ${SCHEMA_VERSION}: ` +
        'run the newer version, or restore a backup made before the upgrade',
    );
  }
  const applied: string[] = [];
  for (const migration of MIGRATIONS) {
    if (migration.version <= from) continue;
    await migration.run(graph);
    const entry = `${migration.version} ${migration.name} (${now().toISOString()})`;
    await graph.write('schema/record-migration', { version: migration.version, entry });
    applied.push(`${migration.version} ${migration.name}`);
  }
  return { from, to: Math.max(from, SCHEMA_VERSION), applied };
}
