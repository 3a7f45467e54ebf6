import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration, formatRate } from '../../src/cli/progress.js';

function fakeStream(isTTY: boolean, columns?: number) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, columns, write: (s: string) => chunks.push(s) } };
}

function fakeClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createProgress on a terminal', () => {
  it('redraws one line with bar, percentage, count, rate and ETA', () => {
    const { chunks, stream } = fakeStream(true);
    const clock = fakeClock();
    const p = createProgress('import', { total: 1000, stream, now: clock.now });
    clock.advance(2000);
    p.update(250, 'batch 3');
    expect(chunks).toHaveLength(1);
    const line = chunks[0];
    expect(line.startsWith('\r')).toBe(true);
    expect(line.endsWith('\x1b[K')).toBe(true);
    expect(line).not.toContain('\n');
    expect(line).toContain('[######------------------]');
    expect(line).toContain('25%');
    expect(line).toContain('250/1000');
    expect(line).toContain('125/s');
    expect(line).toContain('ETA 6.0s');
    expect(line).toContain('batch 3');
  });

  it('draws at most about ten times a second, but always the final count', () => {
    const { chunks, stream } = fakeStream(true);
    const clock = fakeClock();
    const p = createProgress('import', { total: 100, stream, now: clock.now });
    for (let i = 1; i <= 99; i++) {
      clock.advance(10);
      p.update(i);
    }
    // 990 ms of updates every 10 ms: one draw per 100 ms.
    expect(chunks.length).toBe(10);
    clock.advance(1);
    p.update(100);
    expect(chunks.at(-1)).toContain('100%');
    expect(chunks.length).toBe(11);
  });

  it('ends with a summary line and a newline, then ignores late updates', () => {
    const { chunks, stream } = fakeStream(true);
    const clock = fakeClock();
    const p = createProgress('cycle', { stream, now: clock.now });
    p.update(40);
    clock.advance(4000);
    p.update(80);
    p.done('80 summaries');
    p.update(90);
    p.done();
    expect(chunks.at(-1)).toBe('\rcycle: 80 summaries in 4.0s (20/s)\x1b[K\n');
    expect(chunks.filter((c) => c.includes('\n'))).toHaveLength(1);
    // Without a total there is no bar or ETA, just the count and the rate.
    expect(chunks[1]).toContain('cycle 80 20/s');
    expect(chunks[1]).not.toContain('ETA');
  });

  it('cuts lines to the terminal width so the redraw stays on one row', () => {
    const { chunks, stream } = fakeStream(true, 30);
    const p = createProgress('a rather long label for an import', {
      total: 10,
      stream,
      now: fakeClock().now,
    });
    p.update(5, 'and some extra words');
    expect(chunks[0]).toBe(`\r${'a rather long label for an import'.slice(0, 29)}\x1b[K`);
  });
});

describe('createProgress in a pipe or CI log', () => {
  it('writes plain lines at most every five seconds and a final summary', () => {
    const { chunks, stream } = fakeStream(false);
    const clock = fakeClock();
    const p = createProgress('import', { total: 600, stream, now: clock.now });
    for (let i = 1; i <= 600; i++) {
      clock.advance(20); // 12 s in all
      p.update(i);
    }
    p.done();
    expect(chunks.every((c) => c.endsWith('\n') && !c.includes('\r') && !c.includes('\x1b'))).toBe(true);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toBe('import 41% 250/600 50/s ETA 7.0s\n');
    expect(chunks[1]).toBe('import 83% 500/600 50/s ETA 2.0s\n');
    expect(chunks[2]).toBe('import: 600/600 done in 12.0s (50/s)\n');
  });

  it('prints only the summary for a short run', () => {
    const { chunks, stream } = fakeStream(false);
    const clock = fakeClock();
    const p = createProgress('seed', { total: 10, stream, now: clock.now });
    for (let i = 1; i <= 10; i++) {
      clock.advance(100);
      p.update(i);
    }
    p.done('10 memories');
    expect(chunks).toEqual(['seed: 10 memories in 1.0s (10/s)\n']);
  });
});

describe('formatting', () => {
  it('formats rates and durations compactly', () => {
    expect(formatRate(0.25)).toBe('0.3');
    expect(formatRate(42.4)).toBe('42');
    expect(formatRate(15_300)).toBe('15.3k');
    expect(formatDuration(4.24)).toBe('4.2s');
    expect(formatDuration(187)).toBe('3:07');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('?');
  });
});
