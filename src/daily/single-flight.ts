/**
 * Joins concurrent calls with the same key to one running promise, so a burst of first requests for an
 * ungenerated date costs one generation per isolate instead of one per request. Correctness never depends
 * on it: other isolates may still generate the same rows, and inserts ignore duplicates.
 */
export function singleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, run) => {
    const existing = running.get(key);
    if (existing) return existing;
    const promise = run().finally(() => running.delete(key));
    running.set(key, promise);
    return promise;
  };
}
