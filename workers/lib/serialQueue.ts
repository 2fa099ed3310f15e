// A promise chain that runs async tasks one after another, so store writes that depend on order
// (SENDACK before a later RECV of the same message, sync pages) never interleave.

/** Runs tasks strictly in call order; a failing task does not stop the ones after it. */
export function createSerialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
