import { constants, PerformanceObserver } from 'node:perf_hooks';

/**
 * Loaded into the soak's app process (`node --import tsx --import ./bench/lib/memory-probe.ts src/main.ts`): every
 * 5 s it sends the parent, over the IPC channel, the process's memory and the heap in use just after the latest
 * major (mark-compact) GC. That figure is what the program still holds; the heap V8 has reserved around it (and so
 * RSS) also grows and shrinks with the rate of allocation. It forces no GC and changes nothing else in the app.
 */

export interface MemorySample {
  rssBytes: number;
  heapTotalBytes: number;
  /** heapUsed read right after the latest major GC; null until one has run. */
  heapAfterMajorGcBytes: number | null;
  majorGcs: number;
}

let heapAfterMajorGcBytes: number | null = null;
let majorGcs = 0;

if (process.send) {
  const observer = new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .some(
        (e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (major) {
      majorGcs++;
      heapAfterMajorGcBytes = process.memoryUsage().heapUsed;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    const sample: MemorySample = {
      rssBytes: usage.rss,
      heapTotalBytes: usage.heapTotal,
      heapAfterMajorGcBytes,
      majorGcs,
    };
    process.send?.({ memorySample: sample });
  }, 5000);
  // Neither the timer nor the channel may keep the app alive.
  timer.unref();
  process.channel?.unref();
}
