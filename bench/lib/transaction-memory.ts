import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cypher, cypherDir } from '../../src/graph/cypher.js';
import type { Graph } from '../../src/graph/graph.js';

/** A statement's peak transaction memory over a sampled stretch, and how many samples caught it running. */
export interface StatementMemory {
  name: string;
  peakBytes: number;
  samples: number;
}

/**
 * Samples SHOW TRANSACTIONS every `intervalMs` while started and keeps, per statement (named by its cypher/ file),
 * the largest heap Neo4j estimated for the transaction running it: what a statement needs of
 * dbms.memory.transaction.total.max. A sample sees a statement only while it runs, so short ones may be missed,
 * and a write transaction's memory is charged to the statement it is running at the time.
 */
export function transactionMemory(graph: Graph, intervalMs = 100) {
  const names = statementNames();
  const peaks = new Map<string, StatementMemory>();
  let running: Promise<void> | null = null;
  let sampling = false;
  const sampleOnce = async () => {
    const rows = await graph.autoCommit<{ query: string | null; bytes: number | null }>(
      cypher('bench/transaction-memory'),
    );
    for (const { query, bytes } of rows) {
      if (!query || bytes === null) continue;
      const name = names.get(query.trim());
      if (!name || name === 'bench/transaction-memory') continue;
      const peak = peaks.get(name) ?? { name, peakBytes: 0, samples: 0 };
      peak.peakBytes = Math.max(peak.peakBytes, bytes);
      peak.samples++;
      peaks.set(name, peak);
    }
  };
  const loop = async () => {
    while (sampling) {
      await sampleOnce().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  };
  return {
    start() {
      peaks.clear();
      sampling = true;
      running = loop();
    },
    async stop(): Promise<StatementMemory[]> {
      sampling = false;
      await running;
      return [...peaks.values()].sort((a, b) => b.peakBytes - a.peakBytes);
    },
  };
}

/** Every statement's text as Strata sends it, to its name. */
function statementNames(): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.cypher')) {
        const name = relative(cypherDir, path).replace(/\.cypher$/, '');
        names.set(cypher(name), name);
      }
    }
  };
  walk(cypherDir);
  return names;
}
