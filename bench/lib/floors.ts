/**
 * The raw Neo4j figure that bounds a benchmark, measured in the same run on the same data: the same rows written by a
 * bare UNWIND ... CREATE into a throwaway label (`BenchFloor`, tagged with the run and deleted afterwards). Strata's
 * figure divided by it is what compares across machines. Rows are prepared before the clock starts, so a floor is the
 * database's work alone (plus the driver sending the rows).
 */
import { randomUUID } from 'node:crypto';
import { boundedBatches } from '../../src/domain/batches.js';
import { SUMMARY_LEVELS } from '../../src/domain/levels.js';
import { toMemoryRecord } from '../../src/domain/memory.js';
import { toEmbeddingParam } from '../../src/graph/embedding-param.js';
import { inParallel } from '../../src/jobs/in-parallel.js';
import { SUMMARIES_PER_WRITE, SUMMARY_CHILDREN_PER_WRITE } from '../../src/jobs/rollup-level.js';
import type { Strata } from '../../src/strata.js';
import type { BenchGroup } from './demo-data.js';

export interface Floor {
  ms: number;
  nodes: number;
  relationships: number;
}

/** Memories the ingest floor prepares at a time (records and vectors), each chunk's writes timed on their own. */
const FLOOR_CHUNK = 50_000;

/** Summaries the roll-up floor reads a page at a time (with their children), before it writes them. */
const FLOOR_PAGE = SUMMARIES_PER_WRITE;

/**
 * What one transaction of a floor's removal deletes at most: as many relationships, or nodes, as one of the cycle's
 * writes creates.
 */
const FLOOR_DELETES_PER_WRITE = SUMMARY_CHILDREN_PER_WRITE;

/** Before every instant Neo4j can hold: a level's first page starts there. */
const FIRST_PAGE = { startsAt: '-999999999-01-01T00:00:00Z', id: '' };

/**
 * Ingest's floor: every group's memories with their vectors, in the same batches, `concurrency` transactions at a
 * time. Rows are prepared (ids, vectors) untimed, FLOOR_CHUNK at a time, then written timed.
 */
export async function ingestFloor(
  strata: Strata,
  groups: BenchGroup[],
  options: { batch: number; concurrency: number },
): Promise<Floor> {
  const run = randomUUID();
  let ms = 0;
  let nodes = 0;
  try {
    for (const group of groups) {
      // Rows are prepared a chunk at a time, outside the timing: a million memories' vectors at once outgrew the
      // JS heap (bench:ingest -- --memories 1000000 --groups 1 died here).
      for (let from = 0; from < group.memories.length; from += FLOOR_CHUNK) {
        const chunk = group.memories.slice(from, from + FLOOR_CHUNK);
        const records = chunk.map((m) => toMemoryRecord(group.groupId, m));
        const vectors = await strata.embedder.embeddings.embedDocuments(records.map((r) => r.text));
        // Vectors go as Strata sends them: whole, or a mostly-zero one as runs.
        const rows = records.map((r, i) => ({ ...r, ...toEmbeddingParam(vectors[i] as number[]) }));
        const batches = boundedBatches(rows, options.batch);
        const started = performance.now();
        await inParallel(batches, options.concurrency, async (batch) => {
          await strata.graph.write('bench/ingest-floor', {
            run,
            rows: batch,
            dimension: vectors[0]?.length ?? 0,
          });
        });
        ms += performance.now() - started;
        nodes += rows.length;
      }
    }
  } finally {
    await deleteFloor(strata, 'bench/floor-delete-nodes', { run });
  }
  return { ms, nodes, relationships: 0 };
}

/** What the roll-up's floors write of one summary (bench/rollup-floor-page): the bare floor sends the first four. */
interface FloorRow {
  id: string;
  text: string;
  embedding: number[] | null;
  contentEmbedding: number[] | null;
  children: string[];
  level: string;
  periodStart: string;
  startsAt: string;
  endsAt: string;
  sessionKey: string | null;
  parentPending: boolean | null;
}

