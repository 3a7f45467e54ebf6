import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { z } from 'zod';
import { splitSentences } from '../domain/text.js';
import type { Summarizer } from './summarizers/types.js';

export const compactMessageSchema = z
  .strictObject({
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: z.string().max(50_000),
  })
  .meta({ id: 'CompactMessage' });

export type CompactMessage = z.infer<typeof compactMessageSchema>;

export const compactRequestSchema = z
  .strictObject({
    messages: z.array(compactMessageSchema).min(1, 'send at least one message').max(2000),
    threshold: z
      .number()
      .int()
      .min(2)
      .max(1000)
      .default(20)
      .meta({ description: 'Compact only when there are more messages than this' }),
    keepRecent: z
      .number()
      .int()
      .min(0)
      .max(200)
      .default(6)
      .meta({ description: 'Latest messages kept word for word' }),
  })
  .refine((request) => request.keepRecent < request.threshold, {
    path: ['keepRecent'],
    message: 'must be less than threshold',
  })
  .meta({ id: 'CompactRequest' });

export type CompactRequest = z.output<typeof compactRequestSchema>;

export const compactResponseSchema = z
  .object({
    compacted: z.boolean(),
    summary: z
      .string()
      .nullable()
      .meta({ description: 'Summary of the older messages; null when not compacted' }),
    keyPoints: z.array(z.string()),
    preservedContext: z.array(z.string()).meta({
      description: 'Short lines from the older messages, verbatim: numbers, links, decisions, preferences',
    }),
    recent: z.array(compactMessageSchema).meta({
      description: 'Messages to keep as they are: system messages from the older part, then the latest ones',
    }),
    warning: z.string().optional(),
  })
  .meta({ id: 'CompactResponse' });

export type CompactResponse = z.infer<typeof compactResponseSchema>;

export interface CompactionDraft {
  summary: string;
  keyPoints: string[];
  preservedContext: string[];
}

/** A model that compacts a run of messages; see createLlmCompaction. */
export interface LlmCompaction {
  generate(messages: CompactMessage[]): Promise<CompactionDraft>;
}

export interface HistoryCompactorOptions {
  local: Summarizer;
  llm?: LlmCompaction;
}

const MAX_PRESERVED = 20;
const MAX_PRESERVED_CHARS = 240;

