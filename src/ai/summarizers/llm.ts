import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import type { Runnable } from '@langchain/core/runnables';
import { z } from 'zod';
import { splitSentences } from '../../domain/text.js';
import { type RetryOptions, shortError, withRetries } from '../llm-retries.js';
import { rankSpeakers } from './local.js';
import type { SummarizeRequest, Summarizer, SummaryDraft, SummaryItem, SummaryTopic } from './types.js';

/**
 * Summaries written by a chat model (OpenAI or any OpenAI-compatible server) through structured output.
 * The model writes text, topics and highlights; who was active is counted locally, so no user is invented.
 * Failures are retried with exponential backoff; after the last one the fallback summarizer's draft is used,
 * and the draft says so in `summarizer`.
 */

/**
 * What the model must return. Counts are asked for in the descriptions rather than enforced by the schema,
 * so that a model returning eight topics is trimmed here instead of failing the whole call.
 */
export const llmSummarySchema = z.object({
  text: z.string().describe('2 to 5 plain sentences on what happened in this period'),
  topics: z
    .array(z.string())
    .describe(
      '3 to 7 short lower-case terms or phrases that make this period distinctive, most important first',
    ),
  highlights: z
    .array(z.string())
    .describe('2 to 4 notable messages or sentences, copied word for word from the input'),
});

export type LlmSummary = z.infer<typeof llmSummarySchema> & { title?: string };

/** An era's summary also has a title, which becomes the era's theme. */
export const llmEraSummarySchema = llmSummarySchema.extend({
  title: z
    .string()
    .describe(
      'a title of 2 to 6 words naming what this stretch of the conversation was about, without names',
    ),
});

const SYSTEM_PROMPT = `You write summaries for a long-term memory store of conversations.
You receive the {itemKind} of one {level} of one group's conversation, oldest first. Return:
- text: 2 to 5 plain sentences on what happened: the subjects discussed, decisions, problems and outcomes.
  Say who said or did each thing, by the speaker's name ("Caroline is researching adoption agencies").
- topics: 3 to 7 short lower-case terms or phrases (one to three words each) naming what made this period
  distinctive, most important first. Prefer specific subjects over everyday words.
- highlights: 2 to 4 notable messages or sentences, copied word for word from the input.
Use only what the input says; do not guess or add outside knowledge. Name people only as the input names them.`;

const HUMAN_PROMPT = `Level: {level}
Period: {periodStart} to {periodEnd}
{note}

{items}`;

export const summaryPrompt = ChatPromptTemplate.fromMessages([
  ['system', SYSTEM_PROMPT],
  ['human', HUMAN_PROMPT],
]);

const ERA_TITLE_RULE = `
- title: 2 to 6 words naming the subject that ran through this era, as a reader would recognise it
  ("Planning the wedding", "Opening the dance studio"). No people's names, no pronouns, no dates.`;

export const eraSummaryPrompt = ChatPromptTemplate.fromMessages([
  ['system', SYSTEM_PROMPT + ERA_TITLE_RULE],
  ['human', HUMAN_PROMPT],
]);

export interface LlmSummarizerOptions {
  /** A LangChain chat model; ChatOpenAI in production, a fake in tests. */
  model: BaseChatModel;
  /** Recorded in `summarizer` as openai:<modelName>. */
  modelName: string;
  /** Used when the model keeps failing, and to top up highlights the model did not quote verbatim. */
  fallback: Summarizer;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** First retry delay; doubles each time. */
  baseDelayMs?: number;
  /** Most recent items kept. */
  maxItems?: number;
  /** Budget for all item lines together. */
  maxChars?: number;
  /** Longer items are cut to this many characters. */
  maxItemChars?: number;
}

const MAX_SENTENCES = 5;
const MAX_TOPICS = 7;
const MAX_HIGHLIGHTS = 4;
const MIN_HIGHLIGHTS = 2;
const MAX_TOPIC_CHARS = 60;

export class LlmSummarizer implements Summarizer {
  readonly name: string;
  private readonly chain: Runnable<Record<string, string>, unknown>;
  private readonly eraChain: Runnable<Record<string, string>, unknown>;
  private readonly fallback: Summarizer;
  private readonly retries: RetryOptions;
  private readonly bounds: ItemBounds;

  constructor(options: LlmSummarizerOptions) {
    this.name = `openai:${options.modelName}`;
    this.fallback = options.fallback;
    this.retries = { maxRetries: options.maxRetries ?? 2, baseDelayMs: options.baseDelayMs ?? 500 };
    this.bounds = {
      maxItems: options.maxItems ?? 200,
      maxChars: options.maxChars ?? 24_000,
      maxItemChars: options.maxItemChars ?? 2_000,
    };
    this.chain = summaryPrompt.pipe(
      options.model.withStructuredOutput(llmSummarySchema, { name: 'period_summary' }),
    );
    this.eraChain = eraSummaryPrompt.pipe(
      options.model.withStructuredOutput(llmEraSummarySchema, { name: 'era_summary' }),
    );
  }

  async summarize(request: SummarizeRequest): Promise<SummaryDraft> {
    if (request.items.length === 0) return this.fallbackDraft(request, new Error('nothing to summarise'));
    const variables = promptVariables(request, this.bounds);
    const chain = request.level === 'era' ? this.eraChain : this.chain;
    try {
      return await withRetries(
        async () => this.toDraft(cleanOutput(await chain.invoke(variables)), request),
        this.retries,
      );
    } catch (error) {
      return this.fallbackDraft(request, error);
    }
  }

