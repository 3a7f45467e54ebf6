import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiServices } from '../../src/api/services.js';
import { main } from '../../src/cli/cli.js';
import type { Backend } from '../../src/cli/command.js';
import type { CycleHealth } from '../../src/domain/cycle-health.js';
import { type CycleReport, emptyLevels } from '../../src/domain/cycle-report.js';
import { DRIFT_MEASURES } from '../../src/domain/drift-chart.js';
import { resolveEraParameters } from '../../src/domain/eras.js';
import { type MemoryInput, toMemoryRecord } from '../../src/domain/memory.js';
import { type EraScoreRequest, scoreEras } from '../../src/domain/segmentation.js';
import { buildVerifyReport } from '../../src/domain/verify.js';
import { SchemaMismatchError } from '../../src/errors.js';
import type { CycleOptions } from '../../src/jobs/cycle.js';
import { groupInfo } from '../support/groups.js';
import { collector } from '../support/out-stream.js';
import { stubServices } from '../support/stub-services.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

function report(groupId: string, overrides: Partial<CycleReport> = {}): CycleReport {
  return {
    groupId,
    runId: 'run-1',
    dryRun: false,
    status: 'succeeded',
    levels: { ...emptyLevels(), day: { created: 12, updated: 1 } },
    decayUpdated: 3,
    pruned: { archived: { session: 0, day: 2, week: 0, month: 0 }, memories: 0, checked: true },
    errors: [],
    summarizerFallbacks: [],
    pendingWork: false,
    nextWorkAt: null,
    startedAt: '2024-05-01T00:00:00.000Z',
    tookMs: 1500,
    ...overrides,
  };
}

/** A Backend that keeps ingested ids in memory (so re-imports create nothing) and records what was asked. */
function fakeBackend(
  options: {
    services?: Partial<ApiServices>;
    cycle?: (groupId: string, options?: CycleOptions) => Promise<CycleReport>;
    groupsDue?: string[];
    /** Groups a tick cycles at the same time (1 unless a test says). */
    concurrency?: number;
    checkEmbedder?: () => Promise<void>;
    reembed?: Backend['reembed'];
  } = {},
) {
  const stored = new Map<string, string>();
  const calls = {
    ingest: [] as { groupId: string; size: number }[],
    cycles: [] as string[],
    /** Tasks run inside a tick's scope of shared commits, and how many scopes were opened. */
    joined: 0,
    scopes: 0,
    closed: 0,
    migrated: 0,
  };
  const backend: Backend = {
    services: stubServices({
      readiness: async () => ({ ready: true, neo4j: 'reachable', schema: { missing: [], notOnline: [] } }),
      ingest: async (groupId: string, memories: MemoryInput[]) => {
        calls.ingest.push({ groupId, size: memories.length });
        const created: string[] = [];
        const existing: string[] = [];
        for (const m of memories) {
          const { id } = toMemoryRecord(groupId, m);
          if (stored.has(id)) existing.push(id);
          else {
            stored.set(id, groupId);
            created.push(id);
          }
        }
        return { created, existing };
      },
      setTimezone: async (_groupId: string, timezone: string) => ({
        allowed: true,
        previousTimezone: timezone,
        timezone,
      }),
      ...options.services,
    }),
    cycle: async (groupId, cycleOptions) => {
      calls.cycles.push(groupId);
      return options.cycle
        ? options.cycle(groupId, cycleOptions)
        : report(groupId, { dryRun: !!cycleOptions?.dryRun });
    },
    groupsDue: async () => options.groupsDue ?? [],
    tick: {
      concurrency: options.concurrency ?? 1,
      shareCommits: () => {
        calls.scopes++;
        return {
          join: <T>(task: () => Promise<T>) => {
            calls.joined++;
            return task();
          },
        };
      },
    },
    migrate: async () => {
      calls.migrated++;
      return {
        from: 0,
        to: 2,
        applied: ['1 drop what earlier versions made', '2 give every group its clock'],
      };
    },
    indexes: async () => [
      { name: 'memory_embedding', type: 'VECTOR', state: 'ONLINE', dimensions: 384 },
      { name: 'group_text_fulltext', type: 'FULLTEXT', state: 'POPULATING', dimensions: null },
    ],
    checkEmbedder: options.checkEmbedder ?? (async () => undefined),
    reembed:
      options.reembed ??
      (async () => {
        throw new Error('not used');
      }),
    dropPreviousVectors: async () => ({ slot: 'a', cleared: 12 }),
    close: async () => {
      calls.closed++;
    },
  };
  return { backend, calls, stored };
}

