// An in-memory Web Locks manager (exclusive locks, FIFO per name, AbortSignal support) shared by
// the "tabs" and "workers" of a test, so tab death and leader hand-over can be driven by hand.
import type { LockManagerLike } from "../../../workers/tabs/tabRegistry";

interface Waiter {
  callback: (lock: unknown) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface MockLockManager extends LockManagerLike {
  /** Names currently held. */
  held(): string[];
  /** Takes `name` and keeps it until the returned function is called (a tab's life-long lock). */
  hold(name: string): Promise<() => void>;
}

const abortError = () =>
  new DOMException("The request was aborted", "AbortError");

export function createMockLockManager(): MockLockManager {
  const queues = new Map<string, Waiter[]>();
  const held = new Set<string>();

  const grantNext = (name: string) => {
    if (held.has(name)) return;
    const next = queues.get(name)?.shift();
    if (next === undefined) return;
    held.add(name);
    const lock = { name, mode: "exclusive" };
    void Promise.resolve()
      .then(() => next.callback(lock))
      .then(
        (value) => {
          held.delete(name);
          next.resolve(value);
          grantNext(name);
        },
        (error: unknown) => {
          held.delete(name);
          next.reject(error);
          grantNext(name);
        },
      );
  };

  const manager: MockLockManager = {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        if (options.signal?.aborted) {
          reject(abortError());
          return;
        }
        const waiter: Waiter = { callback, resolve, reject };
        const queue = queues.get(name) ?? [];
        queue.push(waiter);
        queues.set(name, queue);
        options.signal?.addEventListener("abort", () => {
          const list = queues.get(name) ?? [];
          const index = list.indexOf(waiter);
          if (index >= 0) {
            list.splice(index, 1);
            reject(abortError());
          }
        });
        grantNext(name);
      });
    },
    held: () => [...held],
    hold: (name) =>
      new Promise((granted) => {
        void manager.request(
          name,
          {},
          () =>
            new Promise<void>((release) => {
              granted(release);
            }),
        );
      }),
  };
  return manager;
}
