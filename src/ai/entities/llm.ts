import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import type { Runnable } from '@langchain/core/runnables';
import { z } from 'zod';
import { boundedBatches } from '../../domain/batches.js';
import {
  type Entity,
  type ExtractOptions,
  overlayEntities,
  type SessionEntityExtractor,
  type SessionExtraction,
  type SpokenMessage,
} from '../../domain/entities.js';
import { groundEntities, type NamedEntity } from '../../domain/entity-grounding.js';
import { type RetryOptions, shortError, withRetries } from '../llm-retries.js';
import type { LocalEntityExtractor } from './local.js';

/**
 * Entities found by a chat model (OpenAI or any OpenAI-compatible server) through structured output, a session's
 * messages numbered in one prompt (a long session in several). The model says what each message names and of what
 * kind; where it stands in the message is found here (domain/entity-grounding.ts), so nothing the message does not
 * contain is kept. The speakers are people wherever they are named, as the local extractor makes them. When a call
 * keeps failing, the whole session is extracted locally instead, and the answer says why.
 */

/**
 * What the model must return. The kind is a string rather than an enum, so that "organization" or "location" is
 * mapped here instead of failing the whole call.
 */
export const llmEntitiesSchema = z.object({
  messages: z
    .array(
      z.object({
        message: z.number().int().describe('the number of the message, as given in square brackets'),
        entities: z.array(
          z.object({
            text: z.string().describe('the name exactly as the message writes it'),
            kind: z.string().describe('person, place, organisation, product, work, event or other'),
          }),
        ),
      }),
    )
    .describe('each message that names someone or something, with what it names'),
});

export type LlmEntities = z.infer<typeof llmEntitiesSchema>;

const SYSTEM_PROMPT = `You find who and what the messages of a conversation name, for a memory store of conversations.
The messages are numbered in square brackets, each after its speaker's name. For every message that names someone
or something, give its number and the entities it names:
- text: the name exactly as the message writes it (same spelling, same case), without the words around it.
- kind: person, place, organisation, product, work (a book, film, show, song or game), event (a named occasion:
  a festival, a conference, a match) or other (any other named thing).
Take proper names only: no pronouns, no common nouns ("my sister", "the park"), no dates, times or amounts.
The speakers are people: where a message names one of them, that is a person. List an entity once per message,
and leave out the messages that name nothing.`;

export const entityPrompt = ChatPromptTemplate.fromMessages([
  ['system', SYSTEM_PROMPT],
  ['human', 'Speakers: {speakers}\n\n{messages}'],
]);

export interface LlmEntityExtractorOptions {
  /** A LangChain chat model; ChatOpenAI in production. */
  model: BaseChatModel;
  /** Named in the fallback's reason as openai:<modelName>. */
  modelName: string;
  /** The local extractor, read on first use: the speakers' names, and every message of a session the model failed on. */
  local: () => LocalEntityExtractor;
  /** Retries after the first attempt of a call. */
  maxRetries?: number;
  /** First retry delay; doubles each time. */
  baseDelayMs?: number;
  /** Messages in one call; a longer session takes several. */
  maxMessages?: number;
  /** Characters of message lines in one call; a longer message is cut to it. */
  maxChars?: number;
}

export class LlmEntityExtractor implements SessionEntityExtractor {
  readonly name: string;
  private readonly chain: Runnable<Record<string, string>, unknown>;
  private readonly local: () => LocalEntityExtractor;
  private readonly retries: RetryOptions;
  private readonly maxMessages: number;
  private readonly maxChars: number;

  constructor(options: LlmEntityExtractorOptions) {
    this.name = `openai:${options.modelName}`;
    this.local = options.local;
    this.retries = { maxRetries: options.maxRetries ?? 2, baseDelayMs: options.baseDelayMs ?? 500 };
    this.maxMessages = options.maxMessages ?? 100;
    this.maxChars = options.maxChars ?? 12_000;
    this.chain = entityPrompt.pipe(
      options.model.withStructuredOutput(llmEntitiesSchema, { name: 'session_entities' }),
    );
  }

  async extractSession(
    messages: readonly SpokenMessage[],
    options: ExtractOptions = {},
  ): Promise<SessionExtraction> {
    const speakers = options.speakers ?? [];
    const local = this.local();
    try {
      const found: Entity[][] = [];
      for (const call of this.calls(messages)) {
        found.push(...(await withRetries(() => this.ask(call, speakers), this.retries)));
      }
      return {
        entities: found.map((entities, i) =>
          overlayEntities(entities, local.speakerEntities((messages[i] as SpokenMessage).text, speakers)),
        ),
      };
    } catch (error) {
      return {
        entities: messages.map((m) => local.extract(m.text, options)),
        fallbackReason: `${this.name}: ${shortError(error)}`,
      };
    }
  }

  /** The session's messages in calls of bounded size, in order. */
  private calls(messages: readonly SpokenMessage[]): SpokenMessage[][] {
    return boundedBatches(messages, this.maxMessages, this.maxChars, (m) =>
      Math.min(m.text.length, this.maxChars),
    );
  }

  /** The entities of each message of one call, as spans of the message. */
  private async ask(messages: readonly SpokenMessage[], speakers: readonly string[]): Promise<Entity[][]> {
    const answer = await this.chain.invoke({
      speakers: speakers.length > 0 ? speakers.join(', ') : '(not known)',
      messages: numberedLines(messages, this.maxChars).join('\n'),
    });
    const named = namedPerMessage(llmEntitiesSchema.parse(answer), messages.length);
    return messages.map((m, i) => groundEntities(m.text, named[i] ?? []));
  }
}

/** The prompt's lines: "[n] speaker: text", numbered from 1, each on one line and at most `maxChars` long. */
export function numberedLines(messages: readonly SpokenMessage[], maxChars: number): string[] {
  return messages.map((m, i) => {
    const text = m.text.replace(/\s+/g, ' ').trim();
    return `[${i + 1}] ${m.speaker}: ${text.length <= maxChars ? text : text.slice(0, maxChars)}`;
  });
}

/** The answer as what each of `count` messages names; a number out of range is dropped, one given twice joined. */
export function namedPerMessage(answer: LlmEntities, count: number): NamedEntity[][] {
  const named: NamedEntity[][] = Array.from({ length: count }, () => []);
  for (const { message, entities } of answer.messages) {
    named[message - 1]?.push(...entities);
  }
  return named;
}
