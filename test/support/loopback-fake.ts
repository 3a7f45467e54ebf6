import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake HTTP service on loopback for a test: `start` gives its /v1 base URL, `stop` ends it with every connection,
 * those it left hanging on purpose (a timeout) included. A fake says how it answers in `handle`.
 */
export abstract class LoopbackFake {
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Never answers: the client's timeout has to end the request. */
  protected hang(res: ServerResponse): void {
    this.hanging.add(res);
    res.on('close', () => this.hanging.delete(res));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** A request's body, read whole. */
export async function bodyOf(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw;
}

/** Answers with a JSON body. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
