import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';
import { createHashingEmbedder } from '../../src/ai/embeddings/index.js';
import { LocalExtractiveSummarizer } from '../../src/ai/summarizers/local.js';
import type { Summarizer } from '../../src/ai/summarizers/types.js';
import { loadConfig } from '../../src/config.js';
import { type ArchiveBound, decayedBefore } from '../../src/domain/decay.js';
import type { SummaryLevel } from '../../src/domain/levels.js';
import type { CycleRunStore, RunOpening, RunStart } from '../../src/graph/cycle-runs.js';
import type { MaintenanceStore } from '../../src/graph/maintenance.js';
import type { RollupStore, SummaryRow, SummaryWrite } from '../../src/graph/rollups.js';
import { type CycleDeps, runCycle } from '../../src/jobs/cycle.js';
import { createLogger } from '../../src/log.js';

/**
 * The cycle's decisions (what is ready, what is too small, what a late memory touches, what a dry run counts)
 * checked against an in-memory stand-in for the roll-up repository. The Cypher itself is checked against a real
 * Neo4j by test/integration/rollup.test.ts; here only the TypeScript around it is under test.
 */
interface StoredMemory {
  id: string;
  ts: string;
  text: string;
  speaker: string;
  sessionId: string | null;
  sessionPending: boolean;
  dayPending: boolean;
}

interface StoredSummary {
  write: SummaryWrite;
  version: number;
  children: Set<string>;
}

class InMemoryRollups implements RollupStore {
  memories = new Map<string, StoredMemory>();
  summaries = new Map<string, StoredSummary>();
  relinked: string[] = [];

  add(memory: Omit<StoredMemory, 'sessionPending' | 'dayPending' | 'sessionId'> & { sessionId?: string }) {
    this.memories.set(memory.id, { sessionId: null, ...memory, sessionPending: true, dayPending: true });
  }

  level(level: string) {
    return [...this.summaries.values()].filter((s) => s.write.level === level);
  }

  deleted = false;

  async groupSettings() {
    return this.deleted ? null : { timezone: 'UTC', latestMemoryAt: null };
  }
  /** The limits the pending reads were asked for, in order. */
  pageReads: number[] = [];
  async pendingSessionMemories(_g: string, limit: number) {
    this.pageReads.push(limit);
    return [...this.memories.values()]
      .filter((m) => m.sessionPending)
      .sort((a, b) => a.ts.localeCompare(b.ts))
      .slice(0, limit)
      .map(({ id, ts, sessionId }) => ({ id, ts, sessionId }));
  }
  async sessionsNear() {
    return this.level('session').map((s) => ({
      key: s.write.sessionKey as string,
      startsAt: s.write.startsAt,
      endsAt: s.write.endsAt,
      explicit: Boolean(s.write.explicit),
      messageCount: s.write.messageCount,
      sessionId: s.write.sessionKey as string,
    }));
  }
  async sessionMemories(_g: string, sessions: { key: string; summaryId: string; newIds: string[] }[]) {
    return new Map(
      sessions.map(({ key, summaryId, newIds }) => {
        const ids = new Set([...(this.summaries.get(summaryId)?.children ?? []), ...newIds]);
        return [key, this.rows([...ids])];
      }),
    );
  }
  async pendingDayTimes(_g: string, limit: number) {
    return [...this.memories.values()]
      .filter((m) => m.dayPending)
      .map((m) => m.ts)
      .sort()
      .slice(0, limit);
  }
  async memoriesInPeriods(_g: string, periods: { key: string; startsAt: string; endsAt: string }[]) {
    return new Map(
      periods.map(({ key, startsAt, endsAt }) => [
        key,
        this.rows(
          [...this.memories.values()].filter((m) => m.ts >= startsAt && m.ts < endsAt).map((m) => m.id),
        ),
      ]),
    );
  }
  async pendingChildPeriods(_g: string, level: string, limit: number) {
    return this.level(level)
      .filter((s) => s.write.parentPending)
      .map((s) => s.write.periodStart)
      .sort()
      .slice(0, limit);
  }
  async childSummaries(_g: string, level: string, periods: { key: string; from: string; to: string }[]) {
    return new Map(
      periods.map(({ key, from, to }) => [
        key,
        this.level(level)
          .filter((s) => s.write.periodStart >= from && s.write.periodStart < to)
          .map((s) => ({
            id: s.write.id,
            text: s.write.text,
            periodStart: s.write.periodStart,
            messageCount: s.write.messageCount,
            activeUsers: s.write.activeUsers,
            activeUserCounts: s.write.activeUserCounts,
          })),
      ]),
    );
  }
  async recentSummaries() {
    return [];
  }
  async existingSummaryIds(_g: string, level: string, keys: string[]) {
    return new Set(keys.filter((k) => this.summaries.has(`g:${level}:${k}`)));
  }
  writes: number[] = [];
  async writeSummaries(_g: string, rows: SummaryRow[], relinks: { level: string; from: string }[] = []) {
    this.writes.push(rows.length);
    this.writtenLevels.push([...new Set(rows.map((r) => r.summary.level))]);
    const written = rows.map((row) => ({ id: row.summary.id, version: this.writeSummary(row.summary, row) }));
    for (const relink of relinks) {
      this.relinkedInWrite.push(relink.level);
      await this.relinkNextPeriod(_g, relink.level, relink.from);
    }
    return written;
  }
  /** The levels of each summary write's rows, in order. */
  writtenLevels: string[][] = [];
  /** The levels whose chain a summary write relinked in its own transaction, in order. */
  relinkedInWrite: string[] = [];
  private writeSummary(write: SummaryWrite, children: { memoryIds?: string[]; childSummaryIds?: string[] }) {
    const before = this.summaries.get(write.id);
    const stored = {
      write,
      version: (before?.version ?? 0) + 1,
      children: before?.children ?? new Set<string>(),
    };
    this.summaries.set(write.id, stored);
    for (const id of children.memoryIds ?? []) {
      stored.children.add(id);
      const m = this.memories.get(id) as StoredMemory;
      if (write.level === 'session') m.sessionPending = false;
      if (write.level === 'day') m.dayPending = false;
    }
    for (const id of children.childSummaryIds ?? []) {
      stored.children.add(id);
      (this.summaries.get(id) as StoredSummary).write.parentPending = false;
    }
    return stored.version;
  }
  /** Where each relink began (null: the whole level), in order. */
  relinkedFrom: (string | null)[] = [];
  async relinkNextPeriod(_g: string, level: string, from: string | null = null) {
    this.relinked.push(level);
    this.relinkedFrom.push(from);
  }
  /** Levels to report as missing links, as a cycle that died before relinking leaves them. */
  unlinked: SummaryLevel[] = [];
  async brokenChains(_g: string) {
    return this.unlinked;
  }