/**
 * The roll-up's floor: for each group, as many nodes as it has summaries (same texts, both vectors) and as many
 * relationships as their SUMMARIZES, to the same children, in transactions bounded as the cycle bounds its own.
 * Bare, they go into a throwaway label that no index covers. `indexed`: as :Summary nodes of a throwaway group
 * with the properties the summary indexes hold, so the database also keeps every index a summary has, which the
 * cycle cannot do without (recall finds summaries by them, the cycle its pending work).
 */
export async function rollupFloor(
  strata: Strata,
  groupIds: string[],
  options: { indexed?: boolean } = {},
): Promise<Floor> {
  const run = randomUUID();
  const floorGroup = `bench-floor-${run}`;
  const floor: Floor = { ms: 0, nodes: 0, relationships: 0 };
  try {
    // A page of a level at a time, read untimed, then written in the cycle's bounds, timed: a million memories'
    // summaries with their two million children, read and sorted at once, were more than Neo4j's heap should hold.
    for (const groupId of groupIds)
      for (const level of SUMMARY_LEVELS)
        for (let after = FIRST_PAGE; ; ) {
          const read = await strata.graph.read<FloorRow>('bench/rollup-floor-page', {
            groupId,
            level,
            afterStartsAt: after.startsAt,
            afterId: after.id,
            limit: FLOOR_PAGE,
          });
          await writeFloorPage(strata, read, floor, { run, floorGroup, indexed: options.indexed ?? false });
          const last = read.at(-1);
          if (!last || read.length < FLOOR_PAGE) break;
          after = last;
        }
  } finally {
    await deleteFloor(strata, 'bench/floor-delete-links', { run });
    if (options.indexed) await deleteFloor(strata, 'bench/floor-delete-nodes-indexed', { floorGroup });
    else await deleteFloor(strata, 'bench/floor-delete-nodes', { run });
  }
  return floor;
}

/** One page of the roll-up's floor, written as the cycle writes its summaries: bounded in rows and in children. */
async function writeFloorPage(
  strata: Strata,
  read: FloorRow[],
  floor: Floor,
  options: { run: string; floorGroup: string; indexed: boolean },
): Promise<void> {
  // A summary archived since (bench:aggregate --prune) has lost the recall vector the cycle wrote: its text,
  // embedded again, stands in for it.
  const vectors = await Promise.all(
    read.map((r) => r.embedding ?? strata.embedder.embeddings.embedQuery(r.text)),
  );
  // Summary vectors go as the cycle sends them: whole, or a mostly-zero one as runs. The bare floor sends no
  // more than it writes, so that its figure holds no encoding of fields it leaves out.
  const rows = read.map(({ embedding: _, ...row }, i) => ({
    ...(options.indexed ? row : bareRow(row)),
    ...toEmbeddingParam(vectors[i] as number[]),
  }));
  const dimension = vectors[0]?.length ?? 0;
  const batches = boundedBatches(
    rows,
    SUMMARIES_PER_WRITE,
    SUMMARY_CHILDREN_PER_WRITE,
    (r) => r.children.length,
  );
  const started = performance.now();
  for (const batch of batches)
    await strata.graph.write(options.indexed ? 'bench/rollup-floor-indexed' : 'bench/rollup-floor', {
      run: options.run,
      rows: batch,
      dimension,
      ...(options.indexed ? { floorGroup: options.floorGroup } : {}),
    });
  floor.ms += performance.now() - started;
  floor.nodes += rows.length;
  floor.relationships += rows.reduce((n, r) => n + r.children.length, 0);
}

/** Runs one of a floor's removal statements until it deletes nothing: each run one bounded transaction. */
async function deleteFloor(strata: Strata, statement: string, params: Record<string, string>): Promise<void> {
  for (;;) {
    const [row] = await strata.graph.write<{ deleted: number }>(statement, {
      ...params,
      limit: FLOOR_DELETES_PER_WRITE,
    });
    if (!row?.deleted) return;
  }
}

function bareRow({ id, text, contentEmbedding, children }: Omit<FloorRow, 'embedding'>) {
  return { id, text, contentEmbedding, children };
}
