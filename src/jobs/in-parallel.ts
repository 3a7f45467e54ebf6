/**
 * Runs `work` over `items`, at most `concurrency` at a time, each worker taking the next item when it is free. After
 * a failure no item is started; the call rejects with the first failure once the work under way has ended, so
 * nothing goes on unseen behind it.
 */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  let failed = false;
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined && !failed; item = queue.shift()) {
      await work(item).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, worker);
  const failure = (await Promise.allSettled(workers)).find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}
