import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/api/app.js';
import type { ApiServices } from '../../src/api/services.js';
import { main } from '../../src/cli/cli.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import type { RecallRequest, RecallResponse } from '../../src/domain/recall.js';
import { createLogger } from '../../src/log.js';
import { createMcpServer, type McpServerOptions } from '../../src/mcp/server.js';
import { serveMcpOverStdio } from '../../src/mcp/stdio.js';
import { recallText } from '../../src/mcp/tool-text.js';
import { listen } from '../support/listen.js';
import { stubServices } from '../support/stub-services.js';

const TOOL_NAMES = [
  'add_memories',
  'entities',
  'get_context',
  'get_drift',
  'get_eras',
  'list_summaries',
  'recall',
];

const recallResponse = (query: string): RecallResponse => ({
  query,
  k: 10,
  tookMs: 2,
  minScore: 0.3,
  abstained: false,
  entities: [],
  items: [
    {
      id: 'team-a:week:2024-04-29',
      kind: 'summary',
      level: 'week',
      text: 'The team booked the Porto offsite.',
      periodStart: '2024-04-29',
      periodEnd: '2024-05-05',
      score: 0.61,
      scoreParts: {
        relevance: 0.61,
        rank: 0.5,
        vector: 0.8,
        lexical: 2.1,
        fused: 0.5,
        decay: 1,
        levelWeight: 1,
      },
      path: ['team-a:week:2024-04-29'],
      details: [
        {
          id: 'msg-17',
          text: 'Booked the hotel in Porto.',
          speaker: 'ana',
          ts: '2024-04-30T10:00:00.000Z',
          score: 0.72,
          path: ['team-a:week:2024-04-29', 'team-a:day:2024-04-30', 'msg-17'],
        },
      ],
      neighbours: [],
    },
  ],
});

function recordingServices(overrides: Partial<ApiServices> = {}) {
  const calls = {
    ingest: [] as { groupId: string; memories: MemoryInput[] }[],
    recall: [] as { groupId: string; request: RecallRequest }[],
  };
  const services = stubServices({
    ingest: async (groupId, memories) => {
      calls.ingest.push({ groupId, memories });
      return { created: memories.map((_, i) => `m${i + 1}`), existing: [] };
    },
    recall: async (groupId, request) => {
      calls.recall.push({ groupId, request });
      return recallResponse(request.query);
    },
    eras: async () => [
      {
        id: 'team-a:era:2024-01-01',
        start: '2024-01-01',
        end: '2024-03-04',
        theme: 'offsite planning',
        keyTopics: ['porto', 'hotel'],
        entities: [
          { id: 'team-a:entity:00000000000000a1', name: 'Porto', kind: 'place', mentions: 7, sessions: 4 },
          {
            id: 'team-a:entity:00000000000000b2',
            name: 'Ana Costa',
            kind: 'person',
            mentions: 3,
            sessions: 2,
          },
        ],
        text: null,
        current: true,
        earlier: false,
        periodCount: 9,
        provenance: null,
      },
    ],
    ...overrides,
  });
  return { services, calls };
}