  private rows(ids: string[]) {
    return ids
      .map((id) => this.memories.get(id) as StoredMemory)
      .sort((a, b) => a.ts.localeCompare(b.ts))
      .map(({ id, text, speaker, ts }) => ({ id, text, speaker, ts }));
  }
}

const config = loadConfig({ PRUNE_ENABLED: 'false', ERAS_ENABLED: 'false' });
/** How openRun answers when the lease is free; `earlier` says what the group's earlier cycles left (none). */
function opened(earlier: Partial<RunStart> = {}): RunOpening {
  return {
    settings: { timezone: 'UTC', latestMemoryAt: null },
    lease: { acquired: true, owner: 'test', expiresAt: '' },
    run: {
      abandoned: 0,
      previousStatus: null,
      lastPrunedOn: null,
      decayRefreshed: null,
      previousInstance: null,
      ...earlier,
    },
  };
}
const runs: CycleRunStore = {
  openRun: async () => opened(),
  renewLease: async () => true,
  releaseLease: async () => undefined,
  finishRun: async () => undefined,
};
/** A run store that keeps every run record it is asked to finish, in order. */
function recordingRuns(): {
  recording: CycleRunStore;
  finished: Parameters<CycleRunStore['finishRun']>[0][];
} {
  const finished: Parameters<CycleRunStore['finishRun']>[0][] = [];
  return { recording: { ...runs, finishRun: async (run) => void finished.push(run) }, finished };
}
const maintenance: MaintenanceStore = {
  refreshDecay: async () => 0,
  countArchivable: async () => ({}),
  archiveSummaries: async () => ({}),
  countPrunableMemories: async () => 0,
  pruneMemories: async () => undefined,
};
const local = new LocalExtractiveSummarizer(new HashingEmbeddings());

function deps(rollups: InMemoryRollups, summarizer?: Summarizer): CycleDeps {
  return {
    rollups,
    maintenance,
    runs,
    summarizer: summarizer ?? local,
    localSummarizer: local,
    embedder: createHashingEmbedder(),
    config,
    log: createLogger('silent'),
    instance: 'this-instance',
  };
}

