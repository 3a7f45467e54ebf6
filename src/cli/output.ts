import type { OutStream } from './command.js';

/** The one JSON document a `--json` run prints: pretty, so it is also readable, and newline-terminated. */
export function printJson(out: OutStream, value: unknown): void {
  out.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Width to fit tables into: the terminal's, or a roomy default in pipes and files so lines stay readable. */
export function tableWidth(out: OutStream): number {
  return out.isTTY && out.columns ? out.columns : 120;
}

/** "2024-05-06T19:02:11.000Z" -> "2024-05-06 19:02"; anything else is shown as it is. */
export function formatInstant(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]}` : iso;
}

/** A period as "start..end", or one date when both are the same day. */
export function formatRange(start: string, end: string): string {
  return start === end ? start : `${start}..${end}`;
}

export function fixed(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined ? '' : value.toFixed(digits);
}

/** "12 memories", "1 memory": counts read as sentences in summaries under tables. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
