/**
 * The items of `source`, taken from it once, as often as the result is iterated (one iteration at a time): a
 * transaction function that the driver runs again after a transient failure sees the same items again, where a
 * generator would have nothing left to give.
 */
export function replayable<T>(source: AsyncIterable<T>): AsyncIterable<T> {
  const taken: T[] = [];
  const iterator = source[Symbol.asyncIterator]();
  let end: { failure: unknown } | 'done' | null = null;
  return {
    async *[Symbol.asyncIterator]() {
      for (let i = 0; ; i++) {
        if (i >= taken.length) {
          // A source that failed fails every iteration at the same place: none ends early as if it were complete.
          if (end === 'done') return;
          if (end) throw end.failure;
          try {
            const next = await iterator.next();
            if (next.done) {
              end = 'done';
              return;
            }
            taken.push(next.value);
          } catch (failure) {
            end = { failure };
            throw failure;
          }
        }
        yield taken[i] as T;
      }
    },
  };
}
