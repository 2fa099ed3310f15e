// Coalesces concurrent lookups by key into few queries: while one query runs, the keys asked for
// meanwhile wait and go together in the next (at most `maxBatch` keys each). A lone call costs one
// query, as before; a burst of N calls costs about N / maxBatch queries instead of N. Written for
// the IM gateway's CONNECT check, where a reconnect storm of 10,000 clients otherwise queued 10,000
// single-row queries on the embedded database's one connection (#20).
//
// NOTE: not DataLoader: it batches the calls of one tick, but a storm's CONNECT frames arrive one
// socket event (one tick) at a time, so its batches stay at one key while queries pile up; here a
// batch is whatever arrived while the previous query ran.

/** Looks up many keys at once; a key missing from the map has no value. */
export type BatchFetch<K, V> = (keys: readonly K[]) => Promise<Map<K, V>>;

interface Waiting<K, V> {
  key: K;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/** A lookup of one key that shares its query with the calls around it. */
export function batchedLookup<K, V>(
  fetch: BatchFetch<K, V>,
  maxBatch = 500,
): (key: K) => Promise<V | undefined> {
  const queue: Waiting<K, V>[] = [];
  let running = false;

  const drain = async () => {
    running = true;
    try {
      while (queue.length > 0) {
        // NOTE: one microtask first, so that calls made in the same turn join this batch.
        await Promise.resolve();
        const batch = queue.splice(0, maxBatch);
        try {
          const found = await fetch([...new Set(batch.map((w) => w.key))]);
          for (const waiting of batch) waiting.resolve(found.get(waiting.key));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      running = false;
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (!running) void drain();
    });
}
