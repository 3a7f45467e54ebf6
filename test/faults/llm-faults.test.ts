import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CycleReport } from '../../src/domain/cycle-report.js';
import type { Strata } from '../../src/strata.js';
import { openTestStrata } from '../integration/neo4j.js';
import { conversation, faultGroupId } from './support/data.js';
import { describeFaults } from './support/describe.js';
import { FakeOpenAi, type Fault } from './support/fake-openai.js';
import { dayParents, periods, runs, verifyProblems } from './support/inspect.js';

/**
 * Scenario 5: the configured LLM times out, fails with 500, returns broken or wrongly shaped structured output,
 * and rate-limits. Every period still gets its summary (the local summarizer's where the model failed), the
 * run record names each fallback, and no cycle fails.
 */

// Read in pairs (one retry per period): a pair of faults makes a fallback whose reason is the second fault, so
// each kind of fault ends up as a recorded reason; the script repeats with the same pairing.
const SCRIPT: Fault[] = [
  ...['server-error', 'timeout', 'ok'],
  ...['malformed', 'rate-limit', 'ok'],
  ...['timeout', 'server-error'],
  ...['rate-limit', 'wrong-shape', 'ok'],
] as Fault[];

describeFaults('LLM faults during a cycle', () => {
  const groupId = faultGroupId('llm');
  const memories = conversation({ prefix: 'l', days: 16, perDay: 8 });
  const fake = new FakeOpenAi(SCRIPT);
  let strata: Strata;
  let report: CycleReport;
  let tookMs = 0;

  beforeAll(async () => {
    const baseUrl = await fake.start();
    strata = await openTestStrata({
      SUMMARIZER: 'openai',
      OPENAI_BASE_URL: baseUrl,
      OPENAI_API_KEY: 'sk-fake-for-loopback',
      OPENAI_TIMEOUT_MS: '1500',
      OPENAI_MAX_RETRIES: '1',
    });
    await strata.services.ingest(groupId, memories);
    const started = Date.now();
    report = await strata.cycle(groupId);
    tookMs = Date.now() - started;
    console.log(
      `llm: cycle ${report.status} in ${tookMs} ms; ${fake.served.length} model calls ` +
        `${JSON.stringify(countOf(fake.served))}; ${report.summarizerFallbacks.length} fallbacks`,
    );
  }, 600_000);

  afterAll(async () => {
    await fake.stop();
    if (strata) {
      await strata.groups.deleteGroup(groupId).catch(() => undefined);
      await strata.close();
    }
  });

  it('met every kind of fault', () => {
    expect(new Set(fake.served)).toEqual(new Set(SCRIPT));
  });

  it('did not fail the cycle: succeeded, no period errors', () => {
    expect(report.status).toBe('succeeded');
    expect(report.errors).toEqual([]);
  });

  it('summarised every period, the failed ones by the local summarizer, and verifies clean', async () => {
    const rows = (await periods(strata, groupId)).filter((r) => r.level !== 'session');
    const byModel = rows.filter((r) => r.summarizer.startsWith('openai:'));
    const fellBack = rows.filter((r) => r.summarizer.includes('fallback from openai:'));
    expect(byModel.length).toBeGreaterThan(0);
    expect(fellBack.length).toBeGreaterThan(0);
    expect(await dayParents(strata, groupId)).toEqual({ 1: memories.length });
    const verify = await strata.services.verify(groupId);
    expect(verifyProblems(verify)).toEqual([]);
    expect(verify.pending.memories).toBe(0);
  });

  it('recorded each fallback in the report and the run record, one per summary that fell back', async () => {
    const fellBack = (await periods(strata, groupId)).filter((r) => r.summarizer.includes('fallback from'));
    // Eras are not Summary nodes; an era's fallback is recorded in the run but counted apart.
    expect(report.summarizerFallbacks.filter((f) => !f.startsWith('era ')).length).toBe(fellBack.length);
    const [run] = (await runs(strata, groupId)).filter((r) => r.id === report.runId);
    expect(run?.status).toBe('succeeded');
    expect(run?.summarizerFallbacks).toEqual(report.summarizerFallbacks);
    // The reasons say what went wrong: a timeout, a 500, a 429 and unusable output all show up.
    const reasons = report.summarizerFallbacks.join('\n');
    expect(reasons).toMatch(/timed? ?out/i);
    expect(reasons).toMatch(/500/);
    expect(reasons).toMatch(/429|rate limit/i);
    expect(reasons).toMatch(/schema|json/i);
  });
});

function countOf(items: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const x of items) counts[x] = (counts[x] ?? 0) + 1;
  return counts;
}
