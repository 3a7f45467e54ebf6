/**
 * Recent results of work on a text, keyed by that text and bounded twice: by entries and by the characters of
 * the keys held. What is cached from a text (its tokens, its analysis, its phrase counts) grows with the text, so a
 * bound in entries alone is no bound in bytes: 16,384 short chat lines hold a few tens of MB, 16,384 memories of
 * 20,000 characters would hold gigabytes. Counting characters keeps the memory held in proportion to the bound.
 *
 * Entries leave oldest first. With `refreshOnHit`, a hit makes an entry the newest again (least recently used
 * leaves first); without it, the order is that of insertion.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  private heldChars = 0;

  constructor(private readonly limits: { maxEntries: number; maxChars: number; refreshOnHit?: boolean }) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && this.limits.refreshOnHit) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps the value unless its key alone is over the character bound; evicts the oldest until both bounds hold. */
  set(key: string, value: V): void {
    if (this.entries.has(key)) {
      this.entries.delete(key);
      this.heldChars -= key.length;
    }
    if (key.length > this.limits.maxChars) return;
    this.entries.set(key, value);
    this.heldChars += key.length;
    while (this.entries.size > this.limits.maxEntries || this.heldChars > this.limits.maxChars) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.heldChars -= oldest.length;
    }
  }

  /** Returns the cached value, or computes, keeps and returns it. */
  getOrSet(key: string, compute: (key: string) => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Characters of the keys held: the figure `maxChars` bounds. */
  get chars(): number {
    return this.heldChars;
  }
}
