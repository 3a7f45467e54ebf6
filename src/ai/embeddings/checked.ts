import type { Embeddings } from '@langchain/core/embeddings';
import { EmbedderError } from '../../errors.js';

/**
 * A remote embedder held to what Strata stores: one vector per text, each of `dimension` finite numbers, or an
 * EmbedderError that says what came back and what to set. A server's own failure (after the client's retries)
 * becomes an EmbedderError too, so ingest writes nothing and the API answers 502 rather than 500.
 */
export function checkedEmbeddings<E extends Embeddings>(embeddings: E, dimension: number, name: string): E {
  const check = (vectors: number[][], texts: number): number[][] => {
    if (vectors.length !== texts)
      throw new EmbedderError(`${name} answered ${vectors.length} vectors for ${texts} texts`);
    for (const [i, vector] of vectors.entries()) {
      if (vector.length !== dimension)
        throw new EmbedderError(
          `${name} answered a vector of ${vector.length} numbers (text ${i}); the vector indexes hold ${dimension}: ` +
            'check OPENAI_EMBEDDING_MODEL and EMBEDDING_DIMENSION',
        );
      if (!vector.every(Number.isFinite))
        throw new EmbedderError(`${name} answered a vector that is not all numbers (text ${i})`);
    }
    return vectors;
  };
  const failed = (error: unknown): never => {
    if (error instanceof EmbedderError) throw error;
    throw new EmbedderError(`${name} failed: ${(error as Error).message}`, { cause: error });
  };
  return new Proxy(embeddings, {
    get(target, property, receiver) {
      if (property === 'embedDocuments')
        return (texts: string[]) => target.embedDocuments(texts).then((v) => check(v, texts.length), failed);
      if (property === 'embedQuery')
        return (text: string) => target.embedQuery(text).then((v) => check([v], 1)[0] as number[], failed);
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
