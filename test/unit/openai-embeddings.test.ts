import type { Embeddings } from '@langchain/core/embeddings';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedEmbeddings } from '../../src/ai/embeddings/checked.js';
import { createEmbedder, type Embedder } from '../../src/ai/embeddings/index.js';
import { toHttpError } from '../../src/api/errors.js';
import { loadConfig } from '../../src/config.js';
import { EmbedderError } from '../../src/errors.js';
import type { EmbeddedPart, MemoryStore } from '../../src/graph/memories.js';
import { ingestMemories } from '../../src/ingest/ingest.js';
import { type EmbeddingAnswer, FakeEmbeddings } from '../support/fake-embeddings.js';

const DIMENSION = 8;

describe('an OpenAI-compatible embedder, against a fake server', () => {
  let server: FakeEmbeddings | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  async function embedderAnswering(
    script: EmbeddingAnswer[],
    env: Record<string, string> = {},
  ): Promise<Embedder> {
    server = new FakeEmbeddings(DIMENSION, script);
    const url = await server.start();
    return createEmbedder(
      loadConfig({
        EMBEDDER: 'openai',
        OPENAI_BASE_URL: url,
        EMBEDDING_DIMENSION: String(DIMENSION),
        OPENAI_MAX_RETRIES: '0',
        OPENAI_TIMEOUT_MS: '2000',
        ...env,
      }),
    );
  }

  it('sends texts in batches of 256 and keeps their order', async () => {
    const embedder = await embedderAnswering(['ok']);
    const texts = Array.from({ length: 600 }, (_, i) => 'x'.repeat(i + 1));
    const vectors = await embedder.embeddings.embedDocuments(texts);
    expect(server?.requests).toEqual([256, 256, 88]);
    expect(vectors.map((v) => v[0])).toEqual(texts.map((t) => t.length));
    expect(embedder).toMatchObject({ dimension: DIMENSION, semantic: true });
  });

  it('waits as a 429 says in Retry-After, then goes on', async () => {
    const embedder = await embedderAnswering(['rate-limit', 'ok'], { OPENAI_MAX_RETRIES: '2' });
    const started = Date.now();
    const [vector] = await embedder.embeddings.embedDocuments(['kiln']);
    expect(vector?.[0]).toBe(4);
    expect(server?.requests).toEqual([1, 1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('gives up on a server that does not answer within OPENAI_TIMEOUT_MS, with an EmbedderError', async () => {
    const embedder = await embedderAnswering(['timeout'], { OPENAI_TIMEOUT_MS: '300' });
    const started = Date.now();
    const failure = await embedder.embeddings.embedQuery('kiln').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EmbedderError);
    expect((failure as Error).message).toMatch(/openai:text-embedding-3-small failed: .*time/i);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses vectors of the wrong size or number, saying what came back and what to check', async () => {
    const wrongSize = await embedderAnswering(['wrong-size']);
    const failure = await wrongSize.embeddings.embedDocuments(['a', 'b']).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EmbedderError);
    expect((failure as Error).message).toContain('a vector of 7 numbers (text 0); the vector indexes hold 8');
    expect((failure as Error).message).toContain('EMBEDDING_DIMENSION');
    await server?.stop();
    const tooFew = await embedderAnswering(['too-few']);
    // LangChain's client fails on the missing item before Strata counts them; either way nothing is stored.
    await expect(tooFew.embeddings.embedDocuments(['a', 'b'])).rejects.toBeInstanceOf(EmbedderError);
    // The API answers 502 with why, and says nothing was written.
    expect(toHttpError(failure)).toMatchObject({ status: 502, code: 'embedder_failed' });
    expect(toHttpError(failure)?.message).toContain('nothing was written');
  });

  it('stores no memory when the embedder fails: the write never gets a part', async () => {
    for (const answer of ['wrong-size', 'server-error'] as const) {
      const embedder = await embedderAnswering([answer]);
      const partsWritten: EmbeddedPart[] = [];
      const store = {
        findExisting: async () => [],
        writeBatch: async (_groupId: string, _timezone: string, parts: AsyncIterable<EmbeddedPart>) => {
          for await (const part of parts) partsWritten.push(part);
          return [];
        },
      } as unknown as MemoryStore;
      const memories = [{ text: 'The kiln is hot', speaker: 'ana', ts: '2024-05-01T10:00:00Z' }];
      await expect(
        ingestMemories({ memories: store, embedder, defaultTimezone: 'UTC' }, 'team', memories),
      ).rejects.toBeInstanceOf(EmbedderError);
      expect(partsWritten).toEqual([]);
      await server?.stop();
      server = null;
    }
  });
});

describe('checkedEmbeddings', () => {
  it('counts the vectors against the texts, and refuses numbers that are not finite', async () => {
    const answering = (vectors: number[][]) =>
      checkedEmbeddings(
        {
          embedDocuments: async () => vectors,
          embedQuery: async () => vectors[0] ?? [],
        } as unknown as Embeddings,
        2,
        'test-embedder',
      );
    await expect(answering([[1, 0]]).embedDocuments(['a', 'b'])).rejects.toThrow(
      'test-embedder answered 1 vectors for 2 texts',
    );
    await expect(answering([[1, Number.NaN]]).embedQuery('a')).rejects.toThrow('not all numbers (text 0)');
    expect(await answering([[1, 0]]).embedQuery('a')).toEqual([1, 0]);
  });
});
