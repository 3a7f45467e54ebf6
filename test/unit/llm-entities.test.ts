import { afterEach, describe, expect, it } from 'vitest';
import { createEntityExtractor } from '../../src/ai/entities/index.js';
import { LlmEntityExtractor } from '../../src/ai/entities/llm.js';
import { lazyLocalEntityExtractor, loadLocalEntityExtractor } from '../../src/ai/entities/local.js';
import { createChatModel } from '../../src/ai/summarizers/index.js';
import { loadConfig } from '../../src/config.js';
import type { SpokenMessage } from '../../src/domain/entities.js';
import { type EntityAnswer, FakeEntityModel } from '../support/fake-entity-model.js';

/** What the fake model knows, in the kinds models write; it also invents "Atlantis" in the first message it answers. */
const DICTIONARY: Record<string, string> = {
  Lisbon: 'location',
  'Maria Silva': 'PERSON',
  Maria: 'person',
  Dune: 'creative-work',
  'Gulbenkian Museum': 'organization',
};
const SPEAKERS = ['Ana Costa', 'Ben Okafor'];
const MESSAGES: SpokenMessage[] = [
  { text: 'I just booked my flight to Lisbon.', speaker: 'Ana Costa' },
  { text: 'Is Maria Silva coming? Ana, ask her.', speaker: 'Ben Okafor' },
  { text: 'We watched Dune near the Gulbenkian Museum.', speaker: 'Ana Costa' },
];

const named = (entities: { text: string; kind: string }[][]) =>
  entities.map((found) => found.map((e) => `${e.text}/${e.kind}`));

describe('the LLM entity extractor, against a fake OpenAI-compatible server', () => {
  let fake: FakeEntityModel | null = null;
  afterEach(async () => {
    await fake?.stop();
    fake = null;
  });

  const configFor = (baseUrl: string, env: Record<string, string> = {}) =>
    loadConfig({
      SUMMARIZER: 'openai',
      OPENAI_BASE_URL: baseUrl,
      OPENAI_API_KEY: 'sk-fake-for-loopback',
      OPENAI_MAX_RETRIES: '0',
      ...env,
    });
  const start = async (answer: EntityAnswer) => {
    fake = new FakeEntityModel(DICTIONARY).answering(answer);
    return fake.start();
  };

  it('asks once for a session, its messages numbered, and grounds the answer in the messages', async () => {
    const extractor = createEntityExtractor(configFor(await start('ok')))();
    const result = await extractor.extractSession(MESSAGES, { speakers: SPEAKERS });
    expect(result.fallbackReason).toBeUndefined();
    // Atlantis, which no message has, is gone; the kinds are ours; "Maria" inside "Maria Silva" gives way to it;
    // the speaker Ana is a person though the model did not name her.
    expect(named(result.entities)).toEqual([
      ['Lisbon/place'],
      ['Maria Silva/person', 'Ana/person'],
      ['Dune/work', 'Gulbenkian Museum/organisation'],
    ]);
    result.entities.forEach((found, i) => {
      for (const e of found) expect(MESSAGES[i]?.text.slice(e.start, e.end)).toBe(e.text);
    });
    expect(fake?.entityPrompts).toHaveLength(1);
    const prompt = fake?.entityPrompts[0] ?? '';
    expect(prompt).toContain('Speakers: Ana Costa, Ben Okafor');
    expect(prompt).toContain('[1] Ana Costa: I just booked my flight to Lisbon.');
    expect(prompt).toContain('[3] Ana Costa: We watched Dune near the Gulbenkian Museum.');
  });

  it('asks for a long session in bounded calls, each numbered from 1, and puts each answer on its message', async () => {
    const config = configFor(await start('ok'));
    const extractor = new LlmEntityExtractor({
      model: createChatModel(config),
      modelName: 'fake',
      local: lazyLocalEntityExtractor(),
      maxMessages: 2,
      maxRetries: 0,
    });
    const messages = [...MESSAGES, { text: 'Lisbon again?', speaker: 'Ben Okafor' }];
    const result = await extractor.extractSession(messages, { speakers: SPEAKERS });
    expect(fake?.entityPrompts.map((p) => p.match(/^\[\d+\]/gm))).toEqual([
      ['[1]', '[2]'],
      ['[1]', '[2]'],
    ]);
    expect(named(result.entities)).toEqual([
      ['Lisbon/place'],
      ['Maria Silva/person', 'Ana/person'],
      ['Dune/work', 'Gulbenkian Museum/organisation'],
      ['Lisbon/place'],
    ]);
  });

  const failures: [EntityAnswer, RegExp, Record<string, string>][] = [
    ['server-error', /500/, {}],
    ['garbage', /JSON/, {}],
    ['wrong-shape', /did not match the schema/, {}],
    ['timeout', /timed? ?out/i, { OPENAI_TIMEOUT_MS: '300' }],
  ];
  it.each(failures)(
    'falls back to the local extractor for the session when the model answers %s',
    async (answer, reason, env) => {
      const extractor = createEntityExtractor(configFor(await start(answer), env))();
      const result = await extractor.extractSession(MESSAGES, { speakers: SPEAKERS });
      expect(result.fallbackReason).toMatch(/^openai:gpt-4o-mini: /);
      expect(result.fallbackReason).toMatch(reason);
      const local = loadLocalEntityExtractor();
      expect(result.entities).toEqual(MESSAGES.map((m) => local.extract(m.text, { speakers: SPEAKERS })));
      // The speakers are people in the fallback's answer too.
      expect(result.entities[1]).toContainEqual({ text: 'Ana', start: 23, end: 26, kind: 'person' });
    },
  );

  it('retries a failed call as OPENAI_MAX_RETRIES says before it falls back', async () => {
    const extractor = createEntityExtractor(
      configFor(await start('server-error'), { OPENAI_MAX_RETRIES: '2' }),
    )();
    const result = await extractor.extractSession(MESSAGES.slice(0, 1), { speakers: SPEAKERS });
    expect(result.fallbackReason).toMatch(/500/);
    expect(fake?.entityPrompts).toHaveLength(3);
  }, 10_000);

  it('asks nothing of a session without messages', async () => {
    const extractor = createEntityExtractor(configFor(await start('server-error')))();
    expect(await extractor.extractSession([], { speakers: SPEAKERS })).toEqual({ entities: [] });
    expect(fake?.entityPrompts).toEqual([]);
  });

  it('is the local extractor, message by message, when no LLM summarizer is configured', async () => {
    const extractor = createEntityExtractor(loadConfig({}))();
    const local = loadLocalEntityExtractor();
    const result = await extractor.extractSession(MESSAGES, { speakers: SPEAKERS });
    expect(result).toEqual({ entities: MESSAGES.map((m) => local.extract(m.text, { speakers: SPEAKERS })) });
  });
});