  private async toDraft(output: LlmSummary, request: SummarizeRequest): Promise<SummaryDraft> {
    let highlights = groundedHighlights(output.highlights, request.items);
    if (highlights.length < MIN_HIGHLIGHTS) {
      const extra = (await this.fallback.summarize(request)).highlights;
      highlights = [...new Set([...highlights, ...extra])].slice(0, MAX_HIGHLIGHTS);
    }
    return {
      text: output.text,
      topics: rankedTopics(output.topics),
      highlights,
      activeUsers: rankSpeakers(request.speakerCounts, request.items),
      ...(output.title ? { title: output.title } : {}),
      summarizer: this.name,
    };
  }

  private async fallbackDraft(request: SummarizeRequest, error: unknown): Promise<SummaryDraft> {
    const draft = await this.fallback.summarize(request);
    return {
      ...draft,
      summarizer: `${this.fallback.name} (fallback from ${this.name}: ${shortError(error)})`,
      fallbackReason: shortError(error),
    };
  }
}

export interface ItemBounds {
  maxItems: number;
  maxChars: number;
  maxItemChars: number;
}

/** Above sessions and days, the items are summaries of shorter periods rather than raw messages. */
function itemsAreSummaries(level: SummarizeRequest['level']): boolean {
  return level !== 'session' && level !== 'day';
}

function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

function formatItem(item: SummaryItem, maxChars: number): string {
  const when = item.ts ? `[${item.ts}] ` : '';
  const who = item.speaker ? `${item.speaker}: ` : '';
  return `${when}${who}${truncate(item.text, maxChars)}`;
}

/**
 * The item lines sent to the model: long items cut short, then the most recent lines that fit both the item
 * and the character budget (the newest one always goes, cut to the budget if need be), in time order.
 */
export function boundItems(items: SummaryItem[], bounds: ItemBounds): { lines: string[]; omitted: number } {
  const lines: string[] = [];
  let used = 0;
  for (let i = items.length - 1; i >= 0 && lines.length < bounds.maxItems; i--) {
    const line = formatItem(items[i] as SummaryItem, bounds.maxItemChars);
    if (lines.length === 0 && line.length > bounds.maxChars) {
      lines.push(truncate(line, bounds.maxChars));
      used = bounds.maxChars;
      continue;
    }
    // The +1 is the newline that joins the lines.
    if (used + line.length + 1 > bounds.maxChars) break;
    lines.push(line);
    used += line.length + 1;
  }
  return { lines: lines.reverse(), omitted: items.length - lines.length };
}

export function promptVariables(request: SummarizeRequest, bounds: ItemBounds): Record<string, string> {
  const summaries = itemsAreSummaries(request.level);
  const { lines, omitted } = boundItems(request.items, bounds);
  const notes = [
    summaries
      ? 'Each item below is the summary of a shorter period within this one, not a raw message.'
      : 'Each item below is one message: time, speaker, text.',
  ];
  if (omitted > 0)
    notes.push(`${omitted} earlier items were left out for length; the most recent ones follow.`);
  return {
    level: request.level,
    itemKind: summaries ? 'summaries of shorter periods' : 'messages',
    periodStart: request.periodStart,
    periodEnd: request.periodEnd,
    note: notes.join(' '),
    items: lines.join('\n'),
  };
}

/** Validates and tidies what the model returned; throws (and so retries) when there is no usable text or topic. */
export function cleanOutput(raw: unknown): LlmSummary {
  const parsed = llmSummarySchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`model output did not match the schema: ${parsed.error.issues[0]?.message}`);
  const text = splitSentences(parsed.data.text.replace(/\s+/g, ' ').trim()).slice(0, MAX_SENTENCES).join(' ');
  if (text.length === 0) throw new Error('model returned an empty summary');
  const topics = [
    ...new Set(
      parsed.data.topics
        .map((t) =>
          t
            .toLowerCase()
            .replace(/\s+/g, ' ')
            .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
        )
        .filter((t) => t.length > 0 && t.length <= MAX_TOPIC_CHARS),
    ),
  ].slice(0, MAX_TOPICS);
  if (topics.length === 0) throw new Error('model returned no topics');
  const highlights = [...new Set(parsed.data.highlights.map((h) => h.trim()).filter((h) => h.length > 0))];
  const title = cleanTitle((raw as { title?: unknown } | null)?.title);
  return { text, topics, highlights, ...(title ? { title } : {}) };
}

const MAX_TITLE_CHARS = 80;

/** A title on one line, without the quotes or full stop models like to add; undefined when there is none. */
function cleanTitle(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const title = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’]+|["'“”‘’.]+$/gu, '')
    .trim();
  return title.length > 0 && title.length <= MAX_TITLE_CHARS ? title : undefined;
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The words of an item that a highlight quotes, as the item has them; null when no item contains it. */
function quoteFrom(highlight: string, items: SummaryItem[]): string | null {
  const wanted = squash(highlight);
  for (const item of items) {
    const source = item.text.replace(/\s+/g, ' ').trim();
    const lower = source.toLowerCase();
    const at = lower.indexOf(wanted);
    // Lower-casing can change the length of a few characters; then positions no longer line up.
    if (at >= 0)
      return lower.length === source.length ? source.slice(at, at + wanted.length) : highlight.trim();
  }
  return null;
}

/** Highlights must be quotes: each is matched to an item ignoring case and spacing, else dropped. */
function groundedHighlights(highlights: string[], items: SummaryItem[]): string[] {
  const quotes = highlights
    .map((h) => quoteFrom(h, items))
    .filter((q): q is string => q !== null && q.length > 0);
  return [...new Set(quotes)].slice(0, MAX_HIGHLIGHTS);
}

/** The model gives topics best first; weights fall with rank from 1. */
export function rankedTopics(names: string[]): SummaryTopic[] {
  return names.map((name, rank) => ({
    name,
    weight: Math.round(((names.length - rank) / names.length) * 10_000) / 10_000,
  }));
}
