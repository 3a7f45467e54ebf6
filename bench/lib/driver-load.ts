import { percentile } from './format.js';

export interface DriverLoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  total: number;
  errors: number;
}

/**
 * `connections` loops, each calling `call` with a running request number and awaiting it, for `seconds`:
 * the same shape of load autocannon puts on the HTTP API, for a floor measured through the driver alone.
 */
export async function driverLoad(
  call: (n: number) => Promise<unknown>,
  connections: number,
  seconds: number,
): Promise<DriverLoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const endAt = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < endAt) {
      const t = performance.now();
      try {
        await call(next++);
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requestsPerSecond: latencies.length / elapsed,
    total: latencies.length + errors,
    errors,
  };
}
