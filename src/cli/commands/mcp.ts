import { groupIdSchema } from '../../domain/memory.js';
import { serveMcpOverStdio } from '../../mcp/stdio.js';
import type { CommandSpec } from '../command.js';
import { EXIT } from '../exit-codes.js';

export interface McpOptions {
  groupId?: string;
}

export const mcpCommand: CommandSpec<McpOptions> = {
  name: 'mcp',
  summary: 'Serve the MCP tools over stdio, for an MCP host (a desktop assistant, an IDE, an agent)',
  synopsis: '[--group <id>]',
  description: [
    'Speaks MCP (JSON-RPC) on stdin and stdout until the host closes stdin; logs go to stderr.',
    'Tools: add_memories, recall, get_context, list_summaries, get_eras, get_drift.',
    'With --group every tool works in that group and does not ask for one; without it each call names its group.',
  ].join('\n'),
  flags: {
    group: { type: 'string', value: '<id>', description: 'Bind every tool to this group' },
  },
  parse(flags) {
    const group = flags.string('group');
    if (group === undefined) return {};
    const parsed = groupIdSchema.safeParse(group);
    if (!parsed.success)
      throw flags.usage(`--group ${parsed.error.issues[0]?.message ?? 'is not a group id'}`);
    return { groupId: parsed.data };
  },
  needs: 'schema',
  async run(options, { backend, stderr }) {
    await serveMcpOverStdio(backend.services, {
      ...options,
      reportError: (error, tool) => {
        const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
        stderr.write(`strata mcp: ${tool} failed: ${detail}\n`);
      },
    });
    return EXIT.ok;
  },
};
