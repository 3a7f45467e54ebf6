import type { ServerResponse } from 'node:http';
import {
  type ChatRequest,
  FakeChat,
  messageOf,
  sendChatError,
  sendCompletion,
  structuredOutputName,
} from './fake-chat.js';

/** How the fake answers an entity request. */
export type EntityAnswer = 'ok' | 'server-error' | 'garbage' | 'wrong-shape' | 'timeout';

/** A numbered message line of the entity prompt: "[3] Ana Costa: text". */
const LINE = /^\[(\d+)\] [^:]*: (.*)$/;

/**
 * A chat model on loopback for the cycle's entities. Asked for a session's entities, it names every word of its
 * dictionary each numbered line contains, in the dictionary's kinds (the words models use: "organization",
 * "location"), and one entity no message has; or it fails as `answer` says. Asked for a summary, it writes one.
 */
export class FakeEntityModel extends FakeChat {
  private mode: EntityAnswer = 'ok';
  /** The user prompt of each entity request, in the order they came. */
  readonly entityPrompts: string[] = [];
  summaryRequests = 0;

  constructor(
    private readonly dictionary: Record<string, string>,
    readonly invented = 'Atlantis',
  ) {
    super();
  }

  /** Says how the next entity requests are answered. */
  answering(answer: EntityAnswer): this {
    this.mode = answer;
    return this;
  }

  protected answer(body: ChatRequest, res: ServerResponse): void {
    if (structuredOutputName(body) !== 'session_entities') {
      this.summaryRequests += 1;
      sendCompletion(res, body, SUMMARY, 'summary');
      return;
    }
    const prompt = messageOf(body, 'user');
    this.entityPrompts.push(prompt);
    switch (this.mode) {
      case 'timeout':
        this.hang(res);
        return;
      case 'server-error':
        sendChatError(res, 500, 'the model crashed');
        return;
      case 'garbage':
        sendCompletion(res, body, '{"messages": [{"message": 1, "entit', 'garbage');
        return;
      case 'wrong-shape':
        sendCompletion(res, body, JSON.stringify({ people: ['Ana'] }), 'wrong-shape');
        return;
      case 'ok':
        sendCompletion(res, body, JSON.stringify(this.entitiesOf(prompt)), 'entities');
        return;
    }
  }

  private entitiesOf(prompt: string) {
    const messages = prompt.split('\n').flatMap((line) => {
      const match = LINE.exec(line);
      if (!match) return [];
      const text = match[2] as string;
      const entities = Object.entries(this.dictionary)
        .filter(([name]) => text.includes(name))
        .map(([name, kind]) => ({ text: name, kind }));
      return entities.length > 0 ? [{ message: Number(match[1]), entities }] : [];
    });
    // The model invents one entity, in the first message it answers for.
    messages[0]?.entities.push({ text: this.invented, kind: 'location' });
    return { messages };
  }
}

const SUMMARY = JSON.stringify({
  text: 'The two of them planned a trip. They agreed on where to meet.',
  topics: ['trip', 'meeting place', 'hotels'],
  highlights: [],
  title: 'Planning a trip',
});
