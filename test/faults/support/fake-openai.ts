import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers one chat completion. */
export type Fault = 'ok' | 'timeout' | 'server-error' | 'malformed' | 'wrong-shape' | 'rate-limit';

/**
 * An OpenAI-compatible chat server on loopback that answers from a script of faults, in turn. It speaks just
 * enough of /v1/chat/completions for LangChain's structured output (a JSON schema response format, or a tool).
 */
export class FakeOpenAi {
  readonly served: Fault[] = [];
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  private next = 0;

  constructor(private readonly script: Fault[]) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
      return;
    }
    const body = JSON.parse(raw) as { model: string; tools?: { function: { name: string } }[] };
    const fault = this.script[this.next++ % this.script.length] as Fault;
    this.served.push(fault);
    switch (fault) {
      case 'timeout':
        // Never answers; the client's timeout has to end it.
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
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

function json(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
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
