// A concurrency cap for route preloads. TanStack Router preloads on intent without any limit;
// wrapping router.preloadRoute with this keeps at most `max` preloads in flight, the rest queued.
// Kept by hand rather than p-limit (issue #21): this file rides in the first-visit entry (issue #20
// counts those bytes), and minified with rolldown it is 368 B gzip, limitCalls included, against
// 883 B for p-limit 7.3.3 + yocto-queue 1.2.2 behind the same createLimiter (+515 B for the same
// behaviour: both start queued tasks in order, count active/queued the same, free a slot on a throw).
export type Task<T> = () => Promise<T>;

export interface Limiter {
  run<T>(task: Task<T>): Promise<T>;
  /** Tasks started and not yet settled. */
  readonly active: number;
  /** Tasks waiting for a free slot. */
  readonly queued: number;
}

export const MAX_CONCURRENT_PRELOADS = 4;

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- programming error
    throw new RangeError(`Limiter needs max >= 1: ${String(max)}`);
  }
  let active = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) next();
  };

  return {
    run<T>(task: Task<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          active += 1;
          let result: Promise<T>;
          try {
            result = task();
          } catch (error) {
            result = Promise.reject(
              error instanceof Error ? error : new Error(String(error)),
            );
          }
          result.then(resolve, reject).finally(release);
        };
        if (active < max) start();
        else waiting.push(start);
      });
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}

/** Wraps an async function so that at most `limiter`'s maximum calls run at once. */
export function limitCalls<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  limiter: Limiter,
): (...args: A) => Promise<R> {
  return (...args: A) => limiter.run(() => fn(...args));
}