/** Weekdays of two full ISO weeks (2024-03-04 and 2024-03-11), three messages a day, two hours apart. */
function twoWeeks(rollups: InMemoryRollups) {
  for (const monday of [4, 11]) {
    for (let d = 0; d < 5; d++) {
      for (let i = 0; i < 3; i++) {
        const day = String(monday + d).padStart(2, '0');
        rollups.add({
          id: `m-${day}-${i}`,
          ts: `2024-03-${day}T${String(9 + i * 2).padStart(2, '0')}:00:00.000Z`,
          text: `Message ${i} on March ${day} about the garden beds and the tomato seedlings.`,
          speaker: ['ana', 'ben', 'cai'][i] as string,
        });
      }
    }
  }
}

/** 260 messages four hours apart from 4 March: 260 sessions, more than one write batch (250) of them. */
function twoBatchesOfSessions(rollups: InMemoryRollups) {
  for (let i = 0; i < 260; i++) {
    rollups.add({
      id: `m-${String(i).padStart(3, '0')}`,
      ts: new Date(Date.UTC(2024, 2, 4, 9) + i * 4 * 3_600_000).toISOString(),
      text: `Message ${i} about the garden beds and the tomato seedlings.`,
      speaker: ['ana', 'ben', 'cai'][i % 3] as string,
    });
  }
}

const LATER = new Date('2024-04-20T00:00:00Z');

