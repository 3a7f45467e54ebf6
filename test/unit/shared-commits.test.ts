import { describe, expect, it } from 'vitest';
import {
  SharedCommits,
  type SharedCommitsOptions,
  type SharedReads,
} from '../../src/graph/shared-commits.js';

/** A transaction that keeps what was written to it; committed only when its work returns. */
interface FakeTx {
  writes: string[];
}

/** A store whose commits are recorded, each as the writes it made visible together. */
function fakeStore() {
  const commits: string[][] = [];
  let attempts = 0;
  const commitAlone = async <T>(work: (tx: FakeTx) => Promise<T>): Promise<T> => {
    attempts++;
    const tx: FakeTx = { writes: [] };
    const result = await work(tx);
    // A yield before the commit, as a round trip to the database would.
    await Promise.resolve();
    commits.push(tx.writes);
    return result;
  };
  return { commits, commitAlone, attempts: () => attempts };
}

const tick = () => new Promise((r) => setTimeout(r, 1));

function sharing(store: ReturnType<typeof fakeStore>, options: Partial<SharedCommitsOptions> = {}) {
  return new SharedCommits<FakeTx>(store, store.commitAlone, { maxUnits: 16, maxWaitMs: 1000, ...options });
}

const write =
  (what: string) =>
  async (tx: FakeTx): Promise<string> => {
    tx.writes.push(what);
    return `${what} done`;
  };

