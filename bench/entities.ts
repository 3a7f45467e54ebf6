/**
 * Offline entity extraction on WNUT 2017's dev set (../shared/bench/wnut17, noisy user text), through exactly
 * `strata entities extract` run as a child process: each sentence its tokens joined by single spaces, one JSON
 * line in and one out. Spans match exactly; typed matching maps WNUT person = person, location = place,
 * corporation and group = organisation, product = product, creative-work = work.
 * Targets: typed F1 >= 0.40, untyped F1 >= 0.50. Beside it, in the same run, a capitalisation baseline (each run of
 * capitalised words a person, the commonest kind). Throughput: sentences a second through the command (its
 * start and model load included), and through the extractor in process.
 * When the shipped model was trained on the file itself (models/entity-tagger.json.gz says what it was trained
 * on), the figures are cross-validated through the command instead: see crossValidated. WNUT's training set
 * (wnut17train.conll beside the dev set, or --train) makes the folds' models like the shipped one.
 *
 *   npm run bench:entities -- [--file <conll>] [--train <conll>] [--folds 2] [--errors]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { createLocalEntityExtractor, loadEntityModel } from '../src/ai/entities/local.js';
import { type EntityModel, encodeEntityModel } from '../src/ai/entities/model.js';
import { type Entity, tokenize } from '../src/domain/entities.js';
import {
  type GoldSentence,
  labelledText,
  parseConll,
  type Score,
  scoreEntities,
} from '../src/domain/entity-conll.js';
import { trainTagger } from '../src/domain/entity-training.js';
import { options, run } from './lib/cli.js';
import { heading, line, num, table, verdict } from './lib/format.js';
import { projectRoot } from './lib/paths.js';

const WNUT_RELATIVE = '../shared/bench/wnut17/emerging.dev.conll';
const KINDS = ['person', 'place', 'organisation', 'product', 'work'];

const TRAIN_RELATIVE = '../shared/bench/wnut17/wnut17train.conll';

const args = options({
  file: { type: 'string' },
  train: { type: 'string' },
  folds: { type: 'string', default: '2' },
  errors: { type: 'boolean', default: false },
});

/** The command's answers, one per sentence, and how long it took from start to exit. */
async function throughCommand(
  texts: string[],
  flags: string[] = [],
): Promise<{ found: Entity[][]; ms: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(projectRoot, 'src/cli/main.ts'), 'entities', 'extract', ...flags],
    { cwd: projectRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on('close', done));
  child.stdin.end(texts.map((text) => `${JSON.stringify({ text })}\n`).join(''));
  const code = await exited;
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`strata entities extract exited with ${code}`);
  const lines = out.split('\n').filter(Boolean);
  if (lines.length !== texts.length)
    throw new Error(`${texts.length} sentences in, ${lines.length} lines out`);
  const found = lines.map((l, i) => {
    const entities = (JSON.parse(l) as { entities: Entity[] }).entities;
    for (const e of entities) {
      if (texts[i]?.slice(e.start, e.end) !== e.text)
        throw new Error(`line ${i + 1}: ${JSON.stringify(e)} is off`);
    }
    return entities;
  });
  return { found, ms };
}

/** Every run of capitalised words (a sentence's first word only when another follows it) as a person. */
function capitalisationBaseline(text: string): Entity[] {
  const tokens = tokenize(text);
  const found: Entity[] = [];
  let i = 0;
  while (i < tokens.length) {
    const capital = (k: number) => /^\p{Lu}\p{Ll}/u.test(tokens[k]?.text ?? '');
    if (!capital(i) || (i === 0 && !capital(1))) {
      i += 1;
      continue;
    }
    let j = i;
    while (capital(j + 1)) j += 1;
    const start = (tokens[i] as { start: number }).start;
    const end = (tokens[j] as { end: number }).end;
    found.push({ text: text.slice(start, end), start, end, kind: 'person' });
    i = j + 1;
  }
  return found;
}

/**
 * The honest figure for a model that has seen the dev set: the dev set cut into `folds` runs of consecutive
 * sentences (comments on one video stay together), and for each a model trained as the shipped one was, with its
 * lexicon, on the WNUT training set (when there is one) and the other runs, then run through the command with
 * --model on the run it did not see.
 */
