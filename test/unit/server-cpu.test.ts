import { describe, expect, it } from 'vitest';
import { awaitIdleServer, type ServerProbe, withCpu } from '../../bench/lib/server-cpu.js';

/**
 * A server whose CPU time grows by `busy[i]` of the elapsed time in window i (the last share holds after the list
 * ends), read as bench/server-cpu answers it: nanoseconds so far.
 */
function scriptedServer(busy: number[]): ServerProbe & { reads: number } {
  let nanos = 0;
  let windowStart = performance.now();
  let window = 0;
  const probe = {
    reads: 0,
    graph: {
      read: async <T>(name: string) => {
        expect(name).toBe('bench/server-cpu');
        probe.reads++;
        // Every second read closes a window: the wait reads once before and once after each.
        if (probe.reads % 2 === 0) {
          const share = busy[Math.min(window, busy.length - 1)] as number;
          nanos += share * (performance.now() - windowStart) * 1e6;
          window++;
        } else {
          windowStart = performance.now();
        }
        return [{ nanos } as T];
      },
    },
  };
  return probe;
}

describe('awaitIdleServer (bench)', () => {
  it('waits out the busy windows and returns at the first idle one', async () => {
    const server = scriptedServer([0.9, 0.6, 0.05]);
    const found = await awaitIdleServer(server, { windowMs: 5, limitMs: 10_000 });
    expect(found.idle).toBe(true);
    expect(found.busy).toBeLessThanOrEqual(0.15);
    expect(server.reads).toBe(6);
  });

  it('gives up at the time limit and says the server is still busy', async () => {
    const server = scriptedServer([1]);
    const found = await awaitIdleServer(server, { windowMs: 5, limitMs: 30 });
    expect(found.idle).toBe(false);
    expect(found.busy).toBeGreaterThan(0.5);
    expect(found.waitedMs).toBeGreaterThanOrEqual(30);
  });
});

describe('withCpu (bench)', () => {
  it("returns the work's result with the server's CPU over it and this process's", async () => {
    const readings = [1_000_000, 251_000_000];
    const server: ServerProbe = {
      graph: { read: async <T>() => [{ nanos: readings.shift() } as T] },
    };
    const spin = async () => {
      const until = performance.now() + 20;
      while (performance.now() < until);
      return 'done';
    };
    const measured = await withCpu(server, spin);
    expect(measured.result).toBe('done');
    expect(measured.serverMs).toBe(250);
    expect(measured.appMs).toBeGreaterThan(10);
  });
});
