import { AsyncLocalStorage } from 'node:async_hooks';

/** A unit of write work: what one caller would have run as a write transaction of its own. */
export type WriteWork<Tx, T> = (tx: Tx) => Promise<T>;

/** Runs work in a write transaction of its own (Graph.writeTx without sharing). */
export type CommitAlone<Tx> = <T>(work: WriteWork<Tx, T>) => Promise<T>;

/**
 * Reads of a statement that serves many requests in one run (graph/request-batches.ts): those of the participants
 * that wait at the same time go to Neo4j as one statement.
 */
export interface SharedReads {
  /** Calls with the same key may share a run (the same statement, the same shared parameters). */
  key(name: string, params: Record<string, unknown>): string;
  /** One run serving every call: each call's rows, in the order of the calls. */
  run(name: string, calls: readonly Record<string, unknown>[]): Promise<unknown[][]>;
}

export interface SharedCommitsOptions {
  /** Most units one shared transaction takes; a larger queue is committed in several transactions at once. */
  maxUnits: number;
  /**
   * Most weight (what its units write, as each says) one shared transaction takes: many small writes share one,
   * large ones (a group's import) do not add up to more than the transaction memory one large write needs. A unit
   * heavier than this runs alone. Unbounded when not given.
   */
  maxWeight?: number;
  /**
   * Most weight committing at once, over all of this sharing's transactions: Neo4j's transaction memory pool is
   * one for every open transaction, so many large writes at the same time (64 groups importing) fail it however
   * each is cut. A transaction that would go over waits for those ahead of it, in order; one heavier than this
   * runs when none other is in flight. Unbounded when not given.
   */
  maxWeightInFlight?: number;
  /** Longest a queued unit waits for the participants still running before its transaction starts anyway. */
  maxWaitMs: number;
  /** Told when a shared transaction or read failed and its units run again, each alone. */
  onFallback?: (error: unknown, units: number) => void;
  /**
   * Whether a shared transaction's failure is one that every unit would meet alone too (the database gone): its
   * units then fail with it, rather than each wait out the same retries again.
   */
  failsAlike?: (error: unknown) => boolean;
  /** How batched reads are shared; without it, a participant's reads are its own business. */
  reads?: SharedReads;
}

