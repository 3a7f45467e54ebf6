import neo4j, { type Driver, type ManagedTransaction, Neo4jError } from 'neo4j-driver';
import { DatabaseUnavailableError, StatementTooLargeError } from '../errors.js';
import { cypher, type Params, type Row, type Statement } from './cypher.js';
import { StatementMerger } from './merged-statements.js';
import { type BatchedStatement, batchedStatement, batchKey, runBatch } from './request-batches.js';
import { SharedCommits, type SharedCommitsOptions } from './shared-commits.js';
import { VECTOR_SLOTS, type VectorSlot, vectorSlotParams } from './vector-slots.js';

export type { Params, Row, Statement };

/** Runs named Cypher files; the only door to Neo4j. Rows come back as plain JS (temporal values as ISO strings). */
export class Graph {
  constructor(
    readonly driver: Driver,
    readonly database: string,
    /** Told of every statement Neo4j failed, by kind (the metrics count them). */
    private readonly onError?: (kind: Neo4jErrorKind) => void,
  ) {}

  private slot: VectorSlot = VECTOR_SLOTS.a;
  private slotParams: Params = vectorSlotParams(VECTOR_SLOTS.a);

  /** The database's vector slot (graph/vector-slots.ts), given to every statement; a statement's own params win. */
  get vectorSlot(): VectorSlot {
    return this.slot;
  }

  /** Set from the database's record when the embedder is checked (graph/schema.ts), and when a re-embedding swaps. */
  useVectorSlot(slot: VectorSlot): void {
    this.slot = slot;
    this.slotParams = vectorSlotParams(slot);
  }

  private withSlot(params: Params): Params {
    return { ...this.slotParams, ...params };
  }

  /**
   * One statement, first in an auto-commit transaction: one message each way, where a managed transaction adds a
   * BEGIN and a COMMIT, each a write to the socket and a turn of the server's bolt thread (about half the cost of
   * a small read). Should that attempt meet a database that cannot serve, the read is retried as a managed
   * transaction, with the driver's retries (NEO4J_RETRY_SECONDS); a read writes nothing, so trying twice is safe.
   */
  async read<T = Row>(name: string, params: Params = {}): Promise<T[]> {
    const batched = batchedStatement(name);
    if (!batched) return this.readOne<T>(name, params);
    // A cycle of a scheduler tick sends its read with the same reads of the tick's other cycles (shareCommits).
    const sharing = SharedCommits.participantOf(this) as SharedCommits<GraphTx> | null;
    if (sharing) return sharing.read(name, params) as Promise<T[]>;
    const [rows] = await this.readBatch(batched, [params]);
    return rows as T[];
  }

  /** One run of a batched statement (graph/request-batches.ts) for several calls: each call's rows, in order. */
  private readBatch(statement: BatchedStatement, calls: readonly Params[]): Promise<Row[][]> {
    return runBatch(statement, calls, (params) => this.readOne(statement.name, params));
  }

