/** Figures printed the same way by every benchmark: one `label: value` line each, targets alongside. */

export function num(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function mb(bytes: number): string {
  return `${num(bytes / 1024 / 1024, 1)} MB`;
}

export function seconds(ms: number): string {
  return `${num(ms / 1000, 2)} s`;
}

/** "met" / "NOT met" next to a figure that has a target; a run that was cut short says so instead. */
export function verdict(ok: boolean): string {
  return ok ? 'met' : 'NOT met';
}

export function line(label: string, value: string, note?: string): void {
  console.log(`${`${label}:`.padEnd(34)} ${value}${note ? `   (${note})` : ''}`);
}

export function heading(text: string): void {
  console.log(`\n== ${text}`);
}

/** A plain text table, columns padded to the widest cell; the first column left-aligned, the rest right. */
export function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const render = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ');
  console.log(render(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(render(row));
}

/** Percentile of a sorted array (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
