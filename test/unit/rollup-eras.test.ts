import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../seed/generator.js';
import { createHashingEmbedder } from '../../src/ai/embeddings/index.js';
import type { SummarizeRequest, Summarizer, SummaryDraft } from '../../src/ai/summarizers/types.js';
import { loadConfig } from '../../src/config.js';
import type { EraParameters } from '../../src/domain/era.js';
import type { EraBackground } from '../../src/domain/era-background.js';
import { addDays } from '../../src/domain/periods.js';
import type {
  DayRow,
  EraChange,
  EraStore,
  EraWrite,
  PeriodStamp,
  SeriesRow,
  SeriesWindow,
  StoredEra,
} from '../../src/graph/eras.js';
import type { CycleContext } from '../../src/jobs/cycle-context.js';
import { rollupEras } from '../../src/jobs/rollup-eras.js';
import { createLogger } from '../../src/log.js';

/**
 * The era step's decisions (what it writes, what it leaves alone, where the theme comes from) against an in-memory
 * stand-in for the era repository. The Cypher is checked against a real Neo4j by test/integration/eras.test.ts.
 */
const THEMES = [
  ['hiking', 'trail', 'camping', 'tent'],
  ['python', 'compiler', 'debugging', 'rust'],
];
const START = '2024-01-01';

/** Daily rows: `days[k]` days on THEMES[k], each with its theme's topics and a vector near the theme's centre. */
function dayRows(days: number[], seed: number): DayRow[] {
  const random = mulberry32(seed);
  const centres = THEMES.map(() => Array.from({ length: 16 }, () => random() - 0.5));
  const rows: DayRow[] = [];
  days.forEach((count, era) => {
    for (let i = 0; i < count; i++) {
      const theme = THEMES[era] as string[];
      rows.push({
        day: addDays(START, rows.length),
        messageCount: 20,
        text: `We talked about ${theme.join(' and ')}.`,
        topics: ['ana', ...theme.slice(0, 3)],
        topicWeights: [1, 0.5 + random() / 2, 0.5 + random() / 2, 0.5 + random() / 2],
        activeUsers: ['Ana', 'Ben'],
        embedding: (centres[era] as number[]).map((c) => c + 0.05 * (random() - 0.5)),
      });
    }
  });
  return rows;
}

/** Week summaries (Monday starts) for every full week the days cover. */
function weekRows(days: DayRow[]): SeriesRow[] {
  const weeks: SeriesRow[] = [];
  for (let i = 0; i + 7 <= days.length; i += 7) {
    const start = days[i]?.day as string;
    weeks.push({
      id: `g:week:${start}`,
      periodStart: start,
      periodEnd: addDays(start, 6),
      text: `The week of ${start}.`,
      topics: null,
      topicWeights: null,
      activityScore: null,
      messageCount: 140,
      embedding: days[i]?.embedding ?? null,
    });
  }
  return weeks;
}

/** A day as the period series of days gives it. */
function asSeriesRow(day: DayRow): SeriesRow {
  return {
    id: `g:day:${day.day}`,
    periodStart: day.day,
    periodEnd: day.day,
    text: day.text ?? '',
    topics: day.topics,
    topicWeights: day.topicWeights,
    activityScore: null,
    messageCount: day.messageCount,
    embedding: null,
  };
}

class InMemoryEras implements EraStore {
  eras = new Map<string, StoredEra>();
  writes: EraWrite[] = [];
  changes: EraChange[] = [];
  replaceCalls = 0;
  /** Whether each replace was told the chain moved (the NEXT_PERIOD links and the eras dropped to be redone). */
  chainMoves: boolean[] = [];
  seriesReads = 0;
  /** The windows the day series was read in, in order. */
  dayReads: { from: string | null; to: string | null }[] = [];
  backgroundReads = 0;
  /** The background stored on each era, as upsert-era keeps it: on the current era only. */
  backgrounds = new Map<string, EraBackground>();
  /** The store's clock: every write (an era, or a week rewritten) takes the next tick. */
  private clock = 1;
  /** When each week was written; a week never rewritten was written at tick 0, before any era. */
  private weekWrittenAt = new Map<string, number>();

  /** The group's own era parameters (PUT settings); none unless a test sets them. */
  own: EraParameters = {};

  constructor(
    public days: DayRow[],
    public weeks: SeriesRow[],
  ) {}

  async parameters(): Promise<EraParameters> {
    return this.own;
  }

  async list(): Promise<StoredEra[]> {
    return [...this.eras.values()].sort((a, b) => (a.start < b.start ? -1 : 1));
  }

