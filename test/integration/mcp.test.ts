import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDemo } from '../../seed/generator.js';
import type { Strata } from '../../src/strata.js';
import { serveTestApp } from '../support/test-app.js';
import {
  deleteGroup,
  describeNeo4j,
  eventually,
  openTestStrata,
  TEST_DIMENSION,
  testGroupId,
} from './neo4j.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_KEY = 'mcp-integration-key-0123456789';
const TOOLS = [
  'add_memories',
  'entities',
  'get_context',
  'get_drift',
  'get_eras',
  'list_summaries',
  'recall',
];

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

/** Three memories with ids and a word no other test uses, so recall can only find these. */
function plantedMemories() {
  const word = `zephyrine${randomUUID().slice(0, 6)}`;
  const ids = [1, 2, 3].map((n) => `mcp-${randomUUID()}-${n}`);
  const memories = [
    {
      id: ids[0],
      text: `The ${word} prototype ships on Friday.`,
      speaker: 'ana',
      ts: '2024-05-02T09:30:00Z',
    },
    {
      id: ids[1],
      text: `Ben will demo the ${word} to the board.`,
      speaker: 'ben',
      ts: '2024-05-02T09:31:00Z',
    },
    { id: ids[2], text: `Remember the ${word} budget is 40k.`, speaker: 'ana', ts: '2024-05-03T15:00:00Z' },
  ];
  return { word, ids, memories };
}

/** add_memories, then recall (the full-text index refreshes within moments) finding every memory added. */
async function addAndRecall(client: Client, group: Record<string, string>) {
  const { word, ids, memories } = plantedMemories();
  const added = await client.callTool({ name: 'add_memories', arguments: { ...group, memories } });
  expect(added.isError, textOf(added)).toBeFalsy();
  expect(added.structuredContent).toEqual({ created: ids, existing: [] });

  const recalled = await eventually(async () => {
    const result = await client.callTool({
      name: 'recall',
      // The planted word alone: every memory holds all of the query, so each passes the relevance floor.
      arguments: { ...group, query: word, levels: ['memory'], k: 5 },
    });
    const found = ((result.structuredContent as { items: { id: string }[] }).items ?? []).map((i) => i.id);
    if (!ids.every((id) => found.includes(id))) throw new Error(`recall found ${found.join(', ')}`);
    return result;
  });
  for (const id of ids) expect(textOf(recalled)).toContain(id);
  expect(textOf(recalled)).toContain('2024-05-02T09:30:00');
}

describeNeo4j('MCP against Neo4j: /mcp over HTTP and strata mcp over stdio', () => {
  let strata: Strata;
  let server: Awaited<ReturnType<typeof serveTestApp>>;
  const httpGroup = testGroupId('mcp-http');
  const stdioGroup = testGroupId('mcp-stdio');
  const demoGroup = testGroupId('mcp-demo');

  beforeAll(async () => {
    strata = await openTestStrata();
    server = await serveTestApp(strata, { apiKey: API_KEY });
  });

  afterAll(async () => {
    await server?.close();
    if (!strata) return;
    for (const g of [httpGroup, stdioGroup, demoGroup]) await deleteGroup(strata.graph, g);
    await strata.close();
  });

  async function httpClient(): Promise<Client> {
    const client = new Client({ name: 'integration-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
      }),
    );
    return client;
  }

  it('over HTTP: lists the tools, adds memories and recalls them', async () => {
    const client = await httpClient();
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
      await addAndRecall(client, { groupId: httpGroup });
    } finally {
      await client.close();
    }
  });

  it('over stdio (strata mcp --group): lists the tools, adds memories and recalls them', async () => {
    let stderr = '';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli/main.ts', 'mcp', '--group', stdioGroup],
      cwd: ROOT,
      env: {
        ...(process.env as Record<string, string>),
        LOG_LEVEL: 'warn',
        SCHEDULER_ENABLED: 'false',
        EMBEDDER: 'hashing',
        EMBEDDING_DIMENSION: String(TEST_DIMENSION),
        SUMMARIZER: 'local',
      },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const client = new Client({ name: 'integration-host', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
      // Bound to one group: no tool asks for it.
      for (const tool of tools)
        expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain('groupId');
      await addAndRecall(client, {});
      expect((await strata.services.getGroup(stdioGroup))?.memories).toBe(3);
    } finally {
      await client.close();
    }
    expect(stderr).not.toMatch(/failed/);
  }, 60_000);

  it('answers the reading tools from a rolled-up group, with ids and periods to cite', async () => {
    const [demo] = generateDemo({ seed: 3, groups: 1, months: 3, messagesPerDay: 12, start: '2024-01-01' });
    if (!demo) throw new Error('the generator made no group');
    await strata.services.ingest(
      demoGroup,
      demo.memories.map(({ id: _id, ...m }) => m),
    );
    const report = await strata.cycle(demoGroup, { now: new Date('2024-04-05T00:00:00Z') });
    expect(report.status, JSON.stringify(report.errors)).toBe('succeeded');

    const client = await httpClient();
    try {
      const call = async (name: string, args: Record<string, unknown> = {}) => {
        const result = await client.callTool({ name, arguments: { groupId: demoGroup, ...args } });
        expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
        return { text: textOf(result), data: result.structuredContent as Record<string, unknown> };
      };
      const weeks = await call('list_summaries', { level: 'week', limit: 5 });
      const firstWeek = (weeks.data.summaries as { id: string; periodStart: string }[])[0];
      expect(weeks.text).toContain(`[week ${firstWeek?.id} | ${firstWeek?.periodStart}..`);

      const eras = await call('get_eras');
      expect((eras.data.eras as unknown[]).length).toBeGreaterThan(0);
      expect(eras.text).toMatch(/\[era \S+ \| 2024-01-\d\d to /);

      const drift = await call('get_drift', { level: 'week' });
      expect((drift.data.points as unknown[]).length).toBeGreaterThan(3);
      expect(drift.text).toMatch(/\[week 2024-\d\d-\d\d vs 2024-\d\d-\d\d\] topic drift /);

      const context = await call('get_context', { budgetTokens: 400 });
      expect(context.data.tokens as number).toBeLessThanOrEqual(400);
      expect(context.text).toMatch(/\d{1,2} [A-Z][a-z]+ 2024/);
    } finally {
      await client.close();
    }
  }, 180_000);
});
