import type { Row, Statement } from './cypher.js';
import {
  type BatchedStatement,
  batchedStatement,
  batchKey,
  batchParams,
  rowsByRequest,
} from './request-batches.js';

/** One statement as it goes to Neo4j: its parameters, and how its rows go back to the calls it serves. */
interface Outgoing {
  statement: Statement;
  deliver(rows: Row[]): void;
}

interface Call {
  statements: Statement[];
  rows: Row[][];
  resolve(rows: Row[][]): void;
  reject(error: unknown): void;
}

/**
 * The statements that the units of one shared transaction (graph/shared-commits.ts) send in the same turn of the
 * event loop, merged: calls that send the same sequence of statements, each statement batched
 * (graph/request-batches.ts) and with the same shared values, become one run of each statement for all of them.
 * The units are the writes of many groups' cycles (the summaries of a day, an era, a run record), all shaped alike,
 * so a transaction of 32 groups sends each statement once rather than 32 times.
 *
 * Each call's statements still run in its order: every statement at a position of the sequence is sent before any
 * at the next. A statement that serves one call at a time goes as it is, once for each call.
 */
export class StatementMerger {
  private pending: Call[] = [];

  constructor(
    /**
     * Sends statements together, in order, in the transaction: each one's rows. A batched statement's parameters
     * are already the batch's (`requests`), to be sent as they are.
     */
    private readonly send: (statements: Statement[]) => Promise<Row[][]>,
  ) {}

  runAll(statements: Statement[]): Promise<Row[][]> {
    return new Promise<Row[][]>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flush());
      this.pending.push({ statements, rows: [], resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const calls = this.pending.splice(0);
    const bySequence = new Map<string, Call[]>();
    for (const call of calls) {
      const sequence = call.statements.map(keyOf).join('\n\n');
      const alike = bySequence.get(sequence);
      if (alike) alike.push(call);
      else bySequence.set(sequence, [call]);
    }
    const outgoing: Outgoing[][] = [];
    for (const alike of bySequence.values()) {
      (alike[0] as Call).statements.forEach((first, position) => {
        outgoing[position] ??= [];
        (outgoing[position] as Outgoing[]).push(...merged(first, position, alike));
      });
    }
    const flat = outgoing.flat();
    try {
      const rows = await this.send(flat.map((o) => o.statement));
      for (const [i, o] of flat.entries()) o.deliver(rows[i] ?? []);
    } catch (error) {
      for (const call of calls) call.reject(error);
      return;
    }
    for (const call of calls) call.resolve(call.rows);
  }
}

function keyOf({ name, params }: Statement): string {
  const batched = batchedStatement(name);
  return batched ? batchKey(batched, params) : name;
}

/** The statement at one position of the calls' sequence: one run for all when it is batched, else one each. */
function merged(first: Statement, position: number, calls: Call[]): Outgoing[] {
  const batched: BatchedStatement | null = batchedStatement(first.name);
  if (!batched) {
    return calls.map((call) => ({
      statement: call.statements[position] as Statement,
      deliver: (rows) => {
        call.rows[position] = rows;
      },
    }));
  }
  const params = calls.map((call) => (call.statements[position] as Statement).params);
  return [
    {
      statement: { name: first.name, params: batchParams(batched, params) },
      deliver: (rows) => {
        rowsByRequest(rows, calls.length).forEach((own, i) => {
          (calls[i] as Call).rows[position] = own;
        });
      },
    },
  ];
}