  async daySeries(_groupId: string, window: SeriesWindow, withContent: boolean): Promise<DayRow[]> {
    this.dayReads.push({ from: window.from ?? null, to: window.to ?? null });
    return this.days
      .filter((d) => (!window.from || d.day >= window.from) && (!window.to || d.day < window.to))
      .map((d) => (withContent ? d : { ...d, text: null, embedding: null }));
  }

  async background(): Promise<EraBackground | null> {
    this.backgroundReads++;
    const current = [...this.eras.values()].find((e) => e.current);
    return (current && this.backgrounds.get(current.id)) ?? null;
  }

  async periodStamps(_groupId: string, _level: string, stampsFrom: string | null): Promise<PeriodStamp[]> {
    return this.weeks.map((w) => ({
      periodStart: w.periodStart,
      updatedAtMillis:
        stampsFrom !== null && w.periodStart >= stampsFrom
          ? (this.weekWrittenAt.get(w.periodStart) ?? 0)
          : null,
    }));
  }

  /** A late memory: the week is summarised again, after the eras that read it. */
  rewriteWeek(periodStart: string): void {
    this.weekWrittenAt.set(periodStart, this.clock++);
  }

  async series(_groupId: string, level: string, window: SeriesWindow): Promise<SeriesRow[]> {
    this.seriesReads++;
    const rows = level === 'day' ? this.days.map(asSeriesRow) : this.weeks;
    return rows.filter(
      (r) => (!window.from || r.periodStart >= window.from) && (!window.to || r.periodStart < window.to),
    );
  }

  async replace(
    _groupId: string,
    changed: EraChange[],
    keepIds: string[],
    chainMoved: boolean,
  ): Promise<void> {
    this.replaceCalls++;
    this.chainMoves.push(chainMoved);
    this.changes.push(...changed);
    for (const { era, background } of changed) {
      this.writes.push(era);
      this.eras.set(era.id, { ...era, periodCount: era.periodStarts.length, updatedAtMillis: this.clock++ });
      if (!era.current) this.backgrounds.delete(era.id);
      else if (background) this.backgrounds.set(era.id, background);
    }
    for (const id of [...this.eras.keys()]) {
      if (!keepIds.includes(id)) {
        this.eras.delete(id);
        this.backgrounds.delete(id);
      }
    }
  }
}

/** A summarizer that records its era requests and, when given one, answers with a title. */
class RecordingSummarizer implements Summarizer {
  readonly name = 'recording';
  requests: SummarizeRequest[] = [];
  constructor(private readonly title?: string) {}
  async summarize(request: SummarizeRequest): Promise<SummaryDraft> {
    this.requests.push(request);
    return {
      text: `${request.items.length} items.`,
      topics: [],
      highlights: [],
      activeUsers: [],
      summarizer: this.name,
      ...(this.title ? { title: this.title } : {}),
    };
  }
}

/** Members the era step never touches: any use fails the test. */
function unused<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: () => {
      throw new Error(`${name} is not for the era step`);
    },
  });
}

const config = loadConfig({ LOG_LEVEL: 'silent' });

function context(summarizer: Summarizer, dryRun = false): CycleContext {
  return {
    groupId: 'g',
    timezone: 'UTC',
    now: new Date('2025-01-01T00:00:00Z'),
    clock: new Date('2025-01-01T00:00:00Z'),
    dryRun,
    pageSize: 20_000,
    rollups: unused('rollups'),
    maintenance: unused('maintenance'),
    lastPrunedOn: null,
    decayRefreshed: null,
    summarizer,
    localSummarizer: summarizer,
    embedder: createHashingEmbedder(16),
    rollup: config.rollup,
    decay: config.decay,
    prune: config.prune,
    log: createLogger('silent'),
    errors: [],
    fallbacks: [],
    waitingUntil: null,
    renewLease: async () => undefined,
  };
}

const settings = { ...config.eras, minDays: 14, maxEras: 10 };

