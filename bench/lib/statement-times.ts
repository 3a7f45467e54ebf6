import type { Graph, GraphTx, Statement } from '../../src/graph/graph.js';

/** One statement's calls and time; a write transaction is named by the statements in it, joined with ' + '. */
export interface StatementTime {
  name: string;
  calls: number;
  ms: number;
}

/**
 * Times every statement the graph runs while started, by name: where a round of cycles spends its round trips.
 * It wraps this Graph instance's read and writeTx (write goes through writeTx), which every repository of the
 * same Strata calls; a time includes waiting for a connection and, for a write, the commit.
 */
export function statementTimes(graph: Graph): { start(): void; stop(): StatementTime[] } {
  const times = new Map<string, StatementTime>();
  let timing = false;
  const note = (name: string, started: number) => {
    if (!timing) return;
    const time = times.get(name) ?? { name, calls: 0, ms: 0 };
    time.calls++;
    time.ms += performance.now() - started;
    times.set(name, time);
  };
  const read = graph.read.bind(graph);
  graph.read = (async (name: string, params?: Record<string, unknown>) => {
    const started = performance.now();
    try {
      return await read(name, params);
    } finally {
      note(`read ${name}`, started);
    }
  }) as Graph['read'];
  const writeTx = graph.writeTx.bind(graph);
  graph.writeTx = (async (work: (tx: GraphTx) => Promise<unknown>) => {
    const names: string[] = [];
    const started = performance.now();
    try {
      return await writeTx((tx) => {
        const naming = {
          run: (name: string, params?: Record<string, unknown>) => {
            names.push(name);
            return tx.run(name, params);
          },
          runAll: (statements: Statement[]) => {
            names.push(...statements.map((s) => s.name));
            return tx.runAll(statements);
          },
        };
        return work(naming as GraphTx);
      });
    } finally {
      note(`write ${[...new Set(names)].join(' + ')}`, started);
    }
  }) as Graph['writeTx'];
  return {
    start() {
      times.clear();
      timing = true;
    },
    stop() {
      timing = false;
      return [...times.values()].sort((a, b) => b.ms - a.ms);
    },
  };
}
