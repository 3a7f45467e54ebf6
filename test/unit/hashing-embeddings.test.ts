import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';

const cosine = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * (b[i] as number), 0);
const norm = (a: number[]) => Math.sqrt(a.reduce((s, v) => s + v * v, 0));

describe('HashingEmbeddings', () => {
  const embedder = new HashingEmbeddings({ dimension: 384 });

  it('is deterministic across instances', async () => {
    const a = await embedder.embedQuery('We booked the cabin by the lake for July');
    const b = await new HashingEmbeddings({ dimension: 384 }).embedQuery(
      'We booked the cabin by the lake for July',
    );
    expect(a).toEqual(b);
  });

  it('has the configured size and unit length', async () => {
    const [v] = await new HashingEmbeddings({ dimension: 64 }).embedDocuments(['any text at all']);
    expect(v).toHaveLength(64);
    expect(norm(v as number[])).toBeCloseTo(1, 10);
  });

  it('puts similar texts closer than unrelated ones', async () => {
    const [a, b, c] = await embedder.embedDocuments([
      'the hiking trip to the mountains next weekend',
      'are we still doing the mountain hiking trip this weekend?',
      'the quarterly tax invoice is overdue',
    ]);
    expect(cosine(a as number[], b as number[])).toBeGreaterThan(0.3);
    expect(cosine(a as number[], b as number[])).toBeGreaterThan(cosine(a as number[], c as number[]) + 0.2);
  });

  it('ignores case and punctuation', async () => {
    const [a, b] = await embedder.embedDocuments(['Hello, World!', 'hello world']);
    expect(cosine(a as number[], b as number[])).toBeCloseTo(1, 10);
  });

  it('never returns a zero vector, even for stopwords or symbols only', async () => {
    for (const text of ['ok see you then', '🙂', '...']) {
      expect(norm(await embedder.embedQuery(text))).toBeCloseTo(1, 10);
    }
  });

  it('with character n-grams, relates inflected forms', async () => {
    const plain = new HashingEmbeddings({ dimension: 512 });
    const grams = new HashingEmbeddings({ dimension: 512, charNgrams: 3 });
    const [p1, p2] = await plain.embedDocuments(['painting', 'painted']);
    const [g1, g2] = await grams.embedDocuments(['painting', 'painted']);
    expect(cosine(g1 as number[], g2 as number[])).toBeGreaterThan(
      cosine(p1 as number[], p2 as number[]) + 0.1,
    );
  });
});
