import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWordTable } from '../../src/ai/embeddings/word-table.js';
import { UNKNOWN_WORD_DIMENSIONS, WordVectorEmbeddings } from '../../src/ai/embeddings/word-vectors.js';
import { winkJson } from '../support/word-vectors.js';

const cosine = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * (b[i] as number), 0);

describe('the word-vector embedder', () => {
  let dir = '';
  let embedder: WordVectorEmbeddings;
  // Four dimensions: vehicles along the first, crafts along the second; function words near the common direction.
  const entries: [string, number[]][] = [
    ['the', [0.2, 0.2, 0.9, 0.1]],
    ['we', [0.25, 0.15, 0.9, 0.1]],
    ['bought', [0.3, 0.3, 0.5, 0.6]],
    ['got', [0.3, 0.35, 0.5, 0.55]],
    ['car', [0.95, 0.05, 0.1, 0.2]],
    ['automobile', [0.9, 0.1, 0.15, 0.25]],
    ['pottery', [0.05, 0.95, 0.1, 0.2]],
    ['painted', [0.1, 0.9, 0.2, 0.15]],
  ];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strata-word-vectors-'));
    await writeFile(join(dir, 'vectors.json'), winkJson(entries));
    embedder = new WordVectorEmbeddings(await buildWordTable(join(dir, 'vectors.json'), 100, 'test'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts texts that mean the same near each other, with no word in common', async () => {
    const [car, automobile, pottery] = await embedder.embedDocuments([
      'We bought the car',
      'got automobile',
      'We painted the pottery',
    ]);
    expect(cosine(car as number[], automobile as number[])).toBeGreaterThan(
      cosine(car as number[], pottery as number[]) + 0.2,
    );
  });

  it('matches two texts on a word the table does not know, and ignores unknown function words', async () => {
    const zorblat = await embedder.embedQuery('Zorblat bought the car');
    const sameName = await embedder.embedQuery('Zorblat painted pottery');
    const otherName = await embedder.embedQuery('Quimby painted pottery');
    expect(cosine(zorblat, sameName)).toBeGreaterThan(cosine(zorblat, otherName) + 0.1);
    // "a" is missing from the package's table and is a stop word: it changes nothing.
    expect(await embedder.embedQuery('a car')).toEqual(await embedder.embedQuery('car'));
  });

  it('gives every text, even one without words, a unit vector of its size, the same each time', async () => {
    expect(embedder.dimension).toBe(4 + UNKNOWN_WORD_DIMENSIONS);
    for (const text of ['We bought the car', '👍', '']) {
      const vector = await embedder.embedQuery(text);
      expect(vector).toHaveLength(embedder.dimension);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 9);
      expect(await embedder.embedQuery(text)).toEqual(vector);
    }
  });
});
