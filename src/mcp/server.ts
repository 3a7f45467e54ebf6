import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiServices } from '../api/services.js';
import { groupIdSchema } from '../domain/memory.js';
import { DatabaseUnavailableError } from '../errors.js';
import { projectPath } from '../project-files.js';
import { type AnyToolSpec, TOOLS } from './tools.js';

export interface McpServerOptions {
  /** Every tool works in this group and does not ask for one (`strata mcp --group`); else each call names it. */
  groupId?: string;
  /** Whether the caller's API key may use a group; every tool call checks it before touching anything. */
  canUseGroup?: (groupId: string) => boolean;
  /** Told about server faults, which the agent sees only as a generic failure. */
  reportError(error: unknown, tool: string): void;
}

function packageVersion(): string {
  return (
    (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'
  );
}

const SERVER_INFO = { name: 'strata', version: packageVersion() };

const INSTRUCTIONS =
  'Strata is long-term memory for conversations. Store what is said with add_memories; look things up ' +
  'with recall (ids and dates let you cite them); catch up with get_context; review periods with ' +
  'list_summaries; see the long story with get_eras and get_drift.';

const groupArgument = {
  groupId: groupIdSchema.meta({
    description:
      'The memory group (tenant) to work in, e.g. a team, a chat or a user; letters, digits, . _ -',
  }),
};

/** An MCP server with Strata's tools over the given services; one per connection (stdio) or request (HTTP). */
export function createMcpServer(services: ApiServices, options: McpServerOptions): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  for (const tool of TOOLS) register(server, tool, services, options);
  return server;
}

function register(server: McpServer, tool: AnyToolSpec, services: ApiServices, options: McpServerOptions) {
  const fixedGroup = options.groupId;
  const inputSchema = z.object(fixedGroup ? tool.input : { ...groupArgument, ...tool.input });
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema,
      outputSchema: tool.output,
      annotations: {
        title: tool.title,
        readOnlyHint: tool.readOnly,
        // add_memories only adds, and adding the same memory twice stores it once.
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    async (args: Record<string, unknown>): Promise<CallToolResult> => {
      const { groupId, ...rest } = args;
      const group = fixedGroup ?? String(groupId);
      if (options.canUseGroup && !options.canUseGroup(group)) {
        // The same answer whether the group exists or not, as the HTTP routes give.
        return {
          content: [{ type: 'text', text: `Forbidden: this API key may not use group ${group}` }],
          isError: true,
        };
      }
      try {
        const { data, text } = await tool.run(services, group, rest);
        return { content: [{ type: 'text', text }], structuredContent: data };
      } catch (error) {
        return { content: [{ type: 'text', text: agentMessage(error, tool.name, options) }], isError: true };
      }
    },
  );
}

/** What the agent is told: its own mistakes in full, so it can correct the call; server faults without internals. */
function agentMessage(error: unknown, tool: string, options: McpServerOptions): string {
  if (error instanceof z.ZodError) {
    const issues = error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`);
    return `Invalid arguments for ${tool}: ${issues.join('; ')}`;
  }
  if (error instanceof DatabaseUnavailableError) {
    return `Strata's database is unavailable right now; try ${tool} again in ${error.retryAfterSeconds} seconds.`;
  }
  options.reportError(error, tool);
  return `Strata failed to run ${tool}; the server log has the details. Try again later.`;
}
