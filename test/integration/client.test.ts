import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Strata } from '../../src/strata.js';
import { serveTestApp } from '../support/test-app.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOCOMO_FILE = fileURLToPath(new URL('../../../shared/bench/locomo/locomo-dev.json', import.meta.url));
const API_KEY = 'client-integration-key-0123456789';

describeNeo4j('the client package from another process, against a running server', () => {
  let strata: Strata;
  let server: Awaited<ReturnType<typeof serveTestApp>>;
  const groupId = testGroupId('client');

  beforeAll(async () => {
    strata = await openTestStrata();
    server = await serveTestApp(strata, { apiKey: API_KEY });
  });

  afterAll(async () => {
    await server?.close();
    if (!strata) return;
    await deleteGroup(strata.graph, groupId);
    await strata.close();
  });

  it('ingests a LoCoMo conversation, runs the cycle, recalls its evidence and feeds a LangChain chain', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'test/integration/agents/locomo-agent.ts'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          STRATA_URL: server.url,
          STRATA_API_KEY: API_KEY,
          STRATA_GROUP: groupId,
          LOCOMO_FILE,
          LOCOMO_SAMPLE: 'conv-30',
        },
        timeout: 240_000,
      },
    );
    const seen = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    console.log(`client agent: ${JSON.stringify(seen)}`);

    expect(seen.memories).toBe(369);
    expect(seen.created).toBe(369);
    expect(seen.repeated).toEqual({ created: 0, existing: 200 });
    expect(seen.cycle.status).toBe('succeeded');
    expect(seen.cycle.errors).toEqual([]);
    expect(seen.cycle.levels.day.created).toBeGreaterThan(0);
    expect(seen.weeks).toBeGreaterThan(0);
    // bench/locomo puts full recall@10 near 0.5 with the hashing embedder; this guards against breakage, not quality.
    expect(seen.recall.found / seen.recall.questions).toBeGreaterThan(0.25);
    expect(seen.chain.answer).toBe('They talked about it in their first session.');
    expect(seen.chain.documents).toBeGreaterThan(0);
    expect(seen.chain.firstDocument).toMatchObject({ id: expect.any(String), level: expect.any(String) });
    expect(seen.chain.promptHasCitations).toBe(true);
    // What the agent wrote is in the graph the server reads.
    expect((await strata.services.getGroup(groupId))?.memories).toBe(369);
  }, 300_000);
});
