/** Plain-text tables for terminals: aligned columns, one flexible column that gives way when space runs out. */

export interface Column {
  header: string;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
  /** Cells longer than this are cut with an ellipsis. */
  max?: number;
  /** The column that shrinks (down to `min`) when the table is wider than the terminal; at most one. */
  flex?: boolean;
  /** Least width of a flex column (default 12). */
  min?: number;
}

export interface TableLayout {
  header: string;
  rule: string;
  /** One line per row, in row order. */
  rows: string[];
  /** Where each column starts, so callers can indent lines under a cell. */
  starts: number[];
  widths: number[];
}

const GAP = 2;
const ELLIPSIS = '…';

/** Cuts text to `width` characters, ending with an ellipsis when anything was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text;
  return width === 1 ? ELLIPSIS : `${text.slice(0, width - 1).trimEnd()}${ELLIPSIS}`;
}

/** One line per cell: newlines and runs of spaces would break the grid. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Lays out `rows` under `columns`; `width` is the terminal width (no limit when absent). */
export function layoutTable(columns: Column[], rows: string[][], width?: number): TableLayout {
  const cells = rows.map((row) => columns.map((c, i) => truncate(oneLine(row[i] ?? ''), c.max ?? Infinity)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i].length)));

  const flex = columns.findIndex((c) => c.flex);
  if (width !== undefined && flex >= 0) {
    const total = widths.reduce((a, b) => a + b, 0) + GAP * (columns.length - 1);
    const over = total - width;
    if (over > 0) {
      const least = Math.max(columns[flex].min ?? 12, Math.min(columns[flex].header.length, widths[flex]));
      widths[flex] = Math.max(least, widths[flex] - over);
    }
  }

  const starts: number[] = [];
  let at = 0;
  for (const w of widths) {
    starts.push(at);
    at += w + GAP;
  }
  const line = (values: string[]) =>
    values
      .map((v, i) => {
        const text = truncate(v, widths[i]);
        return columns[i].align === 'right' ? text.padStart(widths[i]) : text.padEnd(widths[i]);
      })
      .join(' '.repeat(GAP))
      .trimEnd();

  return {
    header: line(columns.map((c) => c.header)),
    rule: widths
      .map((w) => '-'.repeat(w))
      .join(' '.repeat(GAP))
      .trimEnd(),
    rows: cells.map(line),
    starts,
    widths,
  };
}

/** The whole table as text: header, rule, rows, each line ending in a newline. */
export function formatTable(columns: Column[], rows: string[][], width?: number): string {
  const t = layoutTable(columns, rows, width);
  return `${[t.header, t.rule, ...t.rows].join('\n')}\n`;
}
