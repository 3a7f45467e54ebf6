import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, LoopbackFake, sendJson } from './loopback-fake.js';

/** A chat completion request as LangChain's ChatOpenAI sends it for structured output. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  tools?: { function: { name: string } }[];
  response_format?: { json_schema?: { name?: string } };
}

/**
 * An OpenAI-compatible /v1/chat/completions server on loopback, speaking just enough of it for LangChain's
 * structured output (a JSON schema response format, or a tool); a subclass says how it answers each request.
 */
export abstract class FakeChat extends LoopbackFake {
  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await bodyOf(req);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
      return;
    }
    await this.answer(JSON.parse(raw) as ChatRequest, res);
  }

  protected abstract answer(body: ChatRequest, res: ServerResponse): Promise<void> | void;
}

/** The name of the structured output a request asks for: "period_summary", "session_entities", ... */
export function structuredOutputName(body: ChatRequest): string | undefined {
  return body.response_format?.json_schema?.name ?? body.tools?.[0]?.function.name;
}

/** The text of a request's message of `role` (its last one). */
export function messageOf(body: ChatRequest, role: 'system' | 'user'): string {
  return body.messages.filter((m) => m.role === role).at(-1)?.content ?? '';
}

/** Answers a chat completion carrying `content`, as a tool call when the request offered a tool. */
export function sendCompletion(res: ServerResponse, body: ChatRequest, content: string, id: string): void {
  sendJson(res, 200, chatCompletion(body, content, id));
}

/** An OpenAI error answer, as a server that failed or refused sends it. */
export function sendChatError(res: ServerResponse, status: number, message: string): void {
  const type = status === 429 ? 'rate_limit_exceeded' : 'server_error';
  sendJson(res, status, { error: { message, type } }, status === 429 ? { 'retry-after': '1' } : {});
}

function chatCompletion(body: ChatRequest, content: string, id: string) {
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
