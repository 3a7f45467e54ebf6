import type { Graph } from '../../src/graph/graph.js';
import { line, num, seconds } from './format.js';

/** What the server's CPU is read through: a Strata, or in a test a graph that answers bench/server-cpu. */
export interface ServerProbe {
  graph: Pick<Graph, 'read'>;
}

/** The Neo4j server process's CPU time so far, in milliseconds, from its JVM (cypher/bench/server-cpu.cypher). */
export async function serverCpuMs(strata: ServerProbe): Promise<number> {
  const [row] = await strata.graph.read<{ nanos: number }>('bench/server-cpu');
  return (row?.nanos ?? 0) / 1e6;
}

/** `work`, and the CPU it took this process (the app) and the Neo4j server, in milliseconds. */
export async function withCpu<T>(
  strata: ServerProbe,
  work: () => Promise<T>,
): Promise<{ result: T; appMs: number; serverMs: number }> {
  const appBefore = process.cpuUsage();
  const serverBefore = await serverCpuMs(strata);
  const result = await work();
  const app = process.cpuUsage(appBefore);
  const serverMs = (await serverCpuMs(strata)) - serverBefore;
  return { result, appMs: (app.user + app.system) / 1000, serverMs };
}

export interface ServerIdle {
  /** How long the wait took. */
  waitedMs: number;
  /** The server's CPU over the last window, as a share of one core. */
  busy: number;
  /** Whether that share fell to the threshold before the time limit. */
  idle: boolean;
}

/**
 * Waits until the Neo4j server is idle: its CPU over one window at most `busyAtMost` of a core, or `limitMs` spent.
 * After a bulk load or a restart the server works on in the background (index updates, checkpoints, and its JIT
 * compiling the code of new plans, which held a core for minutes on a 2-core machine), and a benchmark started
 * then measures that as much as itself. An idle server uses 3-12 % of a core on the machine this was tuned on.
 */
export async function awaitIdleServer(
  strata: ServerProbe,
  { busyAtMost = 0.15, windowMs = 1000, limitMs = 60_000 } = {},
): Promise<ServerIdle> {
  const started = performance.now();
  for (;;) {
    const cpuBefore = await serverCpuMs(strata);
    const windowStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const busy = ((await serverCpuMs(strata)) - cpuBefore) / (performance.now() - windowStart);
    const waitedMs = performance.now() - started;
    if (busy <= busyAtMost || waitedMs >= limitMs) return { waitedMs, busy, idle: busy <= busyAtMost };
  }
}

/** awaitIdleServer, and a line saying what it found: `before` names the phase that waited ("before the load"). */
export async function awaitIdleServerLine(strata: ServerProbe, before: string): Promise<ServerIdle> {
  const found = await awaitIdleServer(strata);
  line(
    `server idle ${before}`,
    found.idle ? 'yes' : 'NO',
    `${num(found.busy * 100)} % of a core over the last second, after ${seconds(found.waitedMs)}${
      found.idle ? '' : ': still busy at the time limit, so the figures below may be low'
    }`,
  );
  return found;
}
