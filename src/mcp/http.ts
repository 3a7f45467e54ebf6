import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestHandler } from 'express';
import { requestKey } from '../api/auth.js';
import type { ApiServices } from '../api/services.js';
import { keyAllows } from '../domain/api-keys.js';
import type { Logger } from '../log.js';
import { createMcpServer } from './server.js';

/** Where the HTTP server serves MCP (streamable HTTP), behind the same API key as /v1. */
export const MCP_PATH = '/mcp';

/**
 * MCP over streamable HTTP, stateless: each POST gets its own server and transport, so any instance
 * behind a load balancer can answer any call and nothing is held between requests. Strata's tools need
 * no session (no server-sent notifications, no resumption), so GET streams and DELETE have nothing to do.
 * Mount at MCP_PATH after express.json(); the parsed body is handed to the transport.
 */
export function mcpHttpHandler(services: ApiServices, log: Logger): RequestHandler {
  return async (req, res, next) => {
    // app.use also matches /mcp/anything; only /mcp itself is the endpoint.
    if (req.path !== '/') return next();
    if (req.method !== 'POST') {
      res
        .status(405)
        .set('Allow', 'POST')
        .json({
          jsonrpc: '2.0',
          error: {
            code: -32000,
            message: 'This MCP endpoint is stateless: send JSON-RPC requests with POST',
          },
          id: null,
        });
      return;
    }
    const key = requestKey(res);
    const server = createMcpServer(services, {
      ...(key ? { canUseGroup: (groupId: string) => keyAllows(key, { groupId }) } : {}),
      reportError: (err, tool) => log.error({ err, tool }, 'mcp tool failed'),
    });
    // JSON answers rather than an SSE stream: every tool answers once, and plain JSON passes any proxy.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      next(error);
    }
  };
}
