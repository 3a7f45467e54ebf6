import { setImmediate } from 'node:timers/promises';
import type { MemoryRecord } from '../domain/memory.js';
import { LENGTH_KEY, memoryTerms } from '../domain/term-keys.js';
import { toEmbeddingParam } from './embedding-param.js';
import type { Graph } from './graph.js';
import { replayable } from './replayable.js';
import { relinkTurns } from './turns.js';

export interface WrittenMemory {
  id: string;
  created: boolean;
}

/** What ingest needs of the graph. */
export type MemoryStore = Pick<MemoryRepository, keyof MemoryRepository>;

/** Reads and writes Memory nodes. A memory id is unique within its group; two groups may use the same one. */
export class MemoryRepository {
  constructor(private readonly graph: Graph) {}

  /** The ids of `ids` that the group already stores. */
  async findExisting(groupId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.graph.read<{ id: string }>('ingest/find-memories', { groupId, ids });
    return rows.map((r) => r.id);
  }

  /**
   * Writes one batch in one transaction: with each memory, the group node and its clock, the group's term counts
   * (graph/term-stats.ts), and the vector of those this batch created (a mostly-zero one sent as runs:
   * embedding-param.ts), and the links of its turns into their conversations (graph/turns.ts). The batch comes in
   * parts, two statements each (the write, then the links), sent without waiting for the one before: Neo4j writes a
   * part while the next is embedded and encoded, and the parts commit together or not at all. A retried transaction
   * (a deadlock with a cycle's write) sends the parts it was given again, not embedded again.
   */
  async writeBatch(
    groupId: string,
    timezone: string,
    parts: AsyncIterable<EmbeddedPart>,
  ): Promise<WrittenMemory[]> {
    const replay = replayable(parts);
    return this.graph.writeTx(async (tx) => {
      const sent: Promise<WrittenMemory[]>[] = [];
      const links: Promise<unknown>[] = [];
      for await (const { memories, vectors } of replay) {
        const written = tx.run<WrittenMemory>('ingest/write-batch', {
          groupId,
          timezone,
          // Each part moves the group clock to its own latest memory, if later: after all of them, the batch's.
          latestTs: latestInstant(memories.map((m) => m.ts)),
          memories: memories.map((m, i) => {
            const { keys, length } = memoryTerms(m.text, m.speaker);
            return { ...m, ...toEmbeddingParam(vectors[i] as number[]), terms: keys, length };
          }),
          lengthKey: LENGTH_KEY,
          dimension: vectors[0]?.length ?? 0,
        });
        // The part's turns linked into their conversations, right behind it: a turn a later part writes between
        // two of them is linked when that part is, so each part's links are right for all written before it.
        const linked = tx.runAll(
          relinkTurns(
            groupId,
            memories.map((m) => m.id),
          ),
        );
        // Taken by Promise.all below; until then a failure must not surface as an unhandled rejection.
        for (const pending of [written, linked]) pending.catch(() => undefined);
        sent.push(written);
        links.push(linked);
        // The driver writes the statements out on the next turn of the event loop, before the next part is embedded.
        await setImmediate();
      }
      await Promise.all(links);
      return (await Promise.all(sent)).flat();
    });
  }
}

/** Memories with their vectors, in the order of the texts embedded. */
export interface EmbeddedPart {
  memories: MemoryRecord[];
  vectors: number[][];
}

/** The latest of ISO instants with offsets, as a UTC ISO string (offsets make string order unreliable). */
function latestInstant(instants: string[]): string {
  return new Date(Math.max(...instants.map((ts) => Date.parse(ts)))).toISOString();
}
