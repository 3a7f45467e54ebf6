/**
 * The first `k` of the items offered, in `order`: what sorting them all and taking k gives, for a total order,
 * at the cost of one comparison for most items when k is small beside their number.
 */
export class FirstK<T> {
  private readonly kept: T[] = [];

  constructor(
    private readonly k: number,
    private readonly order: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const { kept, k, order } = this;
    if (k === 0) return;
    if (kept.length === k && order(item, kept[k - 1] as T) >= 0) return;
    let at = kept.length === k ? k - 1 : kept.length;
    while (at > 0 && order(item, kept[at - 1] as T) < 0) {
      kept[at] = kept[at - 1] as T;
      at--;
    }
    kept[at] = item;
  }

  items(): T[] {
    return [...this.kept];
  }
}
