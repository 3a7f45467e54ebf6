import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it, vi } from 'vitest';
import {
  type CompactMessage,
  compactRequestSchema,
  compactResponseSchema,
  createLlmCompaction,
  HistoryCompactor,
  preservedLines,
} from '../../src/ai/compaction.js';
import type { SummarizeRequest, Summarizer, SummaryDraft } from '../../src/ai/summarizers/types.js';

/** Extractive stand-in: the first sentence of each item, so every word of the summary comes from the input. */
class FirstSentences implements Summarizer {
  readonly name = 'first-sentences@test';
  readonly requests: SummarizeRequest[] = [];
  async summarize(request: SummarizeRequest): Promise<SummaryDraft> {
    this.requests.push(request);
    const firsts = request.items.map((item) => item.text.split('. ')[0] ?? item.text);
    return {
      text: firsts.join(' '),
      topics: [],
      highlights: firsts.slice(0, 2),
      activeUsers: Object.keys(request.speakerCounts),
      summarizer: this.name,
    };
  }
}

const failing: Summarizer = {
  name: 'broken@test',
  summarize: async () => {
    throw new Error('disk on fire');
  },
};

function conversation(count: number): CompactMessage[] {
  const messages: CompactMessage[] = [{ role: 'system', content: 'You are a travel assistant.' }];
  for (let i = 1; i < count; i += 1) {
    messages.push({
      role: i % 2 === 1 ? 'user' : 'assistant',
      content: `Message ${i} about the trip. More chatter here`,
    });
  }
  return messages;
}

const request = (messages: CompactMessage[], threshold = 10, keepRecent = 4) =>
  compactRequestSchema.parse({ messages, threshold, keepRecent });