async function run(argv: string[], backend?: Backend, env: Record<string, string> = {}) {
  const stdout = collector();
  const stderr = collector();
  let opened = 0;
  const code = await main(argv, {
    stdout,
    stderr,
    env,
    now: () => new Date('2024-07-15T12:00:00Z'),
    openBackend: async () => {
      opened++;
      if (!backend) throw new Error('this command should not open Strata');
      return backend;
    },
  });
  return { code, stdout: stdout.text, stderr: stderr.text, opened };
}

describe('main: usage, help and configuration', () => {
  it('exits 2 on a usage error with the message and the command usage on stderr, without opening Strata', async () => {
    const r = await run(['recall', 'what', 'did', 'we', 'plan']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^strata recall: missing --group <id>/);
    expect(r.stderr).toContain('Usage: strata recall --group <id> <query...>');
    expect(r.stderr).toContain('--levels <list>');
    expect(r.opened).toBe(0);
  });

  it('prints the general usage for an unknown command', async () => {
    const r = await run(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^strata: unknown command "frobnicate"/);
    expect(r.stderr).toContain('Commands:');
  });

  it('prints help on stdout and exits 0', async () => {
    const general = await run(['--help']);
    expect(general.code).toBe(0);
    for (const command of [
      'migrate',
      'import',
      'aggregate',
      'recall',
      'summaries',
      'eras',
      'drift',
      'topics',
      'profile',
      'seed',
    ]) {
      expect(general.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
    expect(general.stdout).toContain('Exit codes:');
    const one = await run(['import', '--help']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^Usage: strata import <file>/);
    expect(one.stdout).toContain('--allow-rejects');
    expect((await run(['--version'])).stdout).toMatch(/^strata \d+\.\d+\.\d+\n$/);
  });

  it('exits 2 with every bad setting listed on a configuration error', async () => {
    const r = await run(['eras', '--group', 'g1'], undefined, {
      NEO4J_URI: 'http://localhost:7474',
      PORT: 'x',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('NEO4J_URI: must look like bolt://host:7687');
    expect(r.stderr).toContain('PORT:');
    expect(r.opened).toBe(0);
  });
});

describe('main: Neo4j problems exit 3 with the fix', () => {
  it('when Neo4j is unreachable', async () => {
    const { backend, calls } = fakeBackend({
      services: {
        readiness: async () => ({ ready: false, neo4j: 'unreachable', message: 'connect ECONNREFUSED' }),
      },
    });
    const r = await run(['eras', '--group', 'g1'], backend, { NEO4J_URI: 'bolt://db:7687' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Cannot reach Neo4j at bolt://db:7687: connect ECONNREFUSED');
    expect(r.stderr).toContain('NEO4J_USER, NEO4J_PASSWORD');
    expect(r.stderr).toContain('strata migrate');
    expect(calls.closed).toBe(1);
  });

  it('when the schema is missing, except for migrate itself', async () => {
    const missing = {
      readiness: async () => ({
        ready: false,
        neo4j: 'reachable' as const,
        schema: { missing: ['memory_embedding'], notOnline: [] },
      }),
    };
    const r = await run(['profile', '--group', 'g1'], fakeBackend({ services: missing }).backend);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('missing: memory_embedding');
    expect(r.stderr).toContain('Run `strata migrate`');

    const { backend, calls } = fakeBackend({ services: missing });
    const migrate = await run(['migrate'], backend);
    expect(migrate.code).toBe(0);
    expect(calls.migrated).toBe(1);
    expect(migrate.stdout).toMatch(/^index\s+type\s+state\s+dimensions$/m);
    expect(migrate.stdout).toMatch(/^memory_embedding\s+VECTOR\s+ONLINE\s+384$/m);
    expect(migrate.stdout).toMatch(/^group_text_fulltext\s+FULLTEXT\s+POPULATING$/m);
  });

  it("when the database's vectors come from another embedder", async () => {
    const mismatch = new SchemaMismatchError('Vector index size does not match the embedder: ...');
    const { backend } = fakeBackend({
      checkEmbedder: async () => {
        throw mismatch;
      },
    });
    const r = await run(['recall', '--group', 'g1', 'hello'], backend);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Vector index size does not match');
  });

  it('when the connection drops during the command', async () => {
    const dropped = Object.assign(new Error('Connection was closed by server'), {
      code: 'ServiceUnavailable',
    });
    const { backend, calls } = fakeBackend({
      services: {
        eras: async () => {
          throw dropped;
        },
      },
    });
    const r = await run(['eras', '--group', 'g1'], backend);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Connection was closed by server');
    expect(calls.closed).toBe(1);
  });

  it('other failures exit 1 with the command and the message', async () => {
    const { backend } = fakeBackend({
      services: {
        profile: async () => {
          throw new Error('boom');
        },
      },
    });
    const r = await run(['profile', '--group', 'g1'], backend);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('strata profile: boom\n');
  });
});

describe('main: import', () => {
  it('imports JSON Lines into the group, reports rejected lines by number and exits 1', async () => {
    const { backend, calls } = fakeBackend();
    const r = await run(['import', fixture('memories.jsonl'), '--group', 'team-a', '--batch', '2'], backend);
    expect(r.code).toBe(1);
    expect(calls.ingest).toEqual([
      { groupId: 'team-a', size: 2 },
      { groupId: 'team-a', size: 1 },
    ]);
    expect(r.stdout).toContain('format: jsonl');
    expect(r.stdout).toMatch(/^team-a\s+3\s+3\s+0\s+4\s+0\s+\S*memories\.jsonl$/m);
    expect(r.stdout).toMatch(/rejected 4 lines:\n {2}line 4: invalid JSON/);
    for (const line of [5, 7, 8]) expect(r.stdout).toMatch(new RegExp(`^  line ${line}: `, 'm'));
    expect(r.stderr).toContain('4 lines rejected');
    expect(r.stderr).toContain('--allow-rejects');
  });

  it('creates nothing on a re-run and exits 0 with --allow-rejects', async () => {
    const { backend } = fakeBackend();
    await run(['import', fixture('memories.jsonl'), '--group', 'team-a'], backend);
    const again = await run(
      ['import', fixture('memories.jsonl'), '--group', 'team-a', '--allow-rejects', '--json'],
      backend,
    );
    expect(again.code).toBe(0);
    const doc = JSON.parse(again.stdout);
    expect(doc.format).toBe('jsonl');
    expect(doc.groups).toEqual([
      expect.objectContaining({ groupId: 'team-a', memories: 3, created: 0, existing: 3, rejected: 4 }),
    ]);
    expect(doc.rejected.count).toBe(4);
    expect(doc.rejected.lines.map((l: { line: number }) => l.line)).toEqual([4, 5, 7, 8]);
  });

  it('needs --group for JSON Lines', async () => {
    const r = await run(['import', fixture('memories.jsonl')], fakeBackend().backend);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^strata import: missing --group <id>: a JSON Lines file/);
  });

  it('exits 2 for a file that is not there', async () => {
    const r = await run(['import', '/nonexistent/file.jsonl', '--group', 'g'], fakeBackend().backend);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read \/nonexistent\/file\.jsonl/);
  });

  it('imports each LoCoMo conversation as its own group', async () => {
    const plain = fakeBackend();
    const r = await run(['import', fixture('locomo/mini.json')], plain.backend);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('format: locomo');
    expect(new Set(plain.calls.ingest.map((c) => c.groupId))).toEqual(new Set(['locomo-conv-mini']));
    const named = fakeBackend();
    await run(['import', fixture('locomo/mini.json'), '--group', 'bench'], named.backend);
    expect(new Set(named.calls.ingest.map((c) => c.groupId))).toEqual(new Set(['bench-conv-mini']));
  });

  it('imports a Telegram chat into tg-<chatId> and counts the messages that are not memories', async () => {
    const { backend, calls } = fakeBackend();
    const r = await run(['import', fixture('telegram/chat-export.json'), '--json'], backend);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.format).toBe('telegram');
    expect(calls.ingest.every((c) => c.groupId === 'tg-1873456201')).toBe(true);
    expect(doc.skipped.count).toBeGreaterThan(0);
    expect(doc.rejected.count).toBe(0);
  });
});

describe('main: aggregate', () => {
  it('prints the per-level table for one group', async () => {
    const { backend, calls } = fakeBackend();
    const r = await run(['aggregate', '--group', 'g1'], backend);
    expect(r.code).toBe(0);
    expect(calls.cycles).toEqual(['g1']);
    expect(r.stdout).toMatch(/^g1: succeeded in 1\.5s$/m);
    expect(r.stdout).toMatch(/^ {2}level\s+created\s+updated\s+archived$/m);
    expect(r.stdout).toMatch(/^ {2}day\s+12\s+1\s+2$/m);
    expect(r.stdout).toContain('originals pruned: 0 memories');
  });

  it('says when the cycle left pruning alone, rather than that it pruned nothing', async () => {
    const unpruned = report('g1', {
      pruned: { archived: { session: 0, day: 0, week: 0, month: 0 }, memories: 0, checked: false },
    });
    const { backend } = fakeBackend({ cycle: async () => unpruned });
    const r = await run(['aggregate', '--group', 'g1'], backend);
    expect(r.stdout).toContain('pruning: not this cycle (a group is pruned once a UTC day');
    expect(r.stdout).not.toContain('originals pruned');
  });

  it('runs every due group with --all and exits 1 when one fails', async () => {
    const { backend, calls } = fakeBackend({
      groupsDue: ['a', 'b', 'c'],
      cycle: async (groupId) =>
        groupId === 'b'
          ? report(groupId, { status: 'failed', reason: 'summarizer went away' })
          : groupId === 'c'
            ? report(groupId, { errors: ['day 2024-05-01: timeout'] })
            : report(groupId),
    });
    const r = await run(['aggregate', '--all', '--json'], backend);
    expect(r.code).toBe(1);
    expect(calls.cycles).toEqual(['a', 'b', 'c']);
    expect(JSON.parse(r.stdout).reports.map((x: CycleReport) => x.status)).toEqual([
      'succeeded',
      'failed',
      'succeeded',
    ]);
    expect(r.stderr).toContain('2 cycles failed or left errors: b, c');
  });

  it('runs --all as a scheduler tick does: several groups at a time, in one scope of shared commits', async () => {
    let running = 0;
    let most = 0;
    const { backend, calls } = fakeBackend({
      groupsDue: ['a', 'b', 'c', 'd'],
      concurrency: 2,
      cycle: async (groupId) => {
        most = Math.max(most, ++running);
        // 'a' finishes last of the first two: the reports still come in the order the groups were due.
        await new Promise((r) => setTimeout(r, groupId === 'a' ? 30 : 5));
        running--;
        return report(groupId);
      },
    });
    const r = await run(['aggregate', '--all', '--json'], backend);
    expect(r.code).toBe(0);
    expect(most).toBe(2);
    expect(calls.scopes).toBe(1);
    expect(calls.joined).toBe(4);
    expect(JSON.parse(r.stdout).reports.map((x: CycleReport) => x.groupId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('says so when no group is due, and passes --dry-run on', async () => {
    expect((await run(['aggregate', '--all'], fakeBackend().backend)).stdout).toMatch(/No group is due/);
    const dry = await run(['aggregate', '--group', 'g1', '--dry-run'], fakeBackend().backend);
    expect(dry.stdout).toContain('(dry run: nothing written)');
  });
});

describe('main: read commands', () => {
  const summary = {
    id: 'g1:week:2024-05-06',
    groupId: 'g1',
    level: 'week' as const,
    periodStart: '2024-05-06',
    periodEnd: '2024-05-12',
    startsAt: '2024-05-06T00:00:00.000Z',
    endsAt: '2024-05-13T00:00:00.000Z',
    text: 'Flights booked; Airbnb in Alfama.',
    topics: [
      { name: 'flights', weight: 0.4 },
      { name: 'airbnb', weight: 0.3 },
    ],
    highlights: [],
    activeUsers: ['ana'],
    messageCount: 210,
    activityScore: 0.8,
    decay: 1,
    version: 1,
    summarizer: 'local-extractive@1',
    createdAt: '2024-05-13T01:00:00.000Z',
    archivedAt: null,
    updatedAt: '2024-05-13T01:00:00.000Z',
  };

  it('summaries passes the query on and prints a table', async () => {
    let seen: unknown;
    const { backend } = fakeBackend({
      services: {
        listSummaries: async (_g, query) => {
          seen = query;
          return [summary];
        },
      },
    });
    const r = await run(['summaries', '--group', 'g1', '--level', 'week', '--limit', '5'], backend);
    expect(r.code).toBe(0);
    expect(seen).toEqual({ level: 'week', limit: 5 });
    expect(r.stdout).toMatch(
      /^week\s+2024-05-06\.\.2024-05-12\s+210\s+0\.80\s+1\.00\s+flights, airbnb\s+Flights booked/m,
    );
  });

  it('drift prints CSV with --csv', async () => {
    const { backend } = fakeBackend({
      services: {
        drift: async (groupId, query) => ({
          groupId,
          level: query.level,
          points: [
            {
              periodStart: '2024-05-13',
              previousStart: '2024-05-06',
              topicDrift: 0.25,
              jsd: 0.5,
              cosineDistance: null,
              appeared: ['boxes'],
              faded: ['flights', 'airbnb'],
            },
          ],
          measures: DRIFT_MEASURES,
        }),
      },
    });
    const r = await run(['drift', '--group', 'g1', '--csv'], backend);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'period_start,previous_start,topic_drift,jsd,cosine_distance,appeared,faded\n2024-05-13,2024-05-06,0.25,0.5,,boxes,flights;airbnb\n',
    );
  });

  it('topics prints each period with its topics, and the long-format CSV with --csv', async () => {
    let seen: unknown;
    const row = { periodEnd: '2024-05-13', key: 'lisbon', share: 0.5, rank: 1, messageCount: 40 };
    const { backend } = fakeBackend({
      services: {
        topicsOverTime: async (groupId, query) => {
          seen = query;
          return {
            groupId,
            level: query.level,
            rows: [
              { ...row, periodStart: '2024-05-06', topic: 'Lisbon', weight: 1 },
              { ...row, periodStart: '2024-05-06', topic: 'flight', key: 'flight', weight: 1, rank: 2 },
            ],
          };
        },
      },
    });
    const table = await run(['topics', '--group', 'g1', '--from', '2024-05-01'], backend);
    expect(table.code).toBe(0);
    expect(seen).toEqual({ level: 'week', from: '2024-05-01' });
    expect(table.stdout).toMatch(/^2024-05-06\s+40\s+Lisbon 1\.00, flight 1\.00$/m);
    const csv = await run(['topics', '--group', 'g1', '--csv'], backend);
    expect(csv.stdout.split('\n')[1]).toBe('2024-05-06,2024-05-13,week,Lisbon,lisbon,1,0.5,1,40');
    expect((await run(['topics', '--group', 'g1', '--csv', '--json'], backend)).code).toBe(2);
  });

  it('eras and profile print friendly lines when there is nothing yet', async () => {
    const { backend } = fakeBackend({
      services: {
        eras: async () => [],
        profile: async (groupId) => ({ groupId, currentEra: null, topicEvolution: [] }),
      },
    });
    expect((await run(['eras', '--group', 'g1'], backend)).stdout).toMatch(/^No eras for group g1 yet/);
    expect((await run(['profile', '--group', 'g1'], backend)).stdout).toContain('current era: none yet');
  });

  it('verify exits 0 when every check holds, 1 with the findings when one fails, and 4 when the group is behind', async () => {
    const group = groupInfo('g1', { memories: 3, summaries: 2 });
    const finding = {
      check: 'period-parent' as const,
      where: 'day',
      count: 2,
      examples: ['g1:day:2024-05-01'],
    };
    const verifying = (findings: (typeof finding)[], cycle: CycleHealth = group.cycle) =>
      fakeBackend({
        services: {
          getGroup: async () => group,
          verify: async (groupId) => buildVerifyReport(groupId, findings, 4, cycle),
        },
      }).backend;
    const clean = await run(['verify', '--group', 'g1'], verifying([]));
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^period-parent\s+ok\s/m);
    expect(clean.stdout).toContain('4 memories wait for the next cycle');
    const broken = await run(['verify', '--group', 'g1'], verifying([finding]));
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^period-parent\s+FAILED\s/m);
    expect(broken.stdout).toContain('period-parent (day): 2 findings, e.g. g1:day:2024-05-01');
    const json = await run(['verify', '--group', 'g1', '--json'], verifying([finding]));
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, pending: { memories: 4 } });
    const reason = 'the last 3 cycles failed: statement rollup/session-memories went over the limit';
    const stuck = { ...group.cycle, lastStatus: 'failed' as const, behind: true, reasons: [reason] };
    const behind = await run(['verify', '--group', 'g1'], verifying([], stuck));
    expect(behind.code).toBe(4);
    expect(behind.stdout).toContain(`behind: ${reason}`);
    expect(behind.stdout).toContain('g1: every check holds, but its cycles are behind');
    // A failed check says more than being behind.
    expect((await run(['verify', '--group', 'g1'], verifying([finding], stuck))).code).toBe(1);
  });
});

describe('main: seed', () => {
  it('applies the schema, seeds the groups, cycles each and prints what was made', async () => {
    const { backend, calls } = fakeBackend();
    const r = await run(
      ['seed', '--groups', '1', '--months', '2', '--messages-per-day', '10', '--prefix', 'try'],
      backend,
    );
    expect(r.code).toBe(0);
    expect(calls.migrated).toBe(1);
    expect(calls.cycles).toEqual(['try-1']);
    expect(calls.ingest.every((c) => c.groupId === 'try-1')).toBe(true);
    // now is 2024-07-15: two months back is 2024-05-15, and the data ends the day before now.
    expect(r.stdout).toMatch(
      /^try-1\s+2024-05-15\s+2024-07-15\s+\d+\s+\d+\s+12\s+0\s+0\s+0\s+\d+\s+succeeded$/m,
    );
    expect(r.stdout).toContain('planted eras of try-1:');
    expect(r.stderr).toContain('aggregating try-1');
  });
});

describe('main: reembed', () => {
  const finished = {
    mode: 'switch' as const,
    from: 'hashing-384',
    to: 'glove-100d-sif-128',
    slot: 'b' as const,
    resumed: true,
    embedded: { memories: 1500, summaries: 40, eras: 2 },
    calls: 9,
    seconds: 3.25,
    phaseSeconds: { memories: 2, summaries: 1, eras: 0.05, indexes: 0.2 },
    switched: true,
    stopped: false,
  };

  it('passes its options on, draws progress on stderr and says what to do next', async () => {
    const asked: unknown[] = [];
    const { backend } = fakeBackend({
      reembed: async (options) => {
        asked.push({ pageSize: options.pageSize, dryRun: options.dryRun });
        options.onProgress?.(0, 1542);
        options.onProgress?.(1542, 1542);
        return finished;
      },
    });
    const r = await run(['reembed', '--page', '500'], backend);
    expect(r.code).toBe(0);
    expect(asked).toEqual([{ pageSize: 500, dryRun: false }]);
    expect(r.stdout).toContain(
      'embedded 1500 memories, 40 summaries and 2 eras with glove-100d-sif-128 into slot b in 3.3 s (9 embedder calls), carrying on from a stopped run',
    );
    expect(r.stdout).toContain('strata reembed --drop-previous');
    expect(r.stderr).toContain('reembed');
    expect(r.stderr).toContain('1542/1542');
  });

  it('prints the estimate of a dry run, and one JSON document with --json', async () => {
    const estimate = {
      pending: { memories: 1000, summaries: 20, eras: 1 },
      texts: 1031,
      calls: 3,
      embedSeconds: 0.42,
    };
    const { backend } = fakeBackend({
      reembed: async () => ({ ...finished, resumed: false, switched: false, estimate }),
    });
    const dry = await run(['reembed', '--dry-run'], backend);
    expect(dry.stdout).toContain(
      'to move from hashing-384 to glove-100d-sif-128: 1000 memories, 20 summaries, 1 era',
    );
    expect(dry.stdout).toContain('about 1031 texts in 3 embedder calls');
    const json = await run(['reembed', '--dry-run', '--json'], backend);
    expect(JSON.parse(json.stdout).estimate).toEqual(estimate);
  });

  it('drops the previous vectors with --drop-previous, and refuses it with --dry-run', async () => {
    const { backend } = fakeBackend();
    const r = await run(['reembed', '--drop-previous'], backend);
    expect(r.stdout).toBe("dropped slot a's vectors and indexes (12 nodes held them)\n");
    const both = await run(['reembed', '--drop-previous', '--dry-run'], backend);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --dry-run or --drop-previous, not both');
  });
});

describe('main: eras --score', () => {
  const eras = [
    { start: '2024-01-01', end: '2024-02-01' },
    { start: '2024-02-05', end: '2024-03-01' },
  ];
  const scoring = (groupId: string, request: EraScoreRequest) =>
    Promise.resolve(groupId === 'none' ? null : scoreEras(eras, request));
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strata-gold-'));
    await writeFile(join(dir, 'gold.csv'), 'boundary,label\n2024-02-01,new job\n');
    await writeFile(join(dir, 'bad.csv'), '2024-02-01\nnext week\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('prints every measure, and the JSON the API answers', async () => {
    const { backend } = fakeBackend({ services: { scoreEras: scoring } });
    const table = await run(
      ['eras', '--group', 'g1', '--score', join(dir, 'gold.csv'), '--margin', '5'],
      backend,
    );
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Pk\s+0\.\d{3} \(k = 30 days; NLTK's pk\)/);
    expect(table.stdout).toContain('precision 1.000, recall 1.000, F1 1.000');
    expect(table.stdout).toMatch(/Hausdorff\s+4 days/);
    const json = await run(['eras', '--group', 'g1', '--score', join(dir, 'gold.csv'), '--json'], backend);
    expect(JSON.parse(json.stdout)).toMatchObject({ marginDays: 7, goldBoundaries: 1, hausdorffDays: 4 });
  });

  it("previews other parameters, and scores the preview's eras", async () => {
    const asked: unknown[] = [];
    const { backend } = fakeBackend({
      services: {
        scoreEras: async (groupId, request) => {
          asked.push(request.preview);
          return scoring(groupId, request);
        },
        previewEras: async (_groupId, request) => {
          asked.push(request);
          return {
            parameters: resolveEraParameters(request, { minDays: 14, maxEras: 10 }),
            detector: 'strata-pelt/1',
            cut: { from: null, to: null, days: 60, messages: 0 },
            breakpoints: [],
            eras: [
              {
                start: '2024-01-01',
                end: '2024-03-01',
                theme: 'garden · seedlings',
                keyTopics: ['garden'],
                current: true,
                earlier: false,
              },
            ],
          };
        },
      },
    });
    const preview = await run(['eras', '--group', 'g1', '--preview', '--min-days', '30'], backend);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('over 60 day summaries (nothing written), strata-pelt/1: min days 30');
    expect(preview.stdout).toMatch(/2024-01-01\s+2024-03-01\s+current\s+garden · seedlings/);
    const scored = await run(
      ['eras', '--group', 'g1', '--preview', '--score', join(dir, 'gold.csv')],
      backend,
    );
    expect(scored.code).toBe(0);
    expect(asked).toEqual([{ minDays: 30 }, {}]);
  });

  it('names the line of a bad gold file (exit 2), and says when there are no eras (exit 1)', async () => {
    const { backend } = fakeBackend({ services: { scoreEras: scoring } });
    const bad = await run(['eras', '--group', 'g1', '--score', join(dir, 'bad.csv')], backend);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('line 2: "next week" is not a date');
    const none = await run(['eras', '--group', 'none', '--score', join(dir, 'gold.csv')], backend);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('No eras for group none yet');
  });
});
