// Test support: a promise that must settle within a time limit, or fail naming what was awaited
// (Playwright's evaluate, a socket close, a build: things with no timeout of their own).

/** `promise`, rejected with "`what`: not done after `ms` ms" if it has not settled by then. */
export async function within<T>(
  what: string,
  ms: number,
  promise: Promise<T>,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what}: not done after ${String(ms)} ms`));
    }, ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