async function crossValidated(
  model: EntityModel,
  sentences: GoldSentence[],
  train: GoldSentence[],
  folds: number,
) {
  const dir = mkdtempSync(join(tmpdir(), 'strata-entities-'));
  const found: Entity[][] = [];
  try {
    for (let k = 0; k < folds; k++) {
      const foldOf = (i: number) => Math.floor((i * folds) / sentences.length);
      const held = sentences.filter((_, i) => foldOf(i) === k);
      const rest = sentences.filter((_, i) => foldOf(i) !== k);
      const trained = trainTagger([...train, ...rest].map(labelledText), model.labels, model.lexicon, {
        epochs: model.epochs,
        seed: 17,
      });
      const file = join(dir, `fold-${k}.json.gz`);
      const fold = { ...model, ...trained };
      writeFileSync(file, encodeEntityModel(fold, { source: `fold ${k}`, epochs: model.epochs }));
      found.push(
        ...(
          await throughCommand(
            held.map((s) => s.text),
            ['--model', file],
          )
        ).found,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return scoreEntities(
    sentences.map((s) => s.entities),
    found,
  );
}

const f = (x: number) => x.toFixed(3);
const prf = (s: Score | undefined) => (s ? [f(s.precision), f(s.recall), f(s.f1)] : ['-', '-', '-']);

run(async () => {
  const file = args.file ? resolve(args.file) : resolve(projectRoot, WNUT_RELATIVE);
  if (!existsSync(file)) {
    console.error(`WNUT 2017 dev set not found: ${file} (expected at ${WNUT_RELATIVE}; pass --file)`);
    process.exit(1);
  }
  const sentences: GoldSentence[] = parseConll(readFileSync(file, 'utf8'));
  const texts = sentences.map((s) => s.text);
  const gold = sentences.map((s) => s.entities);

  const command = await throughCommand(texts);
  const shipped = scoreEntities(gold, command.found);
  const baseline = scoreEntities(gold, texts.map(capitalisationBaseline));

  const model = loadEntityModel();
  const extractor = createLocalEntityExtractor(model);
  const seen = model.source.includes(basename(file));
  const trainFile = args.train ? resolve(args.train) : resolve(projectRoot, TRAIN_RELATIVE);
  const train = seen && existsSync(trainFile) ? parseConll(readFileSync(trainFile, 'utf8')) : [];
  const folds = Number(args.folds);
  const ours = seen ? await crossValidated(model, sentences, train, folds) : shipped;
  // The first pass sums every word's weights (a fresh cache); the later ones find them kept, as a long-running
  // cycle does for all but its rarest words.
  const pass = () => {
    const started = performance.now();
    for (const text of texts) extractor.extract(text);
    return performance.now() - started;
  };
  const firstMs = pass();
  const rounds = 5;
  let inProcessMs = 0;
  for (let r = 0; r < rounds; r++) inProcessMs += pass() / rounds;

  heading(`WNUT 2017 dev: ${sentences.length} sentences, ${gold.flat().length} entities (${file})`);
  console.log(`model: ${model.source}`);
  if (seen) {
    console.log(
      `The shipped model was trained on this file, so the figures below are ${folds}-fold cross-validated through\n` +
        `the command (--model): each run of consecutive sentences tagged by a model trained without it, on ` +
        (train.length > 0
          ? `${basename(trainFile)} and the other runs.`
          : `the other runs alone\n(no ${TRAIN_RELATIVE}, or --train: a lower figure than the shipped model's).`),
    );
    console.log(
      `(The shipped model itself on this file, which it has seen: typed F1 ${f(shipped.typed.f1)}, untyped ${f(shipped.untyped.f1)}.)`,
    );
  }
  table(
    ['', 'P', 'R', 'F1', 'baseline P', 'R', 'F1'],
    [
      ['typed', ...prf(ours.typed), ...prf(baseline.typed)],
      ['untyped', ...prf(ours.untyped), ...prf(baseline.untyped)],
      ...KINDS.map((k) => [
        `  ${k} (${ours.byKind[k]?.gold ?? 0} gold)`,
        ...prf(ours.byKind[k]),
        ...prf(baseline.byKind[k]),
      ]),
    ],
  );
  const events = command.found.flat().filter((e) => e.kind === 'event').length;
  console.log(`(${events} events found; WNUT marks none, so each counts against precision)`);
  line('typed F1', f(ours.typed.f1), `target >= 0.40: ${verdict(ours.typed.f1 >= 0.4)}`);
  line('untyped F1', f(ours.untyped.f1), `target >= 0.50: ${verdict(ours.untyped.f1 >= 0.5)}`);
  line(
    'through the command',
    `${num(sentences.length / (command.ms / 1000))} sentences/s`,
    `${num(command.ms)} ms, the process's start and model load included`,
  );
  line(
    'in process, first pass',
    `${num(sentences.length / (firstMs / 1000))} sentences/s`,
    `${num((firstMs / sentences.length) * 20, 2)} ms for a session of 20 messages`,
  );
  line(
    'in process, words known',
    `${num(sentences.length / (inProcessMs / 1000))} sentences/s`,
    `${num((inProcessMs / sentences.length) * 20, 2)} ms for a session of 20 messages`,
  );

  if (args.errors) {
    heading('errors (gold kind -> found kind: text)');
    sentences.forEach((s, i) => {
      const found = command.found[i] ?? [];
      for (const g of s.entities) {
        const hit = found.find((e) => e.start === g.start && e.end === g.end);
        if (!hit || hit.kind !== g.kind)
          console.log(`${g.kind} -> ${hit?.kind ?? 'missed'}: ${s.text.slice(g.start, g.end)}`);
      }
      for (const e of found) {
        if (!s.entities.some((g) => g.start === e.start && g.end === e.end))
          console.log(`none -> ${e.kind}: ${e.text}`);
      }
    });
  }
});
