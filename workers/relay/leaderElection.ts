// Leader election for the dedicated-worker fallback: every tab's worker asks for one Web Lock; the
// holder leads until its tab (and so its worker) dies, when the browser grants the lock to the next.
import type { LockManagerLike } from "../tabs/tabRegistry";

/**
 * Queues for the leader lock `name`; `onLeader` runs once when this worker gets it. The lock is held
 * until `resign()` (or until the worker dies).
 */
export function electLeader(
  locks: LockManagerLike,
  name: string,
  onLeader: () => void,
): { resign(): void } {
  const controller = new AbortController();
  locks
    .request(name, { signal: controller.signal }, () => {
      onLeader();
      return new Promise<void>((resolve) => {
        controller.signal.addEventListener("abort", () => {
          resolve();
        });
      });
    })
    .catch(() => {
      // NOTE: AbortError when resigning before being elected.
    });
  return {
    resign: () => {
      controller.abort();
    },
  };
}
