import type { ServerResponse } from 'node:http';
import {
  type ChatRequest,
  FakeChat,
  sendChatError,
  sendCompletion,
  structuredOutputName,
} from '../../support/fake-chat.js';

/** How the fake answers one chat completion. */
export type Fault = 'ok' | 'timeout' | 'server-error' | 'malformed' | 'wrong-shape' | 'rate-limit';

/**
 * An OpenAI-compatible chat server on loopback that answers summaries from a script of faults, in turn. The cycle's
 * entity requests are answered apart, with nothing named, so they take no turn of the script.
 */
export class FakeOpenAi extends FakeChat {
  readonly served: Fault[] = [];
  private next = 0;

  constructor(private readonly script: Fault[]) {
    super();
  }

  protected answer(body: ChatRequest, res: ServerResponse): void {
    if (structuredOutputName(body) === 'session_entities') {
      sendCompletion(res, body, JSON.stringify({ messages: [] }), 'entities');
      return;
    }
    const fault = this.script[this.next++ % this.script.length] as Fault;
    this.served.push(fault);
    switch (fault) {
      case 'timeout':
        this.hang(res);
        return;
      case 'server-error':
        sendChatError(res, 500, 'the model crashed');
        return;
      case 'rate-limit':
        sendChatError(res, 429, 'Rate limit reached');
        return;
      case 'malformed':
        sendCompletion(res, body, '{"text": "The team met and', fault);
        return;
      case 'wrong-shape':
        sendCompletion(res, body, JSON.stringify({ summary: 'no text or topics here' }), fault);
        return;
      case 'ok':
        sendCompletion(
          res,
          body,
          JSON.stringify({
            text: 'The group went over its plans for the week. They agreed on who does what next.',
            topics: ['weekly plans', 'next steps', 'task owners'],
            highlights: [],
            title: 'Planning the weeks',
          }),
          fault,
        );
        return;
    }
  }
}
