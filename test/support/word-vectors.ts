/** A file in the word-vector package's format: values, then the vector's length, then the word's rank. */
export function winkJson(entries: [string, number[]][]): string {
  const dimensions = entries[0]?.[1].length ?? 0;
  const vectors = Object.fromEntries(
    entries.map(([word, values], rank) => [word, [...values, Math.hypot(...values), rank]]),
  );
  return JSON.stringify({
    precision: 8,
    l2NormIndex: dimensions,
    wordIndex: dimensions + 1,
    size: entries.length,
    dimensions,
    words: entries.map(([word]) => word),
    vectors,
    unkVector: [...Array(dimensions).fill(0.5), 1, -1],
  });
}
