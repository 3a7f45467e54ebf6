import { describe, expect, it } from 'vitest';
import { loadLocalEntityExtractor } from '../../src/ai/entities/local.js';
import { decodeEntityModel, ENTITY_LABELS, encodeEntityModel } from '../../src/ai/entities/model.js';
import { tokenize } from '../../src/domain/entities.js';
import type { WordInfo } from '../../src/domain/entity-features.js';
import { tokenFeatures } from '../../src/domain/entity-features.js';
import {
  allowedTransitions,
  emissionScores,
  fastEmissionScores,
  type TaggerModel,
  tagTokens,
  viterbi,
} from '../../src/domain/entity-tagger.js';
import { type LabelledText, trainTagger } from '../../src/domain/entity-training.js';

describe('the sequence tagger', () => {
  it('never lets an I- follow O or another kind', () => {
    const labels = ['O', 'B-person', 'I-person', 'B-place', 'I-place'];
    const allowed = allowedTransitions(labels);
    const L = labels.length;
    expect(allowed[0 * L + 2]).toBe(0); // O -> I-person
    expect(allowed[3 * L + 2]).toBe(0); // B-place -> I-person
    expect(allowed[1 * L + 2]).toBe(1); // B-person -> I-person
    expect(allowed[L * L + 4]).toBe(0); // start -> I-place
    // I-person scores best on its own at token 1, but only B-person may come before it.
    const scores = Float64Array.from([5, 4, 0, 0, 0, 0, 0, 9, 0, 0]);
    expect(viterbi(scores, 2, new Float64Array((L + 1) * L), allowed, L)).toEqual([1, 2]);
  });

  const lexicon = new Map<string, WordInfo>([
    ['i', { rank: 0, fine: 2, coarse: 2 }],
    ['met', { rank: 1, fine: 1, coarse: 1 }],
    ['visited', { rank: 2, fine: 1, coarse: 1 }],
  ]);
  const people = ['Ana', 'Bruno', 'Carla', 'Duarte', 'Eva', 'Filipe'];
  const places = ['Porto', 'Braga', 'Faro', 'Evora', 'Aveiro', 'Coimbra'];
  const sentence = (verb: string, name: string, kind: string): LabelledText => ({
    tokens: tokenize(`I ${verb} ${name} today`),
    labels: ['O', 'O', `B-${kind}`, 'O'],
  });
  const texts = [
    ...people.map((p) => sentence('met', p, 'person')),
    ...places.map((p) => sentence('visited', p, 'place')),
  ];

  it('learns from labelled texts to tag names it never saw, by their context', () => {
    const model: TaggerModel = {
      labels: ENTITY_LABELS,
      lexicon,
      ...trainTagger(texts, ENTITY_LABELS, lexicon, { epochs: 5, seed: 1 }),
    };
    expect(tagTokens(model, tokenize('I met Gil today'))).toEqual(['O', 'O', 'B-person', 'O']);
    expect(tagTokens(model, tokenize('I visited Lagos today'))).toEqual(['O', 'O', 'B-place', 'O']);
  });

  it('scores with cached sums exactly as with every feature built', () => {
    const model: TaggerModel = {
      labels: ENTITY_LABELS,
      lexicon,
      ...trainTagger(texts, ENTITY_LABELS, lexicon, { epochs: 3, seed: 2 }),
    };
    for (const text of ['I met Gil today', 'met', 'I visited Porto and met Ana , I met Ana', '']) {
      const tokens = tokenize(text);
      const slow = emissionScores(tokenFeatures(tokens, lexicon), model.weights, ENTITY_LABELS.length);
      // Twice: the second time from the cache.
      for (let round = 0; round < 2; round++) {
        const fast = fastEmissionScores(model, tokens);
        expect(fast.length).toBe(slow.length);
        fast.forEach((v, i) => {
          expect(v).toBeCloseTo(slow[i] as number, 3);
        });
      }
    }
  });

  it('tags the same after its model is written and read back', () => {
    const model: TaggerModel = {
      labels: ENTITY_LABELS,
      lexicon: new Map([...lexicon, ['gil', { rank: -1, fine: -1, coarse: -1, name: true }]]),
      ...trainTagger(texts, ENTITY_LABELS, lexicon, { epochs: 5, seed: 1 }),
      outsideBias: 0.5,
    };
    const read = decodeEntityModel(encodeEntityModel(model, { source: 'test', epochs: 5 }));
    expect(read.source).toBe('test');
    expect(read.epochs).toBe(5);
    expect(read.outsideBias).toBe(0.5);
    expect(read.lexicon.get('gil')).toEqual({ rank: -1, fine: -1, coarse: -1, name: true });
    expect(read.lexicon.get('met')).toEqual({ rank: 1, fine: 1, coarse: 1 });
    for (const text of ['I met Gil today', 'I visited Lagos today', 'met visited I']) {
      expect(tagTokens(read, tokenize(text))).toEqual(tagTokens(model, tokenize(text)));
    }
  });
});

describe('the shipped extractor', () => {
  const extractor = loadLocalEntityExtractor();

  it('finds people, places, organisations and products in plain sentences', () => {
    const kinds = (text: string) => Object.fromEntries(extractor.extract(text).map((e) => [e.text, e.kind]));
    expect(kinds('Angela Merkel spoke in Berlin today')).toEqual({
      'Angela Merkel': 'person',
      Berlin: 'place',
    });
    expect(kinds('my sister Emma moved to London to work for Amazon')).toEqual({
      Emma: 'person',
      London: 'place',
      Amazon: 'organisation',
    });
    expect(kinds('then we played Minecraft on my Xbox')).toEqual({ Minecraft: 'work', Xbox: 'product' });
  });

  it('gives offsets into the text as given, whatever its spacing and marks', () => {
    const text = '  lol   did u see (Taylor Swift’s) show in   London?? 😀 @jimmy said "Apple" rocks\n';
    const found = extractor.extract(text);
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) {
      expect(text.slice(e.start, e.end)).toBe(e.text);
      expect(e.end).toBeGreaterThan(e.start);
    }
  });

  it('makes the speakers people, over what the tagger said, lower case included', () => {
    const text = 'went to Florence with dakota, then kim came';
    const kinds = (speakers?: string[]) =>
      Object.fromEntries(extractor.extract(text, { speakers }).map((e) => [e.text, e.kind]));
    expect(kinds().Florence).toBe('place');
    expect(kinds().kim).toBeUndefined();
    expect(kinds(['Florence Welch', 'Kim'])).toMatchObject({ Florence: 'person', kim: 'person' });
    const people = extractor
      .extract('will you come? Will said he may', { speakers: ['Will', 'May'] })
      .map((e) => [e.text, e.kind]);
    expect(people).toEqual([['Will', 'person']]);
  });

  it('adds events the tagger leaves alone, and finds nothing in an empty text', () => {
    const found = extractor.extract('we are going to the Glastonbury Festival next week');
    expect(found.some((e) => e.kind === 'event' && e.text.endsWith('Festival'))).toBe(true);
    expect(extractor.extract('')).toEqual([]);
    expect(extractor.extract('   ')).toEqual([]);
  });
});