  private async readOne<T>(name: string, params: Params): Promise<T[]> {
    const session = this.driver.session({ database: this.database, defaultAccessMode: neo4j.session.READ });
    try {
      const result = await withoutCallerStack(() => session.run(cypher(name), this.withSlot(params)));
      return result.records.map((record) => toPlain(record.toObject()) as T);
    } catch (error) {
      if (isOverMemoryLimit(error) || unavailableReason(error) === null) throw this.failed(error, name);
      return await this.readRetried<T>(name, params);
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  private async readRetried<T>(name: string, params: Params): Promise<T[]> {
    const session = this.driver.session({ database: this.database, defaultAccessMode: neo4j.session.READ });
    try {
      return await session.executeRead((tx) => runNamed<T>(tx, name, this.withSlot(params)));
    } catch (error) {
      throw this.failed(error, name);
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  async write<T = Row>(name: string, params: Params = {}): Promise<T[]> {
    return this.writeTx((tx) => tx.run<T>(name, params));
  }

  /**
   * Several named statements in one write transaction: all of them land, or none does. Retried on transient errors.
   * Inside a task joined to a sharing of this graph's writes (shareCommits), the transaction may be shared with other
   * tasks' and is committed with theirs; it is still committed, or failed, before the call returns. Its weight (how
   * much it writes: rows, links) bounds how many share one transaction (SharedCommitsOptions.maxWeight).
   */
  async writeTx<T>(work: (tx: GraphTx) => Promise<T>, options: { weight?: number } = {}): Promise<T> {
    const sharing = SharedCommits.participantOf(this) as SharedCommits<GraphTx> | null;
    return sharing ? sharing.enqueue(work, options.weight) : this.writeTxAlone(work);
  }

  /** Write transactions of the tasks that join it share commits (graph/shared-commits.ts). */
  shareCommits(options: SharedCommitsOptions): SharedCommits<GraphTx> {
    // A shared transaction merges its units' statements; a unit run alone after a failed one is a merge of one.
    return new SharedCommits<GraphTx>(this, (work) => this.writeTxAlone(work, { merge: true }), {
      reads: {
        key: (name, params) => batchKey(batchedStatement(name) as BatchedStatement, params),
        run: (name, calls) => this.readBatch(batchedStatement(name) as BatchedStatement, calls),
      },
      failsAlike: (error) => error instanceof DatabaseUnavailableError,
      ...options,
    });
  }

  private async writeTxAlone<T>(
    work: (tx: GraphTx) => Promise<T>,
    options: { merge?: boolean } = {},
  ): Promise<T> {
    const session = this.driver.session({ database: this.database, defaultAccessMode: neo4j.session.WRITE });
    let graphTx: GraphTx | null = null;
    try {
      return await session.executeWrite((tx) => {
        graphTx = new GraphTx(tx, this.slotParams, options);
        return work(graphTx);
      });
    } catch (error) {
      // A statement over the limit fails inside (runText names it); the commit can go over too, the pool's total
      // above all (transactions open beside it hold the rest): it is named by the statements it commits.
      const names = (graphTx as GraphTx | null)?.statementNames() ?? 'a write transaction';
      throw this.failed(error, `${names} (at commit)`);
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  /** Schema and SHOW commands cannot share a transaction with data, so each runs in an auto-commit transaction. */
  async autoCommit<T = Row>(statement: string, params: Params = {}): Promise<T[]> {
    const session = this.driver.session({ database: this.database });
    try {
      const result = await session.run(statement, this.withSlot(params));
      return result.records.map((record) => toPlain(record.toObject()) as T);
    } catch (error) {
      throw this.failed(error);
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  async verifyConnectivity(): Promise<void> {
    try {
      await this.driver.getServerInfo({ database: this.database });
    } catch (error) {
      throw this.failed(error);
    }
  }

  async close(): Promise<void> {
    await this.driver.close();
  }

  /**
   * The error callers see (see wrapDriverError), counted by kind when Neo4j raised it. Going over the transaction
   * memory limit becomes StatementTooLargeError, named by `statement`: Neo4j raises it as a TransientError, but it
   * is no sign of Neo4j being unavailable.
   */
  private failed(error: unknown, statement = 'a statement'): unknown {
    const wrapped = isOverMemoryLimit(error)
      ? new StatementTooLargeError(statement, { cause: error })
      : wrapDriverError(error);
    const kind = neo4jErrorKind(wrapped);
    if (kind) this.onError?.(kind);
    return wrapped;
  }
}

export type Neo4jErrorKind = 'unavailable' | 'memory_limit' | 'constraint' | 'client' | 'database' | 'other';

/**
 * What kind of failure Neo4j reported, from a small fixed set (a metric label); null for errors of Strata's own
 * thrown inside a transaction (a group deleted under a cycle, a lease lost), which are not Neo4j's.
 */
export function neo4jErrorKind(error: unknown): Neo4jErrorKind | null {
  if (error instanceof DatabaseUnavailableError) return 'unavailable';
  if (error instanceof StatementTooLargeError) return 'memory_limit';
  if (!(error instanceof Neo4jError)) return null;
  if (error.code === 'Neo.ClientError.Schema.ConstraintValidationFailed') return 'constraint';
  if (error.code.startsWith('Neo.ClientError.')) return 'client';
  if (error.code.startsWith('Neo.DatabaseError.')) return 'database';
  return 'other';
}

/**
 * The driver's ways of saying "Neo4j cannot serve now" become one DatabaseUnavailableError, so the API answers
 * 503 with Retry-After and callers test `instanceof` rather than codes. Everything else passes through as it is.
 */
export function wrapDriverError(error: unknown): unknown {
  const reason = unavailableReason(error);
  return reason ? new DatabaseUnavailableError(reason, { cause: error }) : error;
}

/** Why Neo4j could not serve, or null when the error is of another kind (a Cypher error, a constraint). */
export function unavailableReason(error: unknown): string | null {
  if (!(error instanceof Neo4jError)) return null;
  const code = error.code;
  if (code === neo4j.error.SERVICE_UNAVAILABLE) return 'the server cannot be reached';
  if (code === neo4j.error.SESSION_EXPIRED) return 'the connection was lost';
  if (code === 'Neo.TransientError.General.DatabaseUnavailable') return 'the database is not available';
  if (code.startsWith('Neo.TransientError.')) return `a transient failure persisted (${code})`;
  // The pool gives up waiting for a free connection with an error that has no code of its own.
  if (error.message.startsWith('Connection acquisition timed out')) return 'no connection free in time';
  return null;
}

export class GraphTx {
  /** Set in a transaction that several units share: their statements are merged (graph/merged-statements.ts). */
  private readonly merger: StatementMerger | null;
  /** The names of the statements run in it, to name the transaction by when its commit fails. */
  private readonly names = new Set<string>();

  constructor(
    private readonly tx: ManagedTransaction,
    private readonly slotParams: Params = {},
    options: { merge?: boolean } = {},
  ) {
    this.merger = options.merge
      ? new StatementMerger((statements) =>
          Promise.all(
            statements.map(({ name, params }) => runText(this.tx, name, { ...this.slotParams, ...params })),
          ),
        )
      : null;
  }

  async run<T = Row>(name: string, params: Params = {}): Promise<T[]> {
    const [rows] = await this.runAll([{ name, params }]);
    return rows as T[];
  }

  /** The statements run in this transaction so far, joined with ' + ' (null before any). */
  statementNames(): string | null {
    return this.names.size > 0 ? [...this.names].join(' + ') : null;
  }

  /**
   * Statements sent together, which the server runs one after another in order: one round trip for all of them
   * instead of one each. Only for statements that need nothing of each other's results. When one fails, those
   * after it do not run, and its error fails the transaction.
   */
  async runAll(statements: Statement[]): Promise<Row[][]> {
    for (const { name } of statements) this.names.add(name);
    if (this.merger) return this.merger.runAll(statements);
    return Promise.all(
      statements.map(({ name, params }) => runNamed<Row>(this.tx, name, { ...this.slotParams, ...params })),
    );
  }
}

/** One call of a named statement; one that serves many requests (graph/request-batches.ts) as a batch of one. */
async function runNamed<T>(tx: ManagedTransaction, name: string, params: Params): Promise<T[]> {
  const batched = batchedStatement(name);
  if (!batched) return (await runText(tx, name, params)) as T[];
  const [rows] = await runBatch(batched, [params], (batch) => runText(tx, name, batch));
  return rows as T[];
}

/** A named statement with its parameters as they are. */
async function runText(tx: ManagedTransaction, name: string, params: Params): Promise<Row[]> {
  try {
    const result = await tx.run(cypher(name), params);
    return result.records.map((record) => toPlain(record.toObject()) as Row);
  } catch (error) {
    // Thrown as our own error inside the transaction function, so the driver does not retry it: the memory-pool
    // error is a TransientError, and retrying the same statement for NEO4J_RETRY_SECONDS only fails again.
    if (isOverMemoryLimit(error)) throw new StatementTooLargeError(name, { cause: error });
    throw error;
  }
}

/**
 * Neo4j's answers to a transaction that needed more memory than it may have: the database-wide pool
 * (dbms.memory.transaction.total.max, a TransientError) or the limit of one transaction (db.memory.transaction.max).
 */
const OVER_MEMORY_LIMIT = new Set([
  'Neo.TransientError.General.MemoryPoolOutOfMemoryError',
  'Neo.ClientError.General.TransactionOutOfMemoryError',
  'Neo.TransientError.General.TransactionMemoryLimit',
]);

export function isOverMemoryLimit(error: unknown): boolean {
  return error instanceof Neo4jError && OVER_MEMORY_LIMIT.has(error.code);
}

/**
 * Neo4j values to plain JS: temporal values become ISO strings, nodes their properties, integers numbers. Lists and
 * maps that hold none of those are returned as they are, not copied: most rows are strings, numbers and lists of
 * them, and recall's rows are large enough for a copy of each to show in its CPU and garbage.
 */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  // Most values are strings and numbers: they need none of the driver's type tests below.
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) return plainList(value);
  // The driver decodes a map as a plain object and everything else as an instance of its own classes, so a plain
  // object needs none of the type tests below either.
  if (Object.getPrototypeOf(value) === Object.prototype) return plainMap(value as Record<string, unknown>);
  if (neo4j.isInt(value)) return (value as { toNumber(): number }).toNumber();
  if (
    neo4j.isDateTime(value) ||
    neo4j.isDate(value) ||
    neo4j.isLocalDateTime(value) ||
    neo4j.isTime(value) ||
    neo4j.isLocalTime(value) ||
    neo4j.isDuration(value)
  ) {
    return isoOf(value);
  }
  if (neo4j.isNode(value)) return toPlain((value as { properties: unknown }).properties);
  return plainMap(value as Record<string, unknown>);
}

/** The list itself when toPlain changes none of its items, else a copy with them changed. */
function plainList(list: unknown[]): unknown[] {
  let copy: unknown[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    const plain = toPlain(item);
    if (copy) copy.push(plain);
    else if (plain !== item) {
      copy = list.slice(0, i);
      copy.push(plain);
    }
  }
  return copy ?? list;
}

/** A plain object when toPlain changes none of its values (the map itself, if it is one), else a copy with them changed. */
function plainMap(map: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(map)) {
    const value = map[key];
    const plain = toPlain(value);
    if (plain === value) continue;
    copy ??= { ...map };
    copy[key] = plain;
  }
  if (copy) return copy;
  return Object.getPrototypeOf(map) === Object.prototype ? map : { ...map };
}

function isoOf(value: unknown): string {
  if (neo4j.isDateTime(value)) {
    // Instants are reported in UTC with millisecond precision, the form the API documents.
    return (value as { toStandardDate(): Date }).toStandardDate().toISOString();
  }
  return String(value);
}

/**
 * Calls `start` with V8 capturing no stack frames. The driver captures its caller's stack for every result it
 * makes, to put on the result's error should the query fail: 5 % of the app's CPU under bench:recall's load, for
 * a stack that would show Graph.read's synchronous callers. A failed read keeps Neo4j's code and message, and
 * the statement's name where Graph.failed adds it. Nothing else is made while `start` runs synchronously.
 */
function withoutCallerStack<T>(start: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return start();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
