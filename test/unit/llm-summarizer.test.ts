import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';
import { createSummarizer } from '../../src/ai/summarizers/index.js';
import { LlmSummarizer } from '../../src/ai/summarizers/llm.js';
import { LocalExtractiveSummarizer } from '../../src/ai/summarizers/local.js';
import type { SummarizeRequest, SummaryItem } from '../../src/ai/summarizers/types.js';
import { loadConfig } from '../../src/config.js';

/**
 * A chat model that answers from a script: a string is the reply (FakeListChatModel's structured output parses
 * it as JSON), an Error is thrown. It records the messages of every call.
 */
class ScriptedChatModel extends FakeListChatModel {
  readonly calls: BaseMessage[][] = [];
  private readonly script: Array<string | Error>;

  constructor(script: Array<string | Error>) {
    super({ responses: ['{}'] });
    this.script = [...script];
  }

  override async _generate(
    messages: BaseMessage[],
    options?: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    this.calls.push(messages);
    const next = this.script.length > 1 ? this.script.shift() : this.script[0];
    if (next instanceof Error) throw next;
    this.responses = [next ?? '{}'];
    this.i = 0;
    return super._generate(messages, options, runManager);
  }

  humanText(call = 0): string {
    return String(this.calls[call]?.[1]?.content ?? '');
  }
}

const fallback = new LocalExtractiveSummarizer(new HashingEmbeddings());

const ITEMS: SummaryItem[] = [
  {
    id: 'm1',
    text: 'The postgres migration failed on the replica.',
    speaker: 'alice',
    ts: '2024-05-02T09:00:00Z',
  },
  {
    id: 'm2',
    text: 'I will rerun it tonight with a longer lock timeout.',
    speaker: 'bob',
    ts: '2024-05-02T09:05:00Z',
  },
  { id: 'm3', text: 'Replica lag is back to normal now.', speaker: 'carol', ts: '2024-05-02T09:30:00Z' },
];

function request(extra: Partial<SummarizeRequest> = {}): SummarizeRequest {
  return {
    level: 'day',
    groupId: 'team',
    periodStart: '2024-05-02',
    periodEnd: '2024-05-03',
    items: ITEMS,
    speakerCounts: { bob: 4, alice: 7, carol: 4 },
    background: [],
    ...extra,
  };
}

const GOOD_REPLY = JSON.stringify({
  text: '  The postgres migration failed on the replica.   Bob planned a rerun with a longer lock timeout. ',
  topics: ['Postgres Migration', ' replica lag ', 'postgres migration', '"lock timeout"'],
  highlights: [
    'The postgres migration failed on the replica.',
    'Bob said it was all fine.',
    'replica lag is back',
  ],
});

function summarizer(
  model: ScriptedChatModel,
  extra: Partial<ConstructorParameters<typeof LlmSummarizer>[0]> = {},
) {
  return new LlmSummarizer({ model, modelName: 'gpt-test', fallback, baseDelayMs: 0, ...extra });
}

