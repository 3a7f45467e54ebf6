import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ApiServices } from '../api/services.js';
import { createMcpServer, type McpServerOptions } from './server.js';

export interface StdioOptions extends McpServerOptions {
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * Serves Strata's MCP tools on stdin/stdout until the host closes stdin. Nothing else may write to
 * stdout meanwhile: it carries JSON-RPC only (logs go to stderr).
 */
export async function serveMcpOverStdio(services: ApiServices, options: StdioOptions): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const server = createMcpServer(services, options);
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  // The SDK's stdio transport does not notice the end of stdin; without this the process would linger
  // after its host has gone.
  stdin.once('end', () => void server.close());
  await server.connect(transport);
  await closed;
}
