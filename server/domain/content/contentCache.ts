// Public content answers kept in memory for a moment (#20): the home page and a product page are
// the same for every visitor of a locale, and each costs several queries (the home page three,
// a product four) on a database that answers one query at a time when embedded; under load nearly
// every answer now comes from here. Freshness:
// - this server's own writes to that content (an admin saving, hiding or showing a product) clear
//   it at once;
// - anything else shows within CONTENT_CACHE_TTL_MS: another app server's writes (scale-out
//   servers share one PostgreSQL), and a product's `supporters`, which follows order payments.
// Concurrent misses share one load; a failed load (a 404 included) is not kept, so the cache holds
// only answers for content that exists, at most one per page and locale. Pure: no I/O.

/** How long a kept answer is served before it is loaded again. */
export const CONTENT_CACHE_TTL_MS = 1_000;

export interface ContentCache {
  /** The kept answer for `key` if it is younger than the TTL, else `load()`'s, then kept. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every kept answer (after a write to public content). */
  clear(): void;
}

export function createContentCache(
  ttlMs: number = CONTENT_CACHE_TTL_MS,
  now: () => number = Date.now,
): ContentCache {
  const kept = new Map<string, { at: number; answer: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = kept.get(key);
      if (entry !== undefined && now() - entry.at < ttlMs)
        return entry.answer as Promise<T>;
      const answer = load();
      const fresh = { at: now(), answer };
      kept.set(key, fresh);
      // NOTE: only this load's own entry is dropped: a clear() or a newer load may have replaced it.
      answer.catch(() => {
        if (kept.get(key) === fresh) kept.delete(key);
      });
      return answer;
    },
    clear() {
      kept.clear();
    },
  };
}

const byDatabase = new WeakMap<object, ContentCache>();

/** The content cache of the server that owns `db` (one per database handle, so per server). */
export function contentCacheOf(db: object): ContentCache {
  let cache = byDatabase.get(db);
  if (cache === undefined) {
    cache = createContentCache();
    byDatabase.set(db, cache);
  }
  return cache;
}
