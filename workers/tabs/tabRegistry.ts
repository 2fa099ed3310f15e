// Tab liveness with Web Locks (no pings: background timers are throttled). Each tab holds a unique
// lock for its whole life; the worker queues a request for the same lock and is granted it only
// when the tab is gone, then releases that tab's subscription and views.
import type { TabLiveness } from "./createTabMessenger";

/** The part of `navigator.locks` used here (the worker's, or a test double). */
export interface LockManagerLike {
  request(
    name: string,
    options: {
      readonly signal?: AbortSignal;
      readonly mode?: "exclusive" | "shared";
      readonly ifAvailable?: boolean;
    },
    callback: (lock: unknown) => unknown,
  ): Promise<unknown>;
}

/**
 * Liveness on `locks`. Without a LockManager (very old browsers) tabs are only forgotten when they
 * detach on `pagehide` or their port closes.
 * NOTE: the tab must hold its lock BEFORE it attaches, or the worker would be granted it at once.
 */
export function createTabRegistry(
  locks: LockManagerLike | undefined,
): TabLiveness & {
  /** Tabs being watched (diagnostics and tests). */
  readonly watched: () => string[];
} {
  const watchers = new Map<string, AbortController>();
  return {
    watch(tabId, lockName, gone) {
      watchers.get(tabId)?.abort();
      if (locks === undefined) return;
      const controller = new AbortController();
      watchers.set(tabId, controller);
      locks
        .request(lockName, { signal: controller.signal }, () => {
          if (watchers.get(tabId) !== controller) return;
          watchers.delete(tabId);
          gone();
        })
        .catch(() => {
          // NOTE: AbortError after unwatch: the tab detached itself.
        });
    },
    unwatch(tabId) {
      watchers.get(tabId)?.abort();
      watchers.delete(tabId);
    },
    watched: () => [...watchers.keys()],
  };
}