async function connect(services: ApiServices, options: Partial<McpServerOptions> = {}) {
  const errors: { error: unknown; tool: string }[] = [];
  const server = createMcpServer(services, {
    reportError: (error, tool) => errors.push({ error, tool }),
    ...options,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, errors, close: () => client.close() };
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe('MCP tools', () => {
  it('lists the six tools with descriptions, input schemas that ask for the group, and object output schemas', async () => {
    const { client, close } = await connect(recordingServices().services);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.required, tool.name).toContain('groupId');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const recall = tools.find((t) => t.name === 'recall');
    expect(Object.keys(recall?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['groupId', 'query', 'k', 'levels', 'from', 'to']),
    );
    expect(recall?.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'add_memories')?.annotations).toMatchObject({
      readOnlyHint: false,
      idempotentHint: true,
    });
    await close();
  });

  it('add_memories stores the memories, dating undated ones now, and names the ids', async () => {
    const { services, calls } = recordingServices();
    const { client, close } = await connect(services);
    const before = Date.now();
    const result = await client.callTool({
      name: 'add_memories',
      arguments: {
        groupId: 'team-a',
        memories: [
          { text: 'The retro moves to Thursday.', speaker: 'ana', ts: '2024-05-02T09:30:00Z' },
          { text: 'Ben prefers mornings.', speaker: 'assistant' },
        ],
      },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ created: ['m1', 'm2'], existing: [] });
    expect(textOf(result)).toContain('Stored 2 new memories in group team-a: m1, m2');
    const [first, second] = calls.ingest[0]?.memories ?? [];
    expect(calls.ingest[0]?.groupId).toBe('team-a');
    expect(first?.ts).toBe('2024-05-02T09:30:00Z');
    expect(Date.parse(second?.ts ?? '')).toBeGreaterThanOrEqual(before - 1000);
    await close();
  });

  it('recall answers with ids and periods to cite, and the structured response', async () => {
    const { services, calls } = recordingServices();
    const { client, close } = await connect(services);
    const result = await client.callTool({
      name: 'recall',
      arguments: { groupId: 'team-a', query: 'porto hotel', k: 5, levels: ['week', 'memory'] },
    });
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(text).toContain('[week team-a:week:2024-04-29 | 2024-04-29..2024-05-05 | score 0.610]');
    expect(text).toContain('[memory msg-17 | 2024-04-30T10:00:00.000Z] ana: Booked the hotel in Porto.');
    expect(result.structuredContent).toEqual(recallResponse('porto hotel'));
    // The API's request schema filled in what the agent left out.
    expect(calls.recall[0]?.request).toMatchObject({
      query: 'porto hotel',
      k: 5,
      mode: 'hybrid',
      expand: { down: true },
    });
    await close();
  });

  it('tells the agent what is wrong with its arguments', async () => {
    const { client, close } = await connect(recordingServices().services);
    const inverted = await client.callTool({
      name: 'recall',
      arguments: { groupId: 'team-a', query: 'x', from: '2024-05-02', to: '2024-05-01' },
    });
    expect(inverted.isError).toBe(true);
    expect(textOf(inverted)).toMatch(/to: must not be earlier than from/);
    const badGroup = await client.callTool({ name: 'get_eras', arguments: { groupId: 'no spaces allowed' } });
    expect(badGroup.isError).toBe(true);
    expect(textOf(badGroup)).toMatch(/groupId/);
    await close();
  });

  it('hides server faults from the agent and reports them', async () => {
    const { services } = recordingServices({
      eras: async () => {
        throw new Error('Neo.ClientError.Security.Unauthorized at bolt://10.0.0.3');
      },
    });
    const { client, errors, close } = await connect(services);
    const result = await client.callTool({ name: 'get_eras', arguments: { groupId: 'team-a' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Strata failed to run get_eras; the server log has the details. Try again later.',
    );
    expect(errors.map((e) => e.tool)).toEqual(['get_eras']);
    await close();
  });

  it('bound to a group, no tool asks for one and every call goes there', async () => {
    const { services, calls } = recordingServices();
    const { client, close } = await connect(services, { groupId: 'family' });
    const { tools } = await client.listTools();
    for (const tool of tools)
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).not.toContain('groupId');
    const eras = await client.callTool({ name: 'get_eras', arguments: {} });
    expect(textOf(eras)).toContain(
      '[era team-a:era:2024-01-01 | 2024-01-01 to 2024-03-04 (exclusive) | current]',
    );
    // Beside its key topics, who and what it was about.
    expect(textOf(eras)).toContain(
      'key topics: porto, hotel; entities: Porto (place, 7 mentions), Ana Costa (person, 3 mentions)',
    );
    await client.callTool({ name: 'recall', arguments: { query: 'porto' } });
    expect(calls.recall[0]?.groupId).toBe('family');
    await close();
  });
});

describe('MCP over stdio', () => {
  it('answers JSON-RPC lines on stdout and returns when the host closes stdin', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (chunk) => {
      written += String(chunk);
    });
    const serving = serveMcpOverStdio(recordingServices().services, { stdin, stdout, reportError: () => {} });
    const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'host', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await vi.waitFor(() => expect(written.split('\n').filter(Boolean)).toHaveLength(2));
    const [init, list] = written
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(init.result.serverInfo.name).toBe('strata');
    expect(list.result.tools).toHaveLength(7);
    stdin.end();
    await serving;
  });
});

describe('strata mcp', () => {
  it('refuses a --group that is not a group id, before opening anything', async () => {
    const stderr = { text: '', write: (chunk: string) => (stderr.text += chunk) };
    const stdout = { text: '', write: (chunk: string) => (stdout.text += chunk) };
    const code = await main(['mcp', '--group', 'no spaces'], {
      stdout,
      stderr,
      env: {},
      openBackend: async () => {
        throw new Error('no backend should be opened');
      },
    });
    expect(code).toBe(2);
    expect(stderr.text).toMatch(/--group must be 1-128 letters/);
    expect(stdout.text).toBe('');
  });
});

describe('MCP over HTTP at /mcp', () => {
  const API_KEY = 'mcp-unit-test-key-0123456789';
  const { services, calls } = recordingServices();
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    server = await listen(
      createApp({ services, log: createLogger('silent'), bodyLimitBytes: 1_000_000, apiKey: API_KEY }),
    );
  });
  afterAll(() => server.close());

  const transport = (key: string) =>
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });

  it('serves the tools to an MCP client that sends the API key', async () => {
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(transport(API_KEY));
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    const result = await client.callTool({
      name: 'recall',
      arguments: { groupId: 'team-a', query: 'porto' },
    });
    expect(textOf(result)).toContain('msg-17');
    expect(calls.recall.at(-1)?.groupId).toBe('team-a');
    await client.close();
  });

  it('refuses a client without the key', async () => {
    const client = new Client({ name: 'stranger', version: '1.0.0' });
    await expect(client.connect(transport('wrong-key-wrong-key-wrong'))).rejects.toThrow(/401|unauthorized/i);
  });

  it('answers GET with 405: the endpoint is stateless and has no stream to open', async () => {
    const res = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('recallText', () => {
  it("names the group's entities the query named, with their ids to ask the entity tool", () => {
    const response = recallResponse('porto');
    const named = {
      id: 'team-a:entity:00000000000000aa',
      groupId: 'team-a',
      kind: 'place' as const,
      name: 'Porto',
      aliases: [],
      firstSeen: '2024-04-29T09:00:00Z',
      lastSeen: '2024-05-01T09:00:00Z',
      mentions: 3,
      sessions: 2,
    };
    expect(recallText(response)).not.toContain('The query names');
    expect(
      recallText({ ...response, entities: [named] })
        .split('\n')
        .at(-1),
    ).toBe('The query names: Porto (place, team-a:entity:00000000000000aa).');
  });
});