const URL_PATTERN = /\bhttps?:\/\/\S+|\bwww\.\S+/i;
const NUMBER_PATTERN = /\d/;
const DECISION_PATTERN = /\b(we agreed|agreed|decided|decision|settled on|going with|let'?s go with)\b/i;
const PREFERENCE_PATTERN =
  /\b(i prefer|i'?d prefer|i'?d rather|i like|i love|i hate|i don'?t like|i don'?t want|i want|please always|please never|please don'?t|always|never|call me|my name is)\b/i;

/**
 * Sentences a summary tends to blur but an agent needs exactly: anything with a number or date in it, a
 * link, a decision ("we agreed", "decided", "going with"), and, from the user, a stated preference ("I
 * prefer", "please never", "call me"). Only short sentences count (a long one is the summary's job), tool
 * output is left to the summary (it is full of numbers that rarely matter later), repeats are dropped, and
 * past the cap the latest win because later decisions supersede earlier ones.
 */
export function preservedLines(messages: CompactMessage[]): string[] {
  const kept: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    const sentences = message.content.split(/\n+/).flatMap((line) => splitSentences(line));
    for (const sentence of sentences) {
      if (sentence.length > MAX_PRESERVED_CHARS) continue;
      const worthKeeping =
        URL_PATTERN.test(sentence) ||
        NUMBER_PATTERN.test(sentence) ||
        DECISION_PATTERN.test(sentence) ||
        (message.role === 'user' && PREFERENCE_PATTERN.test(sentence));
      if (worthKeeping && !kept.includes(sentence)) kept.push(sentence);
    }
  }
  return kept.slice(-MAX_PRESERVED);
}

function unchanged(messages: CompactMessage[], warning?: string): CompactResponse {
  return {
    compacted: false,
    summary: null,
    keyPoints: [],
    preservedContext: [],
    recent: messages,
    ...(warning ? { warning } : {}),
  };
}

/**
 * Shortens an agent's history: the older messages become a summary, key points and a few verbatim lines,
 * the latest keepRecent stay as they are.
 *
 * System messages are never summarised: those among the older messages are returned in `recent`, ahead of
 * the latest ones and in their original order, so they keep their role and an agent can send `recent` on
 * as it is (preservedContext is plain text and would lose the role).
 *
 * Never throws: if the model or the local summarizer fails, the messages come back unchanged with a warning.
 */
export class HistoryCompactor {
  constructor(private readonly options: HistoryCompactorOptions) {}

  async compact(request: CompactRequest): Promise<CompactResponse> {
    const { messages, threshold, keepRecent } = request;
    if (messages.length <= threshold) return unchanged(messages);

    const split = messages.length - keepRecent;
    const older = messages.slice(0, split);
    const latest = messages.slice(split);
    const olderSystem = older.filter((m) => m.role === 'system');
    const toSummarise = older.filter((m) => m.role !== 'system');
    if (toSummarise.length === 0) {
      return unchanged(messages, 'nothing to compact: the older messages are all system messages');
    }

    const source = this.options.llm ? 'model' : `local summarizer ${this.options.local.name}`;
    try {
      const draft = this.options.llm
        ? await this.options.llm.generate(toSummarise)
        : await this.summariseLocally(toSummarise);
      return {
        compacted: true,
        summary: draft.summary,
        keyPoints: draft.keyPoints,
        preservedContext: draft.preservedContext,
        recent: [...olderSystem, ...latest],
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return unchanged(messages, `compaction failed (${source}): ${reason}; messages returned unchanged`);
    }
  }

  private async summariseLocally(messages: CompactMessage[]): Promise<CompactionDraft> {
    const speakerCounts: Record<string, number> = {};
    for (const m of messages) speakerCounts[m.role] = (speakerCounts[m.role] ?? 0) + 1;
    // Chat messages carry no timestamps; the period is "now" only so prompts and logs have something to show.
    const now = new Date().toISOString();
    const draft = await this.options.local.summarize({
      level: 'session',
      groupId: 'compaction',
      periodStart: now,
      periodEnd: now,
      items: messages.map((m, index) => ({ id: `message-${index}`, text: m.content, speaker: m.role })),
      speakerCounts,
      background: [],
    });
    if (!draft.text.trim()) throw new Error('the summary came back empty');
    return { summary: draft.text, keyPoints: draft.highlights, preservedContext: preservedLines(messages) };
  }
}

const llmDraftSchema = z.object({
  summary: z
    .string()
    .min(1)
    .describe('What happened in the conversation so far, in a few sentences, in the third person'),
  keyPoints: z.array(z.string()).describe('The facts, open questions and tasks the assistant must remember'),
  preservedContext: z
    .array(z.string())
    .describe(
      'Short sentences copied word for word: numbers, dates, links, decisions, stated user preferences',
    ),
});

const compactionPrompt = ChatPromptTemplate.fromMessages([
  [
    'system',
    [
      'You compact the history of a conversation between a user and an AI assistant, so the assistant can',
      'carry on with a shorter context. Write a faithful summary, list the key points, and copy word for word',
      "the short sentences that must survive exactly: numbers, dates, links, decisions and the user's stated",
      'preferences. Use only what the messages say; never add facts.',
    ].join(' '),
  ],
  ['human', 'Conversation to compact, one message per block:\n\n{transcript}'],
]);

/** The model half of HistoryCompactor, on any LangChain chat model with structured output (ChatOpenAI and kin). */
export function createLlmCompaction(chat: Pick<BaseChatModel, 'withStructuredOutput'>): LlmCompaction {
  const chain = compactionPrompt.pipe(chat.withStructuredOutput(llmDraftSchema, { name: 'compaction' }));
  return {
    async generate(messages) {
      const transcript = messages.map((m) => `${m.role}: ${m.content}`).join('\n\n');
      // Re-validate: not every provider enforces the schema it was given.
      const draft = llmDraftSchema.parse(await chain.invoke({ transcript }));
      return {
        summary: draft.summary.trim(),
        keyPoints: draft.keyPoints.map((p) => p.trim()).filter(Boolean),
        preservedContext: draft.preservedContext.map((p) => p.trim()).filter(Boolean),
      };
    },
  };
}