interface Queued<Tx> {
  work: WriteWork<Tx, unknown>;
  weight: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface QueuedRead {
  name: string;
  params: Record<string, unknown>;
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

class Participant {
  /** Units of this participant queued or in a transaction not yet committed. */
  waitingUnits = 0;
  /** Whether its task has ended (it may still have units that nobody awaits). */
  left = false;
  constructor(readonly sharing: SharedCommits<unknown>) {}

  /** Whether it may still queue a unit: its task runs and waits for none of its units. */
  get running(): boolean {
    return !this.left && this.waitingUnits === 0;
  }
}

const participants = new AsyncLocalStorage<Participant>();

/**
 * Write transactions of several callers that run at the same time (the cycles of many small groups) committed
 * together. A commit has a fixed cost much larger than a small write's own (the Lucene refresh of the full-text
 * index above all, stop 44: 11 ms for a one-node write against 1.5 ms for a statement in an open transaction),
 * and a small group's cycle is mostly such writes. Each caller runs as a participant; its write transactions wait
 * in a queue until every participant is waiting for one (or maxWaitMs passes), then run in one transaction, their
 * statements sent together. Each caller sees its own work committed before its call returns, as before.
 *
 * Units are independent of each other (each is one group's write, and a group has one cycle at a time), and each is
 * replayable (the driver already runs a transaction function again after a transient failure). So when the shared
 * transaction fails for any reason, every unit runs again in a transaction of its own, and only the units that fail
 * alone fail: one group's bad write never costs another group its own.
 *
 * Reads of a statement that serves many requests (graph/request-batches.ts) wait in the same way, and those of one
 * statement and the same shared values go to Neo4j as one run: the cycles of a tick send each such read once. A read
 * waiting counts as waiting, like a write; when a shared run fails, each read runs again alone.
 */
export class SharedCommits<Tx> {
  private queue: Queued<Tx>[] = [];
  private reads: QueuedRead[] = [];
  /** Participants that may still queue a unit before the next shared transaction. */
  private running = 0;
  private timer: NodeJS.Timeout | null = null;
  private deciding = false;
  /** Transactions cut from the queue, waiting for room under maxWeightInFlight; and the weight committing now. */
  private ready: Queued<Tx>[][] = [];
  private weightInFlight = 0;
  /**
   * Shared transactions committed, and units in them; units run alone after a shared transaction failed; shared
   * reads run, and the calls they served.
   */
  readonly counts = { shared: 0, units: 0, fallbacks: 0, reads: 0, readCalls: 0 };

  constructor(
    /** What the sharing commits to: a unit of another store's work is never taken into this one's transaction. */
    readonly target: object,
    private readonly commitAlone: CommitAlone<Tx>,
    private readonly options: SharedCommitsOptions,
  ) {}

  /** The participant of this sharing that the current async context runs as, if any. */
  static participantOf(target: object): SharedCommits<unknown> | null {
    const participant = participants.getStore();
    return participant && participant.sharing.target === target ? participant.sharing : null;
  }

  /** Runs `task` as one participant: its write transactions share commits with those of the other participants. */
  async join<T>(task: () => Promise<T>): Promise<T> {
    const participant = new Participant(this as SharedCommits<unknown>);
    this.running++;
    try {
      return await participants.run(participant, task);
    } finally {
      if (participant.running) this.running--;
      participant.left = true;
      this.flushIfAllWait();
    }
  }

  /** The current participant's write transaction: resolved once it is committed. */
  enqueue<T>(work: WriteWork<Tx, T>, weight = 1): Promise<T> {
    return this.waitFor<T>((resolve, reject) =>
      this.queue.push({
        work: work as WriteWork<Tx, unknown>,
        weight,
        resolve: resolve as (value: unknown) => void,
        reject,
      }),
    );
  }

  /** The current participant's read of a batched statement: sent with the same reads of the others that wait. */
  read(name: string, params: Record<string, unknown>): Promise<unknown[]> {
    return this.waitFor<unknown[]>((resolve, reject) => this.reads.push({ name, params, resolve, reject }));
  }

  /** Queues a unit of the current participant, which waits until it is settled. */
  private waitFor<T>(
    queue: (resolve: (value: T) => void, reject: (error: unknown) => void) => void,
  ): Promise<T> {
    const participant = participants.getStore() as Participant;
    return new Promise<T>((resolve, reject) => {
      if (participant.running) this.running--;
      participant.waitingUnits++;
      const settle = () => {
        participant.waitingUnits--;
        if (participant.running) this.running++;
      };
      queue(
        (value) => {
          settle();
          resolve(value);
        },
        (error) => {
          settle();
          reject(error);
        },
      );
      this.flushIfAllWait();
    });
  }

  /**
   * Starts a shared transaction when no participant can add to the queue any more, or when it is full; decided once
   * the current turn of the event loop is over, so that the participants started in it (a scheduler's first groups,
   * each of which writes before it awaits anything) have joined and queued their writes.
   */
  private flushIfAllWait(): void {
    if (this.deciding) return;
    this.deciding = true;
    setImmediate(() => {
      this.deciding = false;
      const queued = this.queue.length + this.reads.length;
      if (queued === 0) return;
      if (this.running > 0 && queued < this.options.maxUnits) {
        this.timer ??= setTimeout(() => {
          this.timer = null;
          this.flush();
        }, this.options.maxWaitMs);
        return;
      }
      this.flush();
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Outside every participant: the transactions and reads are this sharing's own, not units to queue again.
    participants.exit(() => {
      this.ready.push(...this.transactions(this.queue.splice(0)));
      this.startCommits();
      const byKey = new Map<string, QueuedRead[]>();
      for (const read of this.reads.splice(0)) {
        const key = this.options.reads?.key(read.name, read.params) ?? read.name;
        const same = byKey.get(key);
        if (same) same.push(read);
        else byKey.set(key, [read]);
      }
      for (const reads of byKey.values())
        for (let i = 0; i < reads.length; i += this.options.maxUnits)
          void this.runReads(reads.slice(i, i + this.options.maxUnits));
    });
  }

  /** The queued units cut into transactions, in order: at most maxUnits each, and maxWeight unless one alone is more. */
  private transactions(queued: Queued<Tx>[]): Queued<Tx>[][] {
    const maxWeight = this.options.maxWeight ?? Number.POSITIVE_INFINITY;
    const out: Queued<Tx>[][] = [];
    let current: Queued<Tx>[] = [];
    let weight = 0;
    for (const unit of queued) {
      if (
        current.length > 0 &&
        (current.length >= this.options.maxUnits || weight + unit.weight > maxWeight)
      ) {
        out.push(current);
        current = [];
        weight = 0;
      }
      current.push(unit);
      weight += unit.weight;
    }
    if (current.length > 0) out.push(current);
    return out;
  }

  /** Starts the ready transactions, oldest first, while their weight fits beside what is committing. */
  private startCommits(): void {
    const limit = this.options.maxWeightInFlight ?? Number.POSITIVE_INFINITY;
    for (;;) {
      const units = this.ready[0];
      if (!units) return;
      const weight = units.reduce((sum, unit) => sum + unit.weight, 0);
      if (this.weightInFlight > 0 && this.weightInFlight + weight > limit) return;
      this.ready.shift();
      this.weightInFlight += weight;
      const release = () => {
        this.weightInFlight -= weight;
        this.startCommits();
      };
      void this.commit(units).then(release, release);
    }
  }

  /** One run for reads of one statement; when it fails, each read runs alone, as its caller would have run it. */
  private async runReads(reads: QueuedRead[]): Promise<void> {
    const shared = this.options.reads;
    if (!shared) {
      for (const read of reads)
        read.reject(new Error('this sharing was made without `reads`: it cannot share a read'));
      return;
    }
    const run = shared.run;
    const name = (reads[0] as QueuedRead).name;
    try {
      const rows = await run(
        name,
        reads.map((r) => r.params),
      );
      this.counts.reads++;
      this.counts.readCalls += reads.length;
      for (const [i, read] of reads.entries()) read.resolve(rows[i] ?? []);
    } catch (error) {
      if (reads.length === 1 || this.options.failsAlike?.(error)) {
        for (const read of reads) read.reject(error);
        return;
      }
      this.options.onFallback?.(error, reads.length);
      await Promise.all(
        reads.map((read) =>
          run(name, [read.params]).then((rows) => read.resolve(rows[0] ?? []), read.reject),
        ),
      );
    }
  }

  private async commit(units: Queued<Tx>[]): Promise<void> {
    if (units.length === 1) return this.commitEach(units);
    let results: unknown[];
    try {
      results = await this.commitAlone(async (tx) => {
        // Every unit's statements go out together; a unit's failure fails the transaction, and with it the others.
        const settled = await Promise.allSettled(units.map((unit) => unit.work(tx)));
        const failed = settled.find((s) => s.status === 'rejected');
        if (failed) throw failed.reason;
        return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value);
      });
    } catch (error) {
      if (this.options.failsAlike?.(error)) {
        for (const unit of units) unit.reject(error);
        return;
      }
      this.counts.fallbacks += units.length;
      this.options.onFallback?.(error, units.length);
      return this.commitEach(units);
    }
    this.counts.shared++;
    this.counts.units += units.length;
    for (const [i, unit] of units.entries()) unit.resolve(results[i]);
  }

  private async commitEach(units: Queued<Tx>[]): Promise<void> {
    await Promise.all(units.map((unit) => this.commitAlone(unit.work).then(unit.resolve, unit.reject)));
  }
}