describe('compactRequestSchema', () => {
  it('fills defaults and requires keepRecent < threshold', () => {
    expect(compactRequestSchema.parse({ messages: [{ role: 'user', content: 'hi' }] })).toMatchObject({
      threshold: 20,
      keepRecent: 6,
    });
    const bad = compactRequestSchema.safeParse({
      messages: [{ role: 'user', content: 'hi' }],
      threshold: 5,
      keepRecent: 5,
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['keepRecent']);
    expect(compactRequestSchema.safeParse({ messages: [] }).success).toBe(false);
    expect(compactRequestSchema.safeParse({ messages: [{ role: 'bot', content: 'x' }] }).success).toBe(false);
  });
});

describe('HistoryCompactor', () => {
  it('leaves a history at or below the threshold unchanged', async () => {
    const local = new FirstSentences();
    const messages = conversation(10);
    const result = await new HistoryCompactor({ local }).compact(request(messages));
    expect(result).toEqual({
      compacted: false,
      summary: null,
      keyPoints: [],
      preservedContext: [],
      recent: messages,
    });
    expect(local.requests).toHaveLength(0);
  });

  it('summarises the older messages locally and keeps the latest keepRecent plus system messages', async () => {
    const local = new FirstSentences();
    const messages = [
      ...conversation(12),
      { role: 'user' as const, content: 'We agreed on the 9:40 train.' },
    ];
    const result = await new HistoryCompactor({ local }).compact(request(messages));
    expect(compactResponseSchema.safeParse(result).success).toBe(true);
    expect(result.compacted).toBe(true);
    expect(result.recent).toEqual([messages[0], ...messages.slice(-4)]);

    // The summarizer saw the older non-system messages, with the role as speaker.
    const sent = local.requests[0];
    expect(sent?.items.map((i) => i.text)).toEqual(messages.slice(1, -4).map((m) => m.content));
    expect(sent?.items.every((i, index) => i.speaker === messages[index + 1]?.role)).toBe(true);
    expect(sent?.speakerCounts).toEqual({ user: 4, assistant: 4 });

    // Grounded: the summary and key points are made of the older messages' words.
    expect(result.summary).toBe(
      'Message 1 about the trip Message 2 about the trip Message 3 about the trip Message 4 about the trip ' +
        'Message 5 about the trip Message 6 about the trip Message 7 about the trip Message 8 about the trip',
    );
    expect(result.keyPoints).toEqual(['Message 1 about the trip', 'Message 2 about the trip']);
    // The recent decision is not in preservedContext: it is still in `recent`.
    expect(result.preservedContext).not.toContain('We agreed on the 9:40 train.');
    expect(result.warning).toBeUndefined();
  });

  it('keeps only system messages when keepRecent is 0', async () => {
    const messages = conversation(6);
    const result = await new HistoryCompactor({ local: new FirstSentences() }).compact(
      request(messages, 3, 0),
    );
    expect(result.compacted).toBe(true);
    expect(result.recent).toEqual([messages[0]]);
  });

  it('maps the model output when a model is configured', async () => {
    const generate = vi.fn(async () => ({
      summary: 'The user planned a trip to Porto.',
      keyPoints: ['Trip to Porto'],
      preservedContext: ['Budget is 800 EUR.'],
    }));
    const local = new FirstSentences();
    const messages = conversation(12);
    const result = await new HistoryCompactor({ local, llm: { generate } }).compact(request(messages));
    expect(result).toEqual({
      compacted: true,
      summary: 'The user planned a trip to Porto.',
      keyPoints: ['Trip to Porto'],
      preservedContext: ['Budget is 800 EUR.'],
      recent: [messages[0], ...messages.slice(-4)],
    });
    expect(generate).toHaveBeenCalledWith(messages.slice(1, -4));
    expect(local.requests).toHaveLength(0);
  });

  it('returns the messages unchanged with a warning when the model fails', async () => {
    const llm = { generate: async () => Promise.reject(new Error('rate limited')) };
    const messages = conversation(12);
    const result = await new HistoryCompactor({ local: new FirstSentences(), llm }).compact(
      request(messages),
    );
    expect(result.compacted).toBe(false);
    expect(result.recent).toEqual(messages);
    expect(result.summary).toBeNull();
    expect(result.warning).toMatch(/rate limited/);
  });

  it('returns the messages unchanged with a warning when the local summarizer fails', async () => {
    const messages = conversation(12);
    const result = await new HistoryCompactor({ local: failing }).compact(request(messages));
    expect(result).toMatchObject({ compacted: false, recent: messages });
    expect(result.warning).toMatch(/broken@test.*disk on fire/);
  });

  it('does not compact when everything older is a system message', async () => {
    const messages: CompactMessage[] = [
      { role: 'system', content: 'a' },
      { role: 'system', content: 'b' },
      { role: 'user', content: 'c' },
      { role: 'assistant', content: 'd' },
    ];
    const result = await new HistoryCompactor({ local: new FirstSentences() }).compact(
      request(messages, 3, 2),
    );
    expect(result).toMatchObject({ compacted: false, recent: messages });
    expect(result.warning).toBeDefined();
  });
});

describe('preservedLines', () => {
  it('keeps short verbatim sentences with numbers, links, decisions and user preferences', () => {
    const lines = preservedLines([
      { role: 'system', content: 'Budget 5 dollars.' },
      {
        role: 'user',
        content:
          'Hello there. I prefer window seats. The flight is on 12 June.\nSee https://example.org/trip for details.',
      },
      { role: 'assistant', content: 'Sounds lovely. We decided to skip Madrid. I like trains.' },
      { role: 'tool', content: '{"price": 129}' },
      { role: 'user', content: 'I prefer window seats.' },
    ]);
    expect(lines).toEqual([
      'I prefer window seats.',
      'The flight is on 12 June.',
      'See https://example.org/trip for details.',
      'We decided to skip Madrid.',
    ]);
  });
});

describe('createLlmCompaction', () => {
  it('asks the chat model for structured output and cleans it', async () => {
    const chat = new FakeListChatModel({
      responses: [
        JSON.stringify({
          summary: ' The user is planning a trip. ',
          keyPoints: ['Porto in June', ' '],
          preservedContext: ['Budget is 800 EUR.'],
        }),
      ],
    });
    const invoke = vi.spyOn(chat, 'invoke');
    const draft = await createLlmCompaction(chat).generate([
      { role: 'user', content: 'Porto in June, {budget} 800 EUR' },
      { role: 'assistant', content: 'Noted.' },
    ]);
    // The transcript reaches the model word for word, braces and all.
    const prompt = invoke.mock.calls[0]?.[0] as { toChatMessages(): { content: unknown }[] };
    const [system, human] = prompt.toChatMessages();
    expect(String(system?.content)).toMatch(/never add facts/);
    expect(human?.content).toContain('user: Porto in June, {budget} 800 EUR\n\nassistant: Noted.');
    expect(draft).toEqual({
      summary: 'The user is planning a trip.',
      keyPoints: ['Porto in June'],
      preservedContext: ['Budget is 800 EUR.'],
    });
  });

  it('rejects output that does not match the schema, which the compactor turns into a warning', async () => {
    const chat = new FakeListChatModel({ responses: [JSON.stringify({ summary: '', keyPoints: 'none' })] });
    const llm = createLlmCompaction(chat);
    await expect(llm.generate([{ role: 'user', content: 'x' }])).rejects.toThrow();
    const messages = conversation(12);
    const result = await new HistoryCompactor({ local: new FirstSentences(), llm }).compact(
      request(messages),
    );
    expect(result).toMatchObject({ compacted: false, recent: messages });
    expect(result.warning).toMatch(/model/);
  });
});
