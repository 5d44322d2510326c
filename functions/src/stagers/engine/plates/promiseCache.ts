/**
 * Remembers the `capacity` most recently used results of `load`, as promises, so concurrent
 * callers asking for the same key share one load. A failed load is forgotten, so the next caller
 * tries again rather than inheriting the failure.
 */
export function createPromiseCache<T>(
  capacity: number,
  load: (key: string) => Promise<T>,
): (key: string) => Promise<T> {
  // A Map iterates in insertion order, so re-inserting on every use keeps the least recently used first.
  const entries = new Map<string, Promise<T>>();
  const start = (key: string) => {
    const loading = load(key);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    return loading;
  };
  return (key) => {
    const entry = entries.get(key) ?? start(key);
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    return entry;
  };
}