describe('LlmSummarizer', () => {
  it('maps the structured output into a cleaned draft', async () => {
    const model = new ScriptedChatModel([GOOD_REPLY]);
    const draft = await summarizer(model).summarize(request());
    expect(draft).toEqual({
      text: 'The postgres migration failed on the replica. Bob planned a rerun with a longer lock timeout.',
      topics: [
        { name: 'postgres migration', weight: 1 },
        { name: 'replica lag', weight: 0.6667 },
        { name: 'lock timeout', weight: 0.3333 },
      ],
      // The invented quote is dropped; quotes are matched ignoring case and spacing, and given as the item has them.
      highlights: ['The postgres migration failed on the replica.', 'Replica lag is back'],
      activeUsers: ['alice', 'bob', 'carol'],
      summarizer: 'openai:gpt-test',
    });
    expect(model.calls).toHaveLength(1);
  });

  it('sends the period and the items, saying what kind of items they are', async () => {
    const model = new ScriptedChatModel([GOOD_REPLY]);
    await summarizer(model).summarize(request());
    const human = model.humanText();
    expect(human).toContain('Period: 2024-05-02 to 2024-05-03');
    expect(human).toContain(
      '[2024-05-02T09:05:00Z] bob: I will rerun it tonight with a longer lock timeout.',
    );
    expect(human).toContain('one message');
    expect(String(model.calls[0]?.[0]?.content)).toContain('messages of one day');

    const weekly = new ScriptedChatModel([GOOD_REPLY]);
    await summarizer(weekly).summarize(
      request({ level: 'week', items: [{ id: 'd1', text: 'A day summary.', ts: '2024-05-02' }] }),
    );
    expect(weekly.humanText()).toContain('summary of a shorter period');
    expect(weekly.humanText()).toContain('[2024-05-02] A day summary.');
  });

  it('asks for a title for an era, and gives it back without quotes or full stop', async () => {
    const reply = JSON.parse(GOOD_REPLY) as Record<string, unknown>;
    const model = new ScriptedChatModel([JSON.stringify({ ...reply, title: '  "Fixing the  replica."  ' })]);
    const era = request({ level: 'era', items: [{ id: 'w1', text: 'A week summary.', ts: '2024-04-29' }] });
    const draft = await summarizer(model).summarize(era);
    expect(draft.title).toBe('Fixing the replica');
    expect(String(model.calls[0]?.[0]?.content)).toContain('- title: 2 to 6 words');

    const day = new ScriptedChatModel([GOOD_REPLY]);
    const plain = await summarizer(day).summarize(request());
    expect(plain.title).toBeUndefined();
    expect(String(day.calls[0]?.[0]?.content)).not.toContain('- title:');
  });

  it('caps the counts the model returns', async () => {
    const reply = JSON.stringify({
      text: 'One. Two. Three. Four. Five. Six. Seven.',
      topics: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8', 'i9'],
      highlights: ITEMS.map((i) => i.text).concat(
        ITEMS.map((i) => i.text.toUpperCase()),
        ['Replica lag'],
      ),
    });
    const draft = await summarizer(new ScriptedChatModel([reply])).summarize(request());
    expect(draft.text).toBe('One. Two. Three. Four. Five.');
    expect(draft.topics.map((t) => t.name)).toEqual(['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7']);
    expect(draft.topics.at(-1)?.weight).toBeCloseTo(1 / 7, 3);
    // Upper-cased repeats resolve to the same quotes, so only the three items and the fragment remain.
    expect(draft.highlights).toEqual([...ITEMS.map((i) => i.text), 'Replica lag']);
  });

  it('tops up highlights from the fallback when the model quotes nothing verbatim', async () => {
    const reply = JSON.stringify({
      text: 'Things happened.',
      topics: ['things'],
      highlights: ['Not said by anyone.'],
    });
    const draft = await summarizer(new ScriptedChatModel([reply])).summarize(request());
    expect(draft.summarizer).toBe('openai:gpt-test');
    expect(draft.highlights.length).toBeGreaterThanOrEqual(2);
    for (const h of draft.highlights) expect(ITEMS.map((i) => i.text)).toContain(h);
  });

  it('retries after failures and succeeds', async () => {
    const model = new ScriptedChatModel([new Error('rate limited'), new Error('socket hang up'), GOOD_REPLY]);
    const draft = await summarizer(model, { maxRetries: 2 }).summarize(request());
    expect(model.calls).toHaveLength(3);
    expect(draft.summarizer).toBe('openai:gpt-test');
  });

  it('retries output that is not the asked-for shape', async () => {
    const model = new ScriptedChatModel(['not json at all', JSON.stringify({ text: 'x' }), GOOD_REPLY]);
    const draft = await summarizer(model).summarize(request());
    expect(model.calls).toHaveLength(3);
    expect(draft.topics[0]?.name).toBe('postgres migration');
  });

  it('falls back to the local draft when the model keeps failing, and says so', async () => {
    const model = new ScriptedChatModel([new Error('boom\nwith a long stack')]);
    const draft = await summarizer(model, { maxRetries: 2 }).summarize(request());
    expect(model.calls).toHaveLength(3);
    const local = await fallback.summarize(request());
    expect(draft).toEqual({
      ...local,
      summarizer: 'local-extractive@4 (fallback from openai:gpt-test: boom)',
      fallbackReason: 'boom',
    });
  });

  it('names the first schema issue when structured output fails with a zod error, not its opening bracket', async () => {
    const issues = [{ code: 'invalid_type', expected: 'string', path: ['text'], message: 'Invalid input' }];
    const model = new ScriptedChatModel([new Error(JSON.stringify(issues, null, 2))]);
    const draft = await summarizer(model, { maxRetries: 0 }).summarize(request());
    expect(draft.fallbackReason).toBe('model output did not match the schema at text: Invalid input');
  });

  it('does not retry errors that will not go away', async () => {
    const unauthorised = Object.assign(new Error('401 Incorrect API key'), { status: 401 });
    const model = new ScriptedChatModel([unauthorised]);
    const draft = await summarizer(model).summarize(request());
    expect(model.calls).toHaveLength(1);
    expect(draft.summarizer).toBe(
      'local-extractive@4 (fallback from openai:gpt-test: 401 Incorrect API key)',
    );
  });

  it('backs off exponentially between attempts', async () => {
    const model = new ScriptedChatModel([new Error('down')]);
    const started = performance.now();
    await summarizer(model, { maxRetries: 2, baseDelayMs: 40 }).summarize(request());
    // 40 ms, then 80 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect(model.calls).toHaveLength(3);
  });

  it('keeps the most recent items within the item cap', async () => {
    const items: SummaryItem[] = Array.from({ length: 300 }, (_, i) => ({
      id: `m${i}`,
      text: `message number ${i} about the build`,
      speaker: 'alice',
      ts: `2024-05-02T10:${String(i % 60).padStart(2, '0')}:00Z`,
    }));
    const model = new ScriptedChatModel([GOOD_REPLY]);
    await summarizer(model, { maxItems: 200 }).summarize(request({ items }));
    const human = model.humanText();
    expect(human).toContain('message number 299 about');
    expect(human).toContain('message number 100 about');
    expect(human).not.toContain('message number 99 about');
    expect(human).toContain('100 earlier items were left out');
    expect(human.indexOf('number 100 ')).toBeLessThan(human.indexOf('number 299 '));
  });

  it('keeps within the character budget and cuts long items', async () => {
    const items: SummaryItem[] = Array.from({ length: 50 }, (_, i) => ({
      id: `m${i}`,
      text: `${i === 49 ? 'LAST ' : ''}${'word '.repeat(200)}`,
      speaker: 'bob',
    }));
    const model = new ScriptedChatModel([GOOD_REPLY]);
    await summarizer(model, { maxChars: 1_000, maxItemChars: 300 }).summarize(request({ items }));
    const lines = model
      .humanText()
      .split('\n')
      .filter((l) => l.startsWith('bob: '));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n').length).toBeLessThanOrEqual(1_000);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual('bob: '.length + 300);
    expect(lines.at(-1)).toMatch(/^bob: LAST word/);
    expect(lines.at(-1)).toMatch(/…$/);
  });

  it('never invents users: activeUsers come from the counts', async () => {
    const reply = JSON.stringify({ ...JSON.parse(GOOD_REPLY), activeUsers: ['mallory'] });
    const draft = await summarizer(new ScriptedChatModel([reply])).summarize(request({ speakerCounts: {} }));
    expect(draft.activeUsers).toEqual(['alice', 'bob', 'carol']);
  });
});

describe('createSummarizer', () => {
  const embedder = new HashingEmbeddings();

  it('builds the local summarizer by default', () => {
    const summarizer = createSummarizer(loadConfig({}), embedder);
    expect(summarizer).toBeInstanceOf(LocalExtractiveSummarizer);
    expect(summarizer.name).toBe('local-extractive@4');
  });

  it('builds the OpenAI summarizer, named after the chat model, without calling anything', () => {
    const config = loadConfig({
      SUMMARIZER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_CHAT_MODEL: 'gpt-4o-mini',
    });
    const summarizer = createSummarizer(config, embedder);
    expect(summarizer).toBeInstanceOf(LlmSummarizer);
    expect(summarizer.name).toBe('openai:gpt-4o-mini');
  });
});