describe('SharedCommits', () => {
  it('commits the writes of participants that all wait for one in a single transaction', async () => {
    const store = fakeStore();
    const shared = sharing(store);
    const writer = (name: string) => () => shared.enqueue(write(name));
    const results = await Promise.all(['a', 'b', 'c'].map((name) => shared.join(writer(name))));
    expect(results).toEqual(['a done', 'b done', 'c done']);
    expect(store.commits).toEqual([['a', 'b', 'c']]);
    expect(shared.counts).toEqual({ shared: 1, units: 3, fallbacks: 0, reads: 0, readCalls: 0 });
  });

  it('returns to each participant only once its write is committed, so its next read sees it', async () => {
    const store = fakeStore();
    const shared = sharing(store);
    const seen: string[][] = [];
    const cycle = (name: string, steps: number) => async () => {
      for (let step = 0; step < steps; step++) {
        await shared.enqueue(write(`${name}${step}`));
        seen.push(store.commits.flat().filter((w) => w.startsWith(name)));
        await tick();
      }
    };
    await Promise.all([shared.join(cycle('a', 3)), shared.join(cycle('b', 2))]);
    // Every read after a write found it committed, and the steps were shared while both had steps left.
    expect(seen.filter((s) => s.length === 0)).toEqual([]);
    expect(store.commits).toEqual([['a0', 'b0'], ['a1', 'b1'], ['a2']]);
  });

  it('waits for a participant still working, but never longer than maxWaitMs', async () => {
    const store = fakeStore();
    const shared = sharing(store, { maxWaitMs: 30 });
    let waitedMs = 0;
    await Promise.all([
      shared.join(async () => {
        const started = performance.now();
        await shared.enqueue(write('quick'));
        waitedMs = performance.now() - started;
      }),
      // A participant that writes nothing for a while (a remote summarizer's call, say).
      shared.join(() => new Promise((r) => setTimeout(r, 300))),
    ]);
    expect(store.commits).toEqual([['quick']]);
    expect(waitedMs).toBeGreaterThanOrEqual(25);
    expect(waitedMs).toBeLessThan(250);
  });

  it('starts a transaction as soon as the queue holds maxUnits, and never puts more in one', async () => {
    const store = fakeStore();
    const shared = sharing(store, { maxUnits: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((n) => shared.join(() => shared.enqueue(write(n)))));
    expect(store.commits.map((c) => c.length).sort()).toEqual([1, 2, 2]);
    expect(store.commits.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('puts no more weight in one transaction than maxWeight, and a unit heavier than that alone', async () => {
    const store = fakeStore();
    const shared = sharing(store, { maxWeight: 10 });
    const weights: Record<string, number> = { a: 4, b: 4, c: 4, d: 30, e: 1 };
    await Promise.all(
      Object.entries(weights).map(([name, weight]) => shared.join(() => shared.enqueue(write(name), weight))),
    );
    expect(store.commits.sort()).toEqual([['a', 'b'], ['c'], ['d'], ['e']].sort());
  });

  it('commits no more weight at once than maxWeightInFlight: a transaction that would go over waits, in order', async () => {
    const store = fakeStore();
    let open = 0;
    let mostOpen = 0;
    const slow =
      (name: string) =>
      async (tx: FakeTx): Promise<string> => {
        open++;
        mostOpen = Math.max(mostOpen, open);
        await tick();
        open--;
        return write(name)(tx);
      };
    const shared = sharing(store, { maxWeight: 10, maxWeightInFlight: 10 });
    const weights: Record<string, number> = { a: 8, b: 8, c: 30, d: 1 };
    await Promise.all(
      Object.entries(weights).map(([name, weight]) => shared.join(() => shared.enqueue(slow(name), weight))),
    );
    // Each of a, b and c alone: the weight of two is over the bound, and c's alone is heavier than it.
    expect(mostOpen).toBe(1);
    expect(store.commits).toEqual([['a'], ['b'], ['c'], ['d']]);
  });

  it('commits transactions side by side while their weight together fits under maxWeightInFlight', async () => {
    const store = fakeStore();
    let open = 0;
    let mostOpen = 0;
    const slow = async (tx: FakeTx): Promise<string> => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      await tick();
      open--;
      return write('x')(tx);
    };
    const shared = sharing(store, { maxWeight: 10, maxWeightInFlight: 20 });
    await Promise.all([8, 8, 8, 8].map((weight) => shared.join(() => shared.enqueue(slow, weight))));
    expect(mostOpen).toBe(2);
    expect(store.commits).toHaveLength(4);
  });

  it('runs every unit of a shared transaction that failed again alone: only the failing one fails', async () => {
    const store = fakeStore();
    const failures: number[] = [];
    const shared = sharing(store, { onFallback: (_error, units) => failures.push(units) });
    const broken = async (tx: FakeTx) => {
      tx.writes.push('half of b');
      throw new Error('b cannot be written');
    };
    const outcomes = await Promise.allSettled([
      shared.join(() => shared.enqueue(write('a'))),
      shared.join(() => shared.enqueue(broken)),
      shared.join(() => shared.enqueue(write('c'))),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('b cannot be written'));
    // Nothing of the failed shared attempt was committed, nor anything of b; a and c each in a commit of its own.
    expect(store.commits.sort()).toEqual([['a'], ['c']]);
    expect(failures).toEqual([3]);
    expect(shared.counts).toEqual({ shared: 0, units: 0, fallbacks: 3, reads: 0, readCalls: 0 });
    expect(store.attempts()).toBe(4);
  });

  it('fails every unit with an error that each would meet alone too, without running them again', async () => {
    const store = fakeStore();
    const gone = new Error('the server cannot be reached');
    const shared = sharing(store, { failsAlike: (error) => error === gone });
    const unreachable = async () => {
      throw gone;
    };
    const outcomes = await Promise.allSettled([
      shared.join(() => shared.enqueue(write('a'))),
      shared.join(() => shared.enqueue(unreachable)),
    ]);
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason)).toEqual([gone, gone]);
    expect(store.attempts()).toBe(1);
    expect(store.commits).toEqual([]);
  });

  it('lets a participant that left with a write in flight count as gone, not as running', async () => {
    const store = fakeStore();
    const shared = sharing(store, { maxWaitMs: 5000 });
    let unawaited: Promise<string> | null = null;
    await shared.join(async () => {
      unawaited = shared.enqueue(write('left behind'));
    });
    // The only participant has left: its write does not wait for it to come back.
    await expect(unawaited).resolves.toBe('left behind done');
    await expect(shared.join(() => shared.enqueue(write('next')))).resolves.toBe('next done');
    expect(store.commits).toEqual([['left behind'], ['next']]);
  });

  it('is no participant outside join: participantOf finds it only inside, and only for its own target', async () => {
    const store = fakeStore();
    const shared = sharing(store);
    expect(SharedCommits.participantOf(store)).toBeNull();
    await shared.join(async () => {
      await tick();
      expect(SharedCommits.participantOf(store)).toBe(shared);
      expect(SharedCommits.participantOf({})).toBeNull();
    });
    expect(SharedCommits.participantOf(store)).toBeNull();
  });

  describe('reads', () => {
    /** A store that answers a batch with each call's rows: the call's own name, tagged with the batch's size. */
    function readStore(fails: (calls: Record<string, unknown>[]) => boolean = () => false) {
      const runs: string[][] = [];
      const reads: SharedReads = {
        key: (name, params) => `${name}:${params.level ?? ''}`,
        run: async (name, calls) => {
          runs.push(calls.map((c) => `${name}(${c.group})`));
          await Promise.resolve();
          if (fails(calls as Record<string, unknown>[])) throw new Error(`${name} failed`);
          return calls.map((c) => [{ group: c.group, batch: calls.length }]);
        },
      };
      return { runs, reads };
    }

    it('sends the reads of participants that all wait on one as one run per statement, and hands each its rows', async () => {
      const store = fakeStore();
      const { runs, reads } = readStore();
      const shared = sharing(store, { reads });
      const results = await Promise.all(
        ['a', 'b', 'c'].map((group) => shared.join(() => shared.read('pending', { group }))),
      );
      expect(results).toEqual([
        [{ group: 'a', batch: 3 }],
        [{ group: 'b', batch: 3 }],
        [{ group: 'c', batch: 3 }],
      ]);
      expect(runs).toEqual([['pending(a)', 'pending(b)', 'pending(c)']]);
      expect(shared.counts).toMatchObject({ reads: 1, readCalls: 3 });
    });

    it('runs reads of other statements, or of other shared values, apart; writes waiting with them still commit', async () => {
      const store = fakeStore();
      const { runs, reads } = readStore();
      const shared = sharing(store, { reads });
      await Promise.all([
        shared.join(() => shared.read('pending', { group: 'a', level: 'day' })),
        shared.join(() => shared.read('pending', { group: 'b', level: 'week' })),
        shared.join(() => shared.read('recent', { group: 'c' })),
        shared.join(() => shared.enqueue(write('d'))),
      ]);
      expect(runs.sort()).toEqual([['pending(a)'], ['pending(b)'], ['recent(c)']]);
      expect(store.commits).toEqual([['d']]);
    });

    it('runs each read of a failed run again alone: only the read that fails alone fails', async () => {
      const store = fakeStore();
      const { runs, reads } = readStore((calls) => calls.some((c) => c.group === 'b'));
      const failures: number[] = [];
      const shared = sharing(store, { reads, onFallback: (_error, units) => failures.push(units) });
      const outcomes = await Promise.allSettled(
        ['a', 'b', 'c'].map((group) => shared.join(() => shared.read('pending', { group }))),
      );
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[0] as PromiseFulfilledResult<unknown>).value).toEqual([{ group: 'a', batch: 1 }]);
      expect(runs.slice(1).sort()).toEqual([['pending(a)'], ['pending(b)'], ['pending(c)']]);
      expect(failures).toEqual([3]);
    });

    it('makes a participant that waits on a read count as waiting: a write of another does not wait out maxWaitMs', async () => {
      const store = fakeStore();
      const { reads } = readStore();
      const shared = sharing(store, { reads, maxWaitMs: 5000 });
      const started = performance.now();
      await Promise.all([
        shared.join(async () => {
          await shared.read('pending', { group: 'a' });
          await shared.read('pending', { group: 'a' });
        }),
        shared.join(() => shared.enqueue(write('b'))),
      ]);
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });
});
