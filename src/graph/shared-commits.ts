import { AsyncLocalStorage } from 'node:async_hooks';

/** A unit of write work: what one caller would have run as a write transaction of its own. */
export type WriteWork<Tx, T> = (tx: Tx) => Promise<T>;

/** Runs work in a write transaction of its own (Graph.writeTx without sharing). */
export type CommitAlone<Tx> = <T>(work: WriteWork<Tx, T>) => Promise<T>;

export interface SharedCommitsOptions {
  /** Most units one shared transaction takes; a larger queue is committed in several transactions at once. */
  maxUnits: number;
  /** Longest a queued unit waits for the participants still running before its transaction starts anyway. */
  maxWaitMs: number;
  /** Told when a shared transaction failed and its units run again, each alone. */
  onFallback?: (error: unknown, units: number) => void;
  /**
   * Whether a shared transaction's failure is one that every unit would meet alone too (the database gone): its
   * units then fail with it, rather than each wait out the same retries again.
   */
  failsAlike?: (error: unknown) => boolean;
}

interface Queued<Tx> {
  work: WriteWork<Tx, unknown>;
  participant: Participant;
  resolve(value: unknown): void;
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
 */
export class SharedCommits<Tx> {
  private queue: Queued<Tx>[] = [];
  /** Participants that may still queue a unit before the next shared transaction. */
  private running = 0;
  private timer: NodeJS.Timeout | null = null;
  private deciding = false;
  /** Shared transactions committed, and units in them; units run alone after a shared transaction failed. */
  readonly counts = { shared: 0, units: 0, fallbacks: 0 };

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
  enqueue<T>(work: WriteWork<Tx, T>): Promise<T> {
    const participant = participants.getStore() as Participant;
    return new Promise<T>((resolve, reject) => {
      if (participant.running) this.running--;
      participant.waitingUnits++;
      const settle = () => {
        participant.waitingUnits--;
        if (participant.running) this.running++;
      };
      this.queue.push({
        work: work as WriteWork<Tx, unknown>,
        participant,
        resolve: (value) => {
          settle();
          resolve(value as T);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
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
      if (this.queue.length === 0) return;
      if (this.running > 0 && this.queue.length < this.options.maxUnits) {
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
    while (this.queue.length > 0) {
      const units = this.queue.splice(0, this.options.maxUnits);
      // Outside every participant: the transaction is this sharing's own, not a unit to queue again.
      participants.exit(() => void this.commit(units));
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
