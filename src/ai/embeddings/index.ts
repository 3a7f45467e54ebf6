import { join } from 'node:path';
import type { Embeddings } from '@langchain/core/embeddings';
import { type Config, GLOVE_DIMENSION } from '../../config.js';
import type { Logger } from '../../log.js';
import { projectPath } from '../../project-files.js';
import { checkedEmbeddings } from './checked.js';
import { HashingEmbeddings } from './hashing.js';
import { createOpenAIEmbeddings } from './openai.js';
import { loadWordTable, type WordTable } from './word-table.js';
import { WordVectorEmbeddings } from './word-vectors.js';

/** An embedder together with what the schema needs to know about it. */
export interface Embedder {
  embeddings: Embeddings;
  dimension: number;
  /** Recorded with vectors and runs, e.g. "hashing-384" or "openai:text-embedding-3-small". */
  name: string;
  /**
   * Whether its vectors carry meaning beyond the words two texts share. The hashing embedder's do not: its
   * similarity is word overlap, which the full-text index already finds, so memories get no vector index of their
   * own under it (graph/schema.ts) and a vector search of memories starts from their words (recall/recall.ts).
   */
  semantic: boolean;
  /**
   * How many texts ingest embeds in one call. The local embedder takes a batch a part at a time, and each part is
   * written while the next is embedded (graph/memories.ts writeBatch): its CPU and Neo4j's writing overlap. A remote
   * one takes the whole batch in one call, since each call waits on the network.
   */
  textsPerCall: number;
}

export function createHashingEmbedder(dimension = 384, charNgrams = 0): Embedder {
  return {
    embeddings: new HashingEmbeddings({ dimension, charNgrams }),
    dimension,
    name: `hashing-${dimension}${charNgrams ? `-c${charNgrams}` : ''}`,
    semantic: false,
    // A quarter of the largest ingest batch: 6,121 and 5,820 memories/s in bench:ingest against 5,219 and 5,217
    // for the batch at once, where parts of 125 gave 5,259 and of 500 gave 5,817.
    textsPerCall: 250,
  };
}

/** The local semantic embedder over a word table (ai/embeddings/word-vectors.ts). */
export function createWordVectorEmbedder(table: WordTable): Embedder {
  const embeddings = new WordVectorEmbeddings(table);
  if (embeddings.dimension !== GLOVE_DIMENSION)
    throw new Error(
      `the word table makes ${embeddings.dimension}-dimensional vectors, not ${GLOVE_DIMENSION}`,
    );
  return {
    embeddings,
    dimension: embeddings.dimension,
    name: `glove-${table.dimensions}d-sif-${embeddings.dimension}`,
    semantic: true,
    // As the hashing embedder: local CPU, so a batch is embedded a part at a time while the last part is written.
    textsPerCall: 250,
  };
}

/**
 * Builds the configured embedder. For OpenAI without an explicit EMBEDDING_DIMENSION the size is learned
 * by embedding one probe text, so that the vector indexes are created with the size the model really returns.
 */
export async function createEmbedder(config: Config, log?: Logger): Promise<Embedder> {
  const { kind, dimension: asked, charNgrams } = config.embedder;
  if (kind === 'hashing') return createHashingEmbedder(asked, charNgrams);
  if (kind === 'glove') {
    const cacheFile =
      config.embedder.wordVectorsCache ??
      join(projectPath('node_modules'), '.cache', 'strata', 'word-vectors.bin');
    return createWordVectorEmbedder(await loadWordTable(cacheFile, (message) => log?.info(message)));
  }
  const name = `openai:${config.openai.embeddingModel}`;
  const remote = createOpenAIEmbeddings(config.openai, asked);
  const dimension = asked ?? (await remote.embedQuery('dimension probe')).length;
  return {
    embeddings: checkedEmbeddings(remote, dimension, name),
    dimension,
    name,
    semantic: true,
    textsPerCall: Number.POSITIVE_INFINITY,
  };
}
