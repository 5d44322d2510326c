/**
 * Runs `worker` over `items` with at most `concurrency` at once, in order of start. Once
 * `shouldStop` says so, no new item is started; the ones running finish.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T) => Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length && !shouldStop()) {
      const item = items[next] as T;
      next += 1;
      await worker(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}
