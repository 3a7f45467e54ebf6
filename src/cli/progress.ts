/** What the reporter needs from a stream; process.stderr fits, and so does a small fake in tests. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string): unknown;
}

export interface ProgressOptions {
  /** Known amount of work; without it the bar shows a count and a rate only. */
  total?: number;
  /** Defaults to process.stderr, so progress never mixes with data written to stdout. */
  stream?: ProgressStream;
  /** Clock in milliseconds; tests pass a fake one. */
  now?: () => number;
  /** Least time between redraws on a terminal (default 100 ms, about 10 a second). */
  ttyIntervalMs?: number;
  /** Least time between plain lines in logs and pipes (default 5 s). */
  plainIntervalMs?: number;
}

export interface Progress {
  update(done: number, extra?: string): void;
  done(summary?: string): void;
}

const BAR_WIDTH = 24;

/**
 * A dependency-free reporter for long imports and cycles. On a terminal it redraws one bar line in
 * place; elsewhere (CI logs, pipes) it writes a plain line now and then, since carriage returns would
 * pile up there as noise.
 */
export function createProgress(label: string, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const tty = stream.isTTY === true;
  const interval = tty ? (options.ttyIntervalMs ?? 100) : (options.plainIntervalMs ?? 5000);
  const total = options.total !== undefined && options.total > 0 ? options.total : undefined;
  const started = now();
  // Plain output waits a full interval before its first line, so short runs print only the summary.
  let lastDraw = tty ? Number.NEGATIVE_INFINITY : started;
  let latest = 0;
  let finished = false;

  const describe = (done: number, extra?: string): string => {
    const elapsedS = Math.max((now() - started) / 1000, 1e-3);
    const rate = done / elapsedS;
    const parts = [label];
    if (total !== undefined) {
      const fraction = Math.min(done / total, 1);
      if (tty) parts.push(bar(fraction));
      parts.push(`${Math.floor(fraction * 100)}%`, `${done}/${total}`);
    } else {
      parts.push(String(done));
    }
    parts.push(`${formatRate(rate)}/s`);
    if (total !== undefined && done < total && rate > 0) {
      parts.push(`ETA ${formatDuration((total - done) / rate)}`);
    }
    if (extra) parts.push(extra);
    return parts.join(' ');
  };

  const fitWidth = (line: string): string => {
    // A line wider than the terminal wraps, and \r would then redraw only its last row.
    const width = stream.columns;
    return width && line.length >= width ? line.slice(0, Math.max(width - 1, 0)) : line;
  };

  return {
    update(done, extra) {
      if (finished) return;
      latest = done;
      const t = now();
      const complete = total !== undefined && done >= total;
      if (t - lastDraw < interval && !(tty && complete)) return;
      lastDraw = t;
      if (tty) stream.write(`\r${fitWidth(describe(done, extra))}\x1b[K`);
      else stream.write(`${describe(done, extra)}\n`);
    },
    done(summary) {
      if (finished) return;
      finished = true;
      const elapsedS = (now() - started) / 1000;
      const count = total !== undefined ? `${latest}/${total}` : String(latest);
      const what = summary ?? `${count} done`;
      const line = `${label}: ${what} in ${formatDuration(elapsedS)} (${formatRate(latest / Math.max(elapsedS, 1e-3))}/s)`;
      stream.write(tty ? `\r${fitWidth(line)}\x1b[K\n` : `${line}\n`);
    },
  };
}

function bar(fraction: number): string {
  const filled = Math.round(fraction * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}

/** "0.4", "12", "1.2k" per second. */
export function formatRate(perSecond: number): string {
  if (perSecond < 10) return perSecond.toFixed(1);
  if (perSecond < 10_000) return String(Math.round(perSecond));
  return `${(perSecond / 1000).toFixed(1)}k`;
}

/** "4.2s" under a minute, then "3:07" or "1:02:03". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