describe('rollupEras', () => {
  it('cuts eras on the days, gives each its weeks, and themes them by their own topics', async () => {
    const days = dayRows([42, 42], 1);
    const store = new InMemoryEras(days, weekRows(days));
    const summarizer = new RecordingSummarizer();
    const counts = await rollupEras(context(summarizer), store, settings);
    expect(counts).toEqual({ created: 2, updated: 0 });
    const eras = await store.list();
    expect(eras.map((e) => [e.start, e.end, e.current])).toEqual([
      [START, addDays(START, 42), false],
      [addDays(START, 42), addDays(START, 84), true],
    ]);
    expect(eras.map((e) => e.periodStarts.length)).toEqual([6, 6]);
    for (const [k, era] of eras.entries()) {
      for (const term of era.theme.split(' · ')) expect(THEMES[k]).toContain(term);
      expect(era.keyTopics).not.toContain('ana');
    }
    // Each era is summarised from its week summaries.
    expect(summarizer.requests.map((r) => [r.level, r.items.length])).toEqual([
      ['era', 6],
      ['era', 6],
    ]);
  });

  it("uses the group's own parameters over the server's", async () => {
    const days = dayRows([42, 42], 1);
    const store = new InMemoryEras(days, weekRows(days));
    // Eras of at least 60 days: the two planted ones cannot both be.
    store.own = { minDays: 60 };
    await rollupEras(context(new RecordingSummarizer()), store, settings);
    expect((await store.list()).map((e) => e.start)).toEqual([START]);
  });

  it('writes nothing when no new day came, and only the current era when it grows', async () => {
    const days = dayRows([42, 42], 2);
    const store = new InMemoryEras(days.slice(0, 77), weekRows(days.slice(0, 77)));
    await rollupEras(context(new RecordingSummarizer()), store, settings);
    const closed = (await store.list()).filter((e) => !e.current);
    expect(closed).toHaveLength(1);

    store.writes = [];
    const idle = new RecordingSummarizer();
    expect(await rollupEras(context(idle), store, settings)).toEqual({ created: 0, updated: 0 });
    expect(store.writes).toEqual([]);
    expect(idle.requests).toEqual([]);

    store.days = days;
    store.weeks = weekRows(days);
    const grown = new RecordingSummarizer();
    expect(await rollupEras(context(grown), store, settings)).toEqual({ created: 0, updated: 1 });
    expect(store.writes.map((e) => [e.start, e.end, e.current])).toEqual([
      [addDays(START, 42), addDays(START, 84), true],
    ]);
    expect(grown.requests).toHaveLength(1);
    expect((await store.list()).filter((e) => !e.current)).toEqual(closed);
  });

  it('links a week summarised after its days to its era, with no new day', async () => {
    const days = dayRows([42, 42], 5);
    const weeks = weekRows(days);
    const store = new InMemoryEras(days, weeks.slice(0, -1));
    await rollupEras(context(new RecordingSummarizer()), store, settings);
    store.weeks = weeks;
    store.writes = [];
    expect(await rollupEras(context(new RecordingSummarizer()), store, settings)).toEqual({
      created: 0,
      updated: 1,
    });
    expect(store.writes.map((e) => [e.current, e.periodStarts.at(-1)])).toEqual([
      [true, weeks.at(-1)?.periodStart],
    ]);
  });

  it('keeps what the current era read from its weeks when it grows by days alone, and reads them again once one is rewritten', async () => {
    const days = dayRows([42, 44], 6);
    // The last two days start a week that is not over: no week summary covers them yet.
    const store = new InMemoryEras(days.slice(0, 84), weekRows(days));
    await rollupEras(context(new RecordingSummarizer()), store, settings);
    const [, grown] = await store.list();
    expect(grown?.current).toBe(true);

    store.days = days;
    store.changes = [];
    store.seriesReads = 0;
    const daily = new RecordingSummarizer();
    expect(await rollupEras(context(daily), store, settings)).toEqual({ created: 0, updated: 1 });
    const [kept] = store.changes;
    // Its end moved with the days; its text, theme and weeks are as before, and neither they nor the summarizer
    // were asked again, nor its vector written.
    expect(kept?.era.end).toBe(addDays(START, 86));
    expect(kept && [kept.era.text, kept.era.theme, kept.era.periodStarts]).toEqual([
      grown?.text,
      grown?.theme,
      grown?.periodStarts,
    ]);
    expect([kept?.embedding, daily.requests.length, store.seriesReads]).toEqual([null, 0, 0]);
    // Two eras created, then only the last one grew: the chain moved once.
    expect(store.chainMoves).toEqual([true, false]);

    // A late memory rewrites one of its weeks: the next cycle reads them again, summarises and embeds the era.
    store.rewriteWeek(grown?.periodStarts[2] as string);
    store.days = [...days, ...dayRows([0, 1], 6).map((d) => ({ ...d, day: addDays(START, 86) }))];
    store.changes = [];
    const late = new RecordingSummarizer();
    expect(await rollupEras(context(late), store, settings)).toEqual({ created: 0, updated: 1 });
    expect(store.changes[0]?.embedding?.length).toBe(16);
    expect(late.requests.map((r) => r.items.length)).toEqual([6]);
    expect(store.seriesReads).toBe(1);

    // A week rewritten with no new day: the era reads its weeks again all the same, in the same cycle.
    store.rewriteWeek(grown?.periodStarts[4] as string);
    const rewrittenAlone = new RecordingSummarizer();
    expect(await rollupEras(context(rewrittenAlone), store, settings)).toEqual({ created: 0, updated: 1 });
    expect(rewrittenAlone.requests).toHaveLength(1);
    // And then it is settled: nothing new, nothing written.
    expect(await rollupEras(context(new RecordingSummarizer()), store, settings)).toEqual({
      created: 0,
      updated: 0,
    });
  });

  it('reads the texts of an era before the current one that has no week, which the day series leaves out', async () => {
    // Three stretches, no week summary: with one distinct era kept, each split folds the older era into "earlier",
    // and the second cycle's "earlier" spans days from before the current era's start.
    const days = [
      ...dayRows([42, 42], 6),
      ...dayRows([42], 7).map((d, i) => ({ ...d, day: addDays(START, 84 + i) })),
    ].map((d, i) => ({ ...d, text: `Day ${i}.` }));
    const store = new InMemoryEras(days.slice(0, 84), []);
    const one = { ...settings, maxEras: 1 };
    await rollupEras(context(new RecordingSummarizer()), store, one);
    expect((await store.list()).map((e) => [e.start, e.earlier, e.current])).toEqual([
      [START, true, false],
      [addDays(START, 42), false, true],
    ]);

    store.days = days;
    const summarizer = new RecordingSummarizer();
    await rollupEras(context(summarizer), store, one);
    const earlier = summarizer.requests.find((r) => r.periodStart === START);
    expect(earlier?.items.map((item) => item.text)).toEqual(days.slice(0, 84).map((d) => d.text));
  });

  it("reads only the current era's days once the days before it are kept as its background, and finds what a full read finds", async () => {
    // Three stretches, each era closing a cycle later: 50 days, then 84, then 126.
    const days = [
      ...dayRows([42, 42], 8),
      ...dayRows([42], 9).map((d, i) => ({ ...d, day: addDays(START, 84 + i), activeUsers: ['Cleo'] })),
    ];
    const kept = new InMemoryEras([], []);
    const rebuilt = new InMemoryEras([], []);
    for (const upTo of [50, 84, 126]) {
      for (const store of [kept, rebuilt]) {
        store.days = days.slice(0, upTo);
        store.weeks = weekRows(store.days);
        store.dayReads = [];
      }
      // As an era stored before backgrounds were kept: the cycle reads the days before the window again.
      rebuilt.backgrounds.clear();
      await rollupEras(context(new RecordingSummarizer()), kept, settings);
      await rollupEras(context(new RecordingSummarizer()), rebuilt, settings);
    }
    const eras = await kept.list();
    expect(eras.map((e) => [e.start, e.current])).toEqual([
      [START, false],
      [addDays(START, 42), false],
      [addDays(START, 84), true],
    ]);
    expect(eras).toEqual(await rebuilt.list());
    // The last cycle read its window (the era then current, which it closed) alone; the rebuilt store also read
    // the 42 days before it.
    expect(kept.dayReads).toEqual([{ from: addDays(START, 42), to: null }]);
    expect(rebuilt.dayReads).toEqual([
      { from: addDays(START, 42), to: null },
      { from: null, to: addDays(START, 42) },
    ]);
    // Asked for the background only by the last cycle: before it no era had closed, so nothing came before the window.
    expect(kept.backgroundReads).toBe(1);
    const current = eras[2]?.id as string;
    expect(kept.backgrounds.get(current)).toMatchObject({
      periods: 84,
      from: START,
      messages: 84 * 20,
      speakers: ['Ana', 'Ben'],
    });
    expect(kept.backgrounds.get(current)).toEqual(rebuilt.backgrounds.get(current));
    expect([...kept.backgrounds.keys()]).toEqual([current]);
    // The data cut still spans the whole history.
    expect(eras[2]).toMatchObject({ dataFrom: START, dataDays: 126, dataMessages: 126 * 20 });
  });

  it('takes the theme from the summarizer when it writes a title', async () => {
    const days = dayRows([42, 42], 3);
    const store = new InMemoryEras(days, weekRows(days));
    await rollupEras(context(new RecordingSummarizer('Learning to write a compiler')), store, settings);
    expect((await store.list()).map((e) => e.theme)).toEqual([
      'Learning to write a compiler',
      'Learning to write a compiler',
    ]);
  });

  it('counts what it would write in a dry run, and writes nothing', async () => {
    const days = dayRows([42, 42], 4);
    const store = new InMemoryEras(days, weekRows(days));
    const summarizer = new RecordingSummarizer();
    expect(await rollupEras(context(summarizer, true), store, settings)).toEqual({ created: 2, updated: 0 });
    expect(store.replaceCalls).toBe(0);
    expect(summarizer.requests).toEqual([]);
  });
});
