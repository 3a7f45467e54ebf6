/** CSV as researchers' tools read it (pandas, R's read.csv): a header row, RFC 4180 quoting, \n line ends. */

/** A field with a comma, quote or line break is wrapped in quotes, inner quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Six decimals keep the file readable and are far finer than any weight or drift worth talking about. */
export function csvNumber(value: number | null): string {
  return value === null ? '' : String(Number(value.toFixed(6)));
}

/** The header and rows as one CSV text, final newline included. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}
