import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, sendJson as json, LoopbackFake } from '../../support/loopback-fake.js';

/** How the fake answers one chat completion. */
export type Fault = 'ok' | 'timeout' | 'server-error' | 'malformed' | 'wrong-shape' | 'rate-limit';

/**
 * An OpenAI-compatible chat server on loopback that answers from a script of faults, in turn. It speaks just
 * enough of /v1/chat/completions for LangChain's structured output (a JSON schema response format, or a tool).
 */
export class FakeOpenAi extends LoopbackFake {
  readonly served: Fault[] = [];
  private next = 0;

  constructor(private readonly script: Fault[]) {
    super();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await bodyOf(req);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
      return;
    }
    const body = JSON.parse(raw) as { model: string; tools?: { function: { name: string } }[] };
    const fault = this.script[this.next++ % this.script.length] as Fault;
    this.served.push(fault);
    switch (fault) {
      case 'timeout':
        this.hang(res);
        return;
      case 'server-error':
        json(res, 500, { error: { message: 'the model crashed', type: 'server_error' } });
        return;
      case 'rate-limit':
        json(
          res,
          429,
          { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } },
          { 'retry-after': '1' },
        );
        return;
      case 'malformed':
        json(res, 200, completion(body, '{"text": "The team met and', fault));
        return;
      case 'wrong-shape':
        json(res, 200, completion(body, JSON.stringify({ summary: 'no text or topics here' }), fault));
        return;
      case 'ok':
        json(
          res,
          200,
          completion(
            body,
            JSON.stringify({
              text: 'The group went over its plans for the week. They agreed on who does what next.',
              topics: ['weekly plans', 'next steps', 'task owners'],
              highlights: [],
              title: 'Planning the weeks',
            }),
            fault,
          ),
        );
        return;
    }
  }
}

/** A chat completion carrying `content`, as a tool call when the request offered a tool. */
function completion(
  body: { model: string; tools?: { function: { name: string } }[] },
  content: string,
  id: string,
) {
  const tool = body.tools?.[0]?.function.name;
  const message = tool
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: `call_${id}`, type: 'function', function: { name: tool, arguments: content } }],
      }
    : { role: 'assistant', content };
  return {
    id: `chatcmpl-${id}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, message, finish_reason: tool ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}
