/**
 * Consecutive slices of `items`, in order, each of at most `maxCount` items whose weights sum to at most
 * `maxWeight`; an item heavier than that on its own gets a slice to itself (it cannot be split). Bounds the size of
 * one transaction when many small periods, or a few large ones, are written together.
 */
export function boundedBatches<T>(
  items: readonly T[],
  maxCount: number,
  maxWeight = Number.POSITIVE_INFINITY,
  weightOf: (item: T) => number = () => 1,
): T[][] {
  if (!Number.isInteger(maxCount) || maxCount < 1)
    throw new RangeError(`maxCount must be >= 1, got ${maxCount}`);
  const batches: T[][] = [];
  let current: T[] = [];
  let weight = 0;
  for (const item of items) {
    const w = weightOf(item);
    if (current.length > 0 && (current.length >= maxCount || weight + w > maxWeight)) {
      batches.push(current);
      current = [];
      weight = 0;
    }
    current.push(item);
    weight += w;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
