import { countTermKeys, termCountRows } from '../domain/term-keys.js';
import { termCountFindings, type VerifyFinding } from '../domain/verify.js';
import { cypher } from './cypher.js';
import type { Graph, Statement } from './graph.js';

/**
 * A group's term statistics: for each key (a word's Porter stem, domain/term-keys.ts), how many of the group's
 * memories hold it, as `(:Term {groupId, term, memories})`. Recall weighs a query word by its rarity in the group
 * (BM25's idf) from them, where it read up to 500 full-text hits a word to count them. Memories do not store their
 * keys: every writer computes them from a memory's text and speaker, the same way (domain/term-keys.ts).
 *
 * Under one key that is no word (domain/term-keys.ts LENGTH_KEY) they keep the summed length of the group's memory
 * texts instead, by the same writers and the same rule.
 *
 * They are exact, kept by every writer of memories in the transaction of its write: ingest adds the keys of the
 * memories it created (cypher/ingest/write-batch.cypher), pruning takes out those of the memories it deletes
 * (graph/maintenance.ts), and deleting a group deletes its terms. A group's counts hold only its own memories.
 *
 * The counting rule, which every writer follows: a memory m of group g is counted in g's Term nodes iff
 * `g.termCursor IS NULL OR m.id <= g.termCursor` (Cypher's string order). A cursor exists only while a count of the
 * group's memories is under way (migration 7, for memories stored before the statistics were kept): it walks them in
 * id order, a batch a transaction, adds their keys and moves the cursor past them. Every writer takes the group
 * node's lock first and reads the cursor under it, so each memory is counted once, by whichever side of the cursor
 * it falls on; a crash between batches leaves the counts exact and the cursor where the next run carries on from.
 */

/** Memories a transaction of the count (or of pruning) reads, keys computed while it holds the group's lock. */
export const TERM_BATCH = 2_000;
/** Memories, then stored counts, that the recount of `strata verify` reads a page. */
const RECOUNT_MEMORY_PAGE = 5_000;
const RECOUNT_TERM_PAGE = 10_000;

/** What the keys of a memory are computed from. */
export interface MemoryWords {
  id: string;
  text: string;
  speaker: string | null;
}

/** The statement that adds `memories` to the group's counts; none when there are none. */
export function addTermCounts(groupId: string, memories: MemoryWords[]): Statement[] {
  return termStatement('terms/add-counts', groupId, memories);
}

/** The statement that takes `memories` (counted ones: the counting rule) out of the group's counts. */
export function subtractTermCounts(groupId: string, memories: MemoryWords[]): Statement[] {
  return termStatement('terms/subtract-counts', groupId, memories);
}

function termStatement(name: string, groupId: string, memories: MemoryWords[]): Statement[] {
  const terms = termCountRows(countTermKeys(memories));
  return terms.length > 0 ? [{ name, params: { groupId, terms } }] : [];
}

/**
 * The first step of a count of every group's terms (migration 7's, or migration 9's recount): every group with
 * memories gets a cursor before its first id, once per database (see cypher/schema/term-count-start.cypher for why
 * that is exact, run again or not). The groups it started.
 */
export async function startTermCounts(
  graph: Pick<Graph, 'write'>,
  start: 'schema/term-count-start' | 'schema/term-recount-start' = 'schema/term-count-start',
): Promise<number> {
  const [row] = await graph.write<{ groups: number }>(start);
  return row?.groups ?? 0;
}

/** Counts every group whose count is under way, to its end; what it counted. */
export async function countTerms(
  graph: Pick<Graph, 'read' | 'writeTx' | 'autoCommit'>,
  batchSize = TERM_BATCH,
): Promise<{ groups: number; memories: number }> {
  const groups = await graph.read<{ id: string }>('schema/term-count-groups');
  let memories = 0;
  for (const { id } of groups) memories += await countGroupTerms(graph, id, batchSize);
  return { groups: groups.length, memories };
}

/**
 * Carries a group's count on from its cursor, a batch of `batchSize` memories a transaction, until none is left
 * (the cursor removed) or `maxBatches` are done; the memories it counted. Another process counting the same group
 * at once is safe: each batch reads the cursor under the group's lock.
 */
export async function countGroupTerms(
  graph: Pick<Graph, 'writeTx' | 'autoCommit'>,
  groupId: string,
  batchSize = TERM_BATCH,
  maxBatches = Number.POSITIVE_INFINITY,
): Promise<number> {
  // Terms written before the count started go first (only while the cursor is still before every id).
  await graph.autoCommit(cypher('schema/term-count-clear'), { groupId });
  let counted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const step = await graph.writeTx(async (tx) => {
      const [page] = await tx.run<{ cursor: string; memories: MemoryWords[] }>('schema/term-count-page', {
        groupId,
        limit: batchSize,
      });
      // The group is gone, or its count is done.
      if (!page) return null;
      const full = page.memories.length === batchSize;
      const cursor = full ? (page.memories.at(-1) as MemoryWords).id : null;
      await tx.runAll([
        ...addTermCounts(groupId, page.memories),
        { name: 'schema/term-count-advance', params: { groupId, cursor } },
      ]);
      return { memories: page.memories.length, done: cursor === null };
    });
    if (!step) break;
    counted += step.memories;
    if (step.done) break;
  }
  return counted;
}

/**
 * The term-counts check of `strata verify`: the group's memories recounted, a page at a time, and compared with the
 * stored counts, read a page at a time. Skipped while a count of the group is under way (its counts hold only the
 * memories before the cursor). Pages are separate reads: a write to the group between them can show as a difference
 * that a second run does not find.
 */
export async function checkTermCounts(
  graph: Pick<Graph, 'read'>,
  groupId: string,
): Promise<{ findings: VerifyFinding[]; skipped?: string }> {
  const [group] = await graph.read<{ cursor: string | null }>('verify/term-cursor', { groupId });
  if (group?.cursor != null) {
    return {
      findings: [],
      skipped: `a count of the group's terms is under way (past ${JSON.stringify(group.cursor)}); run \`strata migrate\` to finish it`,
    };
  }
  const recount = new Map<string, number>();
  for (let afterId = ''; ; ) {
    const page = await graph.read<MemoryWords>('verify/term-memories-page', {
      groupId,
      afterId,
      limit: RECOUNT_MEMORY_PAGE,
    });
    countTermKeys(page, recount);
    if (page.length < RECOUNT_MEMORY_PAGE) break;
    afterId = (page.at(-1) as MemoryWords).id;
  }
  const stored: { term: string; memories: number }[] = [];
  for (let afterTerm = ''; ; ) {
    const page = await graph.read<{ term: string; memories: number }>('verify/terms-page', {
      groupId,
      afterTerm,
      limit: RECOUNT_TERM_PAGE,
    });
    stored.push(...page);
    if (page.length < RECOUNT_TERM_PAGE) break;
    afterTerm = (page.at(-1) as { term: string }).term;
  }
  return { findings: termCountFindings(recount, stored) };
}