describe('the roll-up cycle (in-memory repository)', () => {
  it('summarises every closed session, day, week and month once, and nothing on a second run', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    const first = await runCycle(deps(rollups), 'g', { now: LATER });
    expect(first.status).toBe('succeeded');
    // 30 messages two hours apart: each its own session; 10 days; 2 weeks; March has 2 weeks.
    expect(first.levels.session).toEqual({ created: 30, updated: 0 });
    expect(first.levels.day).toEqual({ created: 10, updated: 0 });
    expect(first.levels.week).toEqual({ created: 2, updated: 0 });
    expect(first.levels.month).toEqual({ created: 1, updated: 0 });
    expect(rollups.relinked).toEqual(['session', 'day', 'week', 'month']);
    // Each by its level's last write, in that write's transaction: no transaction of its own.
    expect(rollups.relinkedInWrite).toEqual(['session', 'day', 'week', 'month']);
    // Many periods per write transaction, not one per period; the sessions and the days (both cut from memories)
    // share theirs.
    expect(rollups.writes).toEqual([40, 2, 1]);
    expect(rollups.writtenLevels).toEqual([['session', 'day'], ['week'], ['month']]);
    const month = rollups.level('month')[0] as StoredSummary;
    expect(month.write.messageCount).toBe(30);
    expect(month.write.activeUsers).toEqual(['ana', 'ben', 'cai']);

    const second = await runCycle(deps(rollups), 'g', { now: LATER });
    for (const counts of Object.values(second.levels)) expect(counts).toEqual({ created: 0, updated: 0 });
  });

  it('regenerates the day, week and month of a late memory in place', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    await runCycle(deps(rollups), 'g', { now: LATER });
    rollups.add({
      id: 'late',
      ts: '2024-03-12T20:00:00.000Z',
      text: 'Late: the seedlings need repotting.',
      speaker: 'dee',
    });
    rollups.relinkedFrom = [];
    const report = await runCycle(deps(rollups), 'g', { now: LATER });
    expect(report.levels.day).toEqual({ created: 0, updated: 1 });
    // Each level is relinked from the summary it rewrote on, not along its whole chain.
    expect(rollups.relinkedFrom).toEqual([
      '2024-03-12T20:00:00.000Z',
      '2024-03-12T00:00:00.000Z',
      '2024-03-11T00:00:00.000Z',
      '2024-03-01T00:00:00.000Z',
    ]);
    expect(report.levels.week).toEqual({ created: 0, updated: 1 });
    expect(report.levels.month).toEqual({ created: 0, updated: 1 });
    expect(rollups.summaries.get('g:day:2024-03-12')?.version).toBe(2);
    expect(rollups.summaries.get('g:week:2024-03-11')?.version).toBe(2);
    expect(rollups.summaries.get('g:month:2024-03-01')?.version).toBe(2);
    expect(rollups.summaries.get('g:week:2024-03-04')?.version).toBe(1);
  });

  it('leaves an open day and an active session for later, and says when they become ready', async () => {
    const rollups = new InMemoryRollups();
    for (let i = 0; i < 4; i++) {
      rollups.add({
        id: `t${i}`,
        ts: `2024-05-02T10:0${i}:00.000Z`,
        text: `Planning item ${i} for the fair.`,
        speaker: 'ana',
      });
    }
    const report = await runCycle(deps(rollups), 'g', { now: new Date('2024-05-02T10:10:00Z') });
    expect(report.levels.session).toEqual({ created: 0, updated: 0 });
    expect(report.levels.day).toEqual({ created: 0, updated: 0 });
    // Nothing a cycle could do now; the session is idle at 10:33 (30 minutes after its last message), the day
    // closes at midnight plus the grace hour.
    expect(report.pendingWork).toBe(false);
    expect(report.nextWorkAt).toBe('2024-05-02T10:33:00.000Z');
    const idle = await runCycle(deps(rollups), 'g', { now: new Date('2024-05-02T10:40:00Z') });
    expect(idle.levels.session.created).toBe(1);
    expect(idle).toMatchObject({ pendingWork: false, nextWorkAt: '2024-05-03T01:00:00.000Z' });
    const next = await runCycle(deps(rollups), 'g', { now: new Date('2024-05-03T02:00:00Z') });
    expect(next.levels.day.created).toBe(1);
  });

  it('does not call a week that waits for its month pending work, and says when the month closes', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    // Both weeks of March are over, March is not: the weeks are summarised and wait for their month.
    const midMarch = new Date('2024-03-20T00:00:00Z');
    const first = await runCycle(deps(rollups), 'g', { now: midMarch });
    expect(first.levels.week).toEqual({ created: 2, updated: 0 });
    expect(first.levels.month).toEqual({ created: 0, updated: 0 });
    // Before, pendingWork stayed true here, so the scheduler ran the group on every tick until April.
    expect(first).toMatchObject({ pendingWork: false, nextWorkAt: '2024-04-01T01:00:00.000Z' });
    const second = await runCycle(deps(rollups), 'g', { now: midMarch });
    for (const counts of Object.values(second.levels)) expect(counts).toEqual({ created: 0, updated: 0 });
    expect(second).toMatchObject({ pendingWork: false, nextWorkAt: '2024-04-01T01:00:00.000Z' });
    const april = await runCycle(deps(rollups), 'g', { now: new Date('2024-04-01T01:00:00Z') });
    expect(april.levels.month).toEqual({ created: 1, updated: 0 });
    expect(april).toMatchObject({ pendingWork: false, nextWorkAt: null });
  });

  it('gives a thin day, week and month their summaries through the local summarizer, not the configured one', async () => {
    const rollups = new InMemoryRollups();
    rollups.add({ id: 'a', ts: '2024-05-02T10:00:00.000Z', text: 'Only one.', speaker: 'ana' });
    rollups.add({ id: 'b', ts: '2024-05-02T18:00:00.000Z', text: 'And two.', speaker: 'ben' });
    const calls: string[] = [];
    const remote: Summarizer = {
      name: 'remote',
      summarize: async (request) => {
        calls.push(request.level);
        return local.summarize(request);
      },
    };
    const report = await runCycle(deps(rollups, remote), 'g', { now: new Date('2024-06-02') });
    expect(report.levels.day).toEqual({ created: 1, updated: 0 });
    expect(report.levels.week).toEqual({ created: 1, updated: 0 });
    expect(report.levels.month).toEqual({ created: 1, updated: 0 });
    expect(calls).toEqual([]);
    expect([...rollups.memories.values()].every((m) => !m.dayPending)).toBe(true);
    const day = rollups.level('day')[0] as StoredSummary;
    expect([...day.children].sort()).toEqual(['a', 'b']);
    expect(day.write.messageCount).toBe(2);
  });

  it('counts in a dry run and writes nothing', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    const report = await runCycle(deps(rollups), 'g', { now: LATER, dryRun: true });
    expect(report.levels.session.created).toBe(30);
    expect(report.levels.day.created).toBe(10);
    // What it counted, a cycle would do now.
    expect(report.pendingWork).toBe(true);
    expect(rollups.summaries.size).toBe(0);
    expect([...rollups.memories.values()].every((m) => m.dayPending && m.sessionPending)).toBe(true);
  });

  it('works through a backlog of many pages in one cycle, each session summarised once', async () => {
    const rollups = new InMemoryRollups();
    // 120 messages ten minutes apart from 4 March 09:00: one flow that never goes quiet for the 30-minute gap, cut
    // into sessions of 25 messages (SESSION_MAX_MESSAGES) and read in pages of 40.
    for (let i = 0; i < 120; i++) {
      rollups.add({
        id: `m-${String(i).padStart(3, '0')}`,
        ts: new Date(Date.UTC(2024, 2, 4, 9) + i * 600_000).toISOString(),
        text: `Message ${i} about the garden beds and the tomato seedlings.`,
        speaker: ['ana', 'ben'][i % 2] as string,
      });
    }
    const bounded = {
      ...deps(rollups),
      config: { ...config, rollup: { ...config.rollup, sessionMaxMessages: 25 } },
    };
    const report = await runCycle(bounded, 'g', { now: LATER, pageSize: 40 });
    expect(report.status).toBe('succeeded');
    // A session cut by a page's end waited for the next page instead of being written and then regenerated.
    expect(report.levels.session).toEqual({ created: 5, updated: 0 });
    expect(rollups.level('session').map((s) => s.write.messageCount)).toEqual([25, 25, 25, 25, 20]);
    expect(report.levels.day).toEqual({ created: 2, updated: 0 });
    expect([...rollups.memories.values()].some((m) => m.sessionPending || m.dayPending)).toBe(false);
    // Never more than a page asked for, and several pages to get through it.
    expect(rollups.pageReads.every((limit) => limit === 40)).toBe(true);
    expect(rollups.pageReads.length).toBeGreaterThan(3);
    const again = await runCycle(bounded, 'g', { now: LATER, pageSize: 40 });
    for (const counts of Object.values(again.levels)) expect(counts).toEqual({ created: 0, updated: 0 });
  });

  it('records a summarizer failure for its period, goes on, and the next cycle completes it', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    const local = new LocalExtractiveSummarizer(new HashingEmbeddings());
    const failing: Summarizer = {
      name: 'failing',
      summarize: async (request) => {
        if (request.level === 'day' && request.periodStart === '2024-03-06')
          throw new Error('model unavailable');
        return local.summarize(request);
      },
    };
    const first = await runCycle(deps(rollups, failing), 'g', { now: LATER });
    expect(first.status).toBe('succeeded');
    expect(first.errors).toEqual(['day 2024-03-06: model unavailable']);
    expect(first.levels.day.created).toBe(9);
    // The failed day is over and still to do: a cycle now would do it.
    expect(first.pendingWork).toBe(true);
    const second = await runCycle(deps(rollups), 'g', { now: LATER });
    expect(second.levels.day).toEqual({ created: 1, updated: 0 });
    expect(second.levels.week).toEqual({ created: 0, updated: 1 });
  });

  it('records the periods its summarizer fell back on, with the reason, without counting them as errors', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    const { recording, finished } = recordingRuns();
    const falling: Summarizer = {
      name: 'falling',
      summarize: async (request) => {
        const draft = await local.summarize(request);
        return request.level === 'week' && request.periodStart === '2024-03-11'
          ? { ...draft, fallbackReason: '429 rate limited' }
          : draft;
      },
    };
    const report = await runCycle({ ...deps(rollups, falling), runs: recording }, 'g', { now: LATER });
    expect(report.status).toBe('succeeded');
    expect(report.errors).toEqual([]);
    expect(report.summarizerFallbacks).toEqual(['week 2024-03-11: 429 rate limited']);
    expect(finished.map((r) => r.summarizerFallbacks)).toEqual([['week 2024-03-11: 429 rate limited']]);
  });

  it('summarises the next periods while a batch is written, one write at a time and in order', async () => {
    const rollups = new InMemoryRollups();
    twoBatchesOfSessions(rollups);
    const write = rollups.writeSummaries.bind(rollups);
    let inFlight = 0;
    let mostInFlight = 0;
    const batches: number[] = [];
    rollups.writeSummaries = async (groupId, rows) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      batches.push(rows.length);
      await new Promise((resolve) => setTimeout(resolve, 30));
      try {
        return await write(groupId, rows);
      } finally {
        inFlight--;
      }
    };
    let summarisedDuringWrite = 0;
    const watching: Summarizer = {
      name: local.name,
      summarize: async (request) => {
        if (inFlight > 0) summarisedDuringWrite++;
        return local.summarize(request);
      },
    };
    const report = await runCycle({ ...deps(rollups, watching), localSummarizer: watching }, 'g', {
      now: new Date('2024-05-20T00:00:00Z'),
    });
    expect(report.status).toBe('succeeded');
    expect(report.levels.session).toEqual({ created: 260, updated: 0 });
    // The 10 sessions left over go with the 44 days.
    expect(batches.slice(0, 2)).toEqual([250, 54]);
    expect(summarisedDuringWrite).toBeGreaterThan(0);
    expect(mostInFlight).toBe(1);
    expect(rollups.level('session')).toHaveLength(260);
  });

  it('relinks a level after its last write when that write failed, from the batches that committed', async () => {
    const rollups = new InMemoryRollups();
    // The second of the two session batches (the last, which would relink, with the days) fails.
    twoBatchesOfSessions(rollups);
    const write = rollups.writeSummaries.bind(rollups);
    rollups.writeSummaries = async (...args: Parameters<typeof write>) => {
      if (args[1][0]?.summary.level === 'session' && args[2]?.length) throw new Error('bad batch');
      return write(...args);
    };
    const report = await runCycle(deps(rollups), 'g', { now: new Date('2024-05-20T00:00:00Z') });
    expect(report.status).toBe('succeeded');
    expect(report.levels.session).toEqual({ created: 250, updated: 0 });
    expect(report.levels.day).toEqual({ created: 0, updated: 0 });
    // Each period of the failed batch under its own level.
    expect(report.errors).toHaveLength(54);
    expect(report.errors.filter((e) => e.startsWith('session '))).toHaveLength(10);
    expect(report.errors.filter((e) => e.startsWith('day '))).toHaveLength(44);
    expect(rollups.relinkedInWrite[0]).not.toBe('session');
    // Only the level that committed something is relinked, from where its committed summaries begin.
    expect(rollups.relinked.slice(0, 1)).toEqual(['session']);
    expect(rollups.relinked).not.toContain('day');
    expect(rollups.relinkedFrom[0]).toBe('2024-03-04T09:00:00.000Z');
  });

  it('records a failed write for every period of its batch and goes on with the next level', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    const write = rollups.writeSummaries.bind(rollups);
    rollups.writeSummaries = async (groupId, rows) => {
      if (rows[0]?.summary.level === 'week') throw new Error('bad week');
      return write(groupId, rows);
    };
    const report = await runCycle(deps(rollups), 'g', { now: LATER });
    expect(report.status).toBe('succeeded');
    expect(report.errors).toEqual(['week 2024-03-04: bad week', 'week 2024-03-11: bad week']);
    expect(report.levels.day.created).toBe(10);
    expect(report.levels.week.created).toBe(0);
    // The days stay pending for their weeks, so the next cycle writes them.
    rollups.writeSummaries = write;
    const next = await runCycle(deps(rollups), 'g', { now: LATER });
    expect(next.levels.week.created).toBe(2);
  });

  it('ends as stopped, not failed, when shutdown aborts it between periods, and records the run so', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    const stopping = new AbortController();
    const { recording, finished } = recordingRuns();
    // Shutdown arrives while the first batch of summaries is written: that batch commits, the next period is not
    // begun.
    const write = rollups.writeSummaries.bind(rollups);
    let writes = 0;
    rollups.writeSummaries = async (...args: Parameters<typeof write>) => {
      writes++;
      stopping.abort();
      return write(...args);
    };
    const report = await runCycle({ ...deps(rollups), runs: recording }, 'g', {
      now: LATER,
      signal: stopping.signal,
    });
    expect(writes).toBe(1);
    expect(report.status).toBe('stopped');
    expect(report.reason).toContain('stopped for shutdown');
    expect(finished.map((r) => r.status)).toEqual(['stopped']);
    // What it did not reach is work for the next tick, not for the 24-hour rule.
    expect(finished[0]?.hasPendingWork).toBe(true);
  });

  it('ends as skipped, not failed, when the group is deleted under it, whatever error the delete surfaces as', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    rollups.writeSummaries = async () => {
      rollups.deleted = true;
      throw Object.assign(new Error('Node with id 42 has been deleted in this transaction'), {
        code: 'Neo.ClientError.Statement.EntityNotFound',
      });
    };
    const { recording, finished } = recordingRuns();
    const report = await runCycle({ ...deps(rollups), runs: recording }, 'g', { now: LATER });
    expect(report.status).toBe('skipped');
    expect(report.reason).toBe('the group was deleted during the cycle');
    // The run record says the same: skipped with its reason (it said succeeded before), and a skip is no error.
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({
      status: 'skipped',
      reason: 'the group was deleted during the cycle',
      errors: [],
    });
  });

  it('first relinks a level a dead cycle wrote but left unlinked, though nothing is pending there', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    await runCycle(deps(rollups), 'g', { now: LATER });
    rollups.relinked = [];
    rollups.unlinked = ['session'];
    const again = await runCycle(deps(rollups), 'g', { now: LATER });
    expect(again.levels.session).toEqual({ created: 0, updated: 0 });
    expect(rollups.relinked).toEqual(['session']);
    expect(rollups.relinkedFrom).toContain(null);
    // After a cycle that succeeded there is nothing to repair, and the chains are not even scanned.
    rollups.relinked = [];
    const afterSuccess: CycleRunStore = {
      ...runs,
      openRun: async () => opened({ previousStatus: 'succeeded' }),
    };
    await runCycle({ ...deps(rollups), runs: afterSuccess }, 'g', { now: LATER });
    expect(rollups.relinked).toEqual([]);
    // A dry run writes nothing, links included.
    rollups.relinked = [];
    await runCycle(deps(rollups), 'g', { now: LATER, dryRun: true });
    expect(rollups.relinked).toEqual([]);
  });

  it('prunes a group by its first cycle of a UTC day only, records that day, and always counts in a dry run', async () => {
    const pruning = loadConfig({ PRUNE_ENABLED: 'true', ERAS_ENABLED: 'false' });
    const cycleAfter = async (lastPrunedOn: string | null, dryRun = false) => {
      const rollups = new InMemoryRollups();
      twoWeeks(rollups);
      const asked: string[] = [];
      const counting: MaintenanceStore = {
        ...maintenance,
        archiveSummaries: async () => {
          asked.push('archive');
          return { day: 2 };
        },
        countArchivable: async () => {
          asked.push('count archivable');
          return { day: 2 };
        },
        countPrunableMemories: async () => {
          asked.push('count prunable');
          return 0;
        },
      };
      const { recording, finished } = recordingRuns();
      const opening: CycleRunStore = {
        ...recording,
        openRun: async () => opened({ previousStatus: 'succeeded', lastPrunedOn }),
      };
      const report = await runCycle(
        { ...deps(rollups), maintenance: counting, runs: opening, config: pruning },
        'g',
        { now: LATER, dryRun },
      );
      return { report, asked, recorded: finished[0]?.prunedOn };
    };
    // LATER is 2024-04-20 (UTC).
    const first = await cycleAfter('2024-04-19');
    expect(first.asked).toEqual(['archive', 'count prunable']);
    expect(first.report.pruned).toMatchObject({ checked: true, archived: { day: 2 } });
    expect(first.recorded).toBe('2024-04-20');
    const never = await cycleAfter(null);
    expect(never.report.pruned.checked).toBe(true);

    const sameDay = await cycleAfter('2024-04-20');
    expect(sameDay.asked).toEqual([]);
    expect(sameDay.report.pruned).toMatchObject({ checked: false, archived: { day: 0 }, memories: 0 });
    expect(sameDay.recorded).toBeNull();

    const dry = await cycleAfter('2024-04-20', true);
    expect(dry.asked).toEqual(['count archivable', 'count prunable']);
    expect(dry.report.pruned.checked).toBe(true);
    expect(dry.recorded).toBeNull();
  });

  it('archives sessions, days and weeks, each read up to the end its decay fell below the threshold on the group clock', async () => {
    const archiving = (minDecay: string) => loadConfig({ PRUNE_ENABLED: 'true', PRUNE_MIN_DECAY: minDecay });
    const cycleWith = async (config: ReturnType<typeof loadConfig>) => {
      const rollups = new InMemoryRollups();
      twoWeeks(rollups);
      const asked: ArchiveBound[][] = [];
      const archiving: MaintenanceStore = {
        ...maintenance,
        archiveSummaries: async (_groupId, _minDecay, levels) => {
          asked.push(levels);
          return {};
        },
      };
      const opening: CycleRunStore = {
        ...recordingRuns().recording,
        openRun: async () => opened({ previousStatus: 'succeeded', lastPrunedOn: null }),
      };
      await runCycle({ ...deps(rollups), maintenance: archiving, runs: opening, config }, 'g', {
        now: LATER,
      });
      return asked;
    };
    const asked = await cycleWith(archiving('0.1'));
    // A group without memories runs on now as its clock.
    const config = archiving('0.1');
    const bound = (level: 'day' | 'week') => decayedBefore(LATER, config.decay[level], config.prune.minDecay);
    expect(asked).toEqual([
      [
        { level: 'session', endsBefore: bound('day') },
        { level: 'day', endsBefore: bound('day') },
        { level: 'week', endsBefore: bound('week') },
      ],
    ]);
    // No decay falls below 0: nothing to read.
    expect(await cycleWith(archiving('0'))).toEqual([]);
  });

  it('skips the era step after a cycle of the same instance that succeeded, unless a day or week was written', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    let eraSteps = 0;
    const eras = async () => {
      eraSteps++;
      return { created: 0, updated: 0 };
    };
    const openedAfter = (
      previousStatus: 'succeeded' | 'failed',
      previousInstance: string,
    ): CycleRunStore => ({ ...runs, openRun: async () => opened({ previousStatus, previousInstance }) });
    const cycle = (store: CycleRunStore) =>
      runCycle({ ...deps(rollups), runs: store, eras }, 'g', { now: LATER });
    // Days and weeks written: the eras run, whoever ran the cycle before.
    const first = await cycle(openedAfter('succeeded', 'this-instance'));
    expect(first.levels.day.created).toBeGreaterThan(0);
    expect(eraSteps).toBe(1);
    // Nothing new after this instance's cycle that succeeded: skipped.
    await cycle(openedAfter('succeeded', 'this-instance'));
    expect(eraSteps).toBe(1);
    // After another instance's cycle (other settings, maybe no eras), or one that did not succeed: run.
    await cycle(openedAfter('succeeded', 'another-instance'));
    expect(eraSteps).toBe(2);
    await cycle(openedAfter('failed', 'this-instance'));
    expect(eraSteps).toBe(3);
  });

  it('renews its lease only once a third of it has passed, and fails once a renewal finds it lost', async () => {
    const renewals = (leaseSeconds: number, held = true) => {
      const rollups = new InMemoryRollups();
      twoWeeks(rollups);
      let asked = 0;
      const counting: CycleRunStore = {
        ...runs,
        renewLease: async () => {
          asked++;
          return held;
        },
      };
      const scheduler = { ...config.scheduler, leaseSeconds };
      return runCycle({ ...deps(rollups), runs: counting, config: { ...config, scheduler } }, 'g', {
        now: LATER,
      }).then((report) => ({ report, asked }));
    };
    // A cycle well inside its 600 s lease writes no renewal at all.
    expect((await renewals(600)).asked).toBe(0);
    // A lease of 0 s is always a third gone: renewed after every chunk of every level that has periods.
    expect((await renewals(0)).asked).toBe(4);
    const lost = await renewals(0, false);
    expect(lost.asked).toBe(1);
    expect(lost.report.status).toBe('failed');
  });

  it('skips without summarising or recording a run when its group is gone or another owner holds the lease', async () => {
    const skipped = async (opening: Awaited<ReturnType<CycleRunStore['openRun']>>) => {
      const rollups = new InMemoryRollups();
      twoWeeks(rollups);
      const { recording, finished } = recordingRuns();
      const report = await runCycle(
        { ...deps(rollups), runs: { ...recording, openRun: async () => opening } },
        'g',
        {
          now: LATER,
        },
      );
      return { report, finished, written: rollups.level('session').length };
    };
    const gone = await skipped(null);
    expect(gone.report).toMatchObject({ status: 'skipped', reason: 'group g does not exist' });
    expect(gone.report.runId).toBeNull();
    expect([gone.finished, gone.written]).toEqual([[], 0]);
    const held = await skipped({
      settings: { timezone: 'UTC', latestMemoryAt: null },
      lease: { acquired: false, owner: 'other:1', expiresAt: '2025-01-01T00:00:00.000Z' },
      run: null,
    });
    expect(held.report).toMatchObject({
      status: 'skipped',
      reason: 'another instance (other:1) holds the cycle lease until 2025-01-01T00:00:00.000Z',
      leaseExpiresAt: '2025-01-01T00:00:00.000Z',
    });
    expect([held.finished, held.written]).toEqual([[], 0]);
  });

  it('gives the lease back with the run record, and on its own when the record cannot be written', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    const released: string[] = [];
    const releasing: CycleRunStore = {
      ...runs,
      releaseLease: async (_g, owner) => void released.push(owner),
    };
    const { recording, finished } = recordingRuns();
    await runCycle({ ...deps(rollups), runs: { ...recording, releaseLease: releasing.releaseLease } }, 'g', {
      now: LATER,
      owner: 'me',
    });
    // finishRun releases the lease in its own transaction: no second call.
    expect(finished.map((r) => r.leaseOwner)).toEqual(['me']);
    expect(released).toEqual([]);
    const unrecorded: CycleRunStore = {
      ...releasing,
      finishRun: async () => {
        throw Object.assign(new Error('disk full'), { code: 'Neo.DatabaseError.General.UnknownError' });
      },
    };
    const report = await runCycle({ ...deps(rollups), runs: unrecorded }, 'g', { now: LATER, owner: 'me' });
    expect(report.status).toBe('succeeded');
    expect(released).toEqual(['me']);
  });

  it('records a failed cycle as failed with its reason, also among its errors', async () => {
    const rollups = new InMemoryRollups();
    twoWeeks(rollups);
    const write = rollups.writeSummaries.bind(rollups);
    rollups.writeSummaries = async (...args: Parameters<typeof write>) => {
      if (args[2])
        throw Object.assign(new Error('disk full'), { code: 'Neo.DatabaseError.General.UnknownError' });
      return write(...args);
    };
    const { recording, finished } = recordingRuns();
    const report = await runCycle({ ...deps(rollups), runs: recording }, 'g', { now: LATER });
    expect(report.status).toBe('failed');
    expect(finished).toMatchObject([{ status: 'failed', reason: 'disk full', errors: ['disk full'] }]);
  });
});
