import { describe, expect, it } from 'vitest';
import type { RecallItem, RecallRequestInput, RecallResponse } from '../../src/domain/recall.js';
import { recallResponseSchema } from '../../src/domain/recall.js';
import { StrataRetriever } from '../../src/recall/retriever.js';

const scoreParts = {
  relevance: 0.5,
  rank: 0.5,
  vector: 0.8,
  lexical: null,
  fused: 0.5,
  decay: 1,
  levelWeight: 1,
};

const week: RecallItem = {
  id: 'g:week:2024-04-29',
  kind: 'summary',
  level: 'week',
  text: 'The team booked the Porto offsite.',
  periodStart: '2024-04-29',
  periodEnd: '2024-05-06',
  score: 0.61,
  scoreParts,
  path: ['g:week:2024-04-29'],
  details: [
    {
      id: 'm1',
      text: 'Booked the hotel in Porto.',
      speaker: 'ana',
      ts: '2024-04-30T10:00:00Z',
      score: 0.72,
      path: ['g:week:2024-04-29', 'g:day:2024-04-30', 'm1'],
    },
  ],
  neighbours: [],
};

const memory: RecallItem = {
  id: 'm9',
  kind: 'memory',
  level: 'memory',
  text: 'Porto flights are cheap in May.',
  speaker: 'ben',
  ts: '2024-05-02T08:15:00Z',
  score: 0.4,
  scoreParts,
  path: ['m9'],
  details: [],
  neighbours: [],
};

function fakeRecall() {
  const calls: { groupId: string; request: RecallRequestInput }[] = [];
  const recall = async (groupId: string, request: RecallRequestInput): Promise<RecallResponse> => {
    calls.push({ groupId, request });
    return recallResponseSchema.parse({
      query: request.query,
      k: request.k ?? 10,
      items: [week, memory],
      tookMs: 3,
      minScore: 0.3,
      abstained: false,
      entities: [],
    });
  };
  return { recall, calls };
}

describe('StrataRetriever', () => {
  it('turns hits, then expanded memories, into documents', async () => {
    const { recall, calls } = fakeRecall();
    const retriever = new StrataRetriever({
      recall,
      groupId: 'team-alpha',
      k: 5,
      levels: ['week', 'memory'],
    });
    const docs = await retriever.invoke('porto offsite');

    expect(calls).toEqual([
      { groupId: 'team-alpha', request: { query: 'porto offsite', k: 5, levels: ['week', 'memory'] } },
    ]);
    expect(docs.map((d) => d.pageContent)).toEqual([week.text, memory.text, 'Booked the hotel in Porto.']);
    expect(docs[0]?.metadata).toEqual({
      id: 'g:week:2024-04-29',
      kind: 'summary',
      level: 'week',
      period: '2024-04-29..2024-05-06',
      score: 0.61,
      path: ['g:week:2024-04-29'],
    });
    expect(docs[1]?.metadata).toMatchObject({
      id: 'm9',
      kind: 'memory',
      period: '2024-05-02T08:15:00Z',
      speaker: 'ben',
    });
    expect(docs[2]?.metadata).toEqual({
      id: 'm1',
      kind: 'memory',
      level: 'memory',
      period: '2024-04-30T10:00:00Z',
      score: 0.72,
      path: ['g:week:2024-04-29', 'g:day:2024-04-30', 'm1'],
      speaker: 'ana',
      parentId: 'g:week:2024-04-29',
    });
    expect(docs[0]?.id).toBe('g:week:2024-04-29');
  });

  it('skips details, and asks the server not to expand, when includeDetails is false', async () => {
    const { recall, calls } = fakeRecall();
    const retriever = new StrataRetriever({ recall, groupId: 'g', includeDetails: false });
    const docs = await retriever.invoke('porto');
    expect(docs.map((d) => d.metadata.id)).toEqual(['g:week:2024-04-29', 'm9']);
    expect(calls[0]?.request).toEqual({ query: 'porto', expand: { down: false } });
  });

  it('serialises under the strata namespace', () => {
    const retriever = new StrataRetriever({ recall: fakeRecall().recall, groupId: 'g', tags: ['memory'] });
    expect(retriever.lc_namespace).toEqual(['strata', 'retrievers']);
    expect(retriever.tags).toEqual(['memory']);
  });

  it('recalls over HTTP from a URL, sending the key, and never serialises the key', async () => {
    const seen: { url: string; authorization: string | null; body: unknown }[] = [];
    const fetch = async (input: string | URL | Request) => {
      const request = input as Request;
      seen.push({
        url: request.url,
        authorization: request.headers.get('authorization'),
        body: await request.json(),
      });
      const body = recallResponseSchema.parse({
        query: 'porto',
        k: 3,
        items: [memory],
        minScore: 0.3,
        abstained: false,
        entities: [],
        tookMs: 1,
      });
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const retriever = new StrataRetriever({
      url: 'http://strata.test:8080/',
      apiKey: 'secret-key-0123456789',
      groupId: 'team-a',
      k: 3,
      fetch,
    });
    const docs = await retriever.invoke('porto');
    expect(docs.map((d) => d.metadata.id)).toEqual(['m9']);
    expect(seen).toEqual([
      {
        url: 'http://strata.test:8080/v1/groups/team-a/recall',
        authorization: 'Bearer secret-key-0123456789',
        body: { query: 'porto', k: 3 },
      },
    ]);
    expect(JSON.stringify(retriever.toJSON())).not.toContain('secret-key');
  });
});
