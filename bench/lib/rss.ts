/**
 * Peak resident memory of this process: sampled on an interval (what the heap and buffers held while the
 * benchmark ran) and the kernel's own high-water mark (resourceUsage().maxRSS, in kilobytes), which also
 * catches spikes between samples.
 */
export class RssSampler {
  private peak = process.memoryUsage().rss;
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = 50) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    // Sampling must never keep the process alive on its own.
    this.timer.unref();
  }

  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
  }

  stop(): { sampledPeakBytes: number; maxRssBytes: number } {
    clearInterval(this.timer);
    this.sample();
    return { sampledPeakBytes: this.peak, maxRssBytes: process.resourceUsage().maxRSS * 1024 };
  }
}
