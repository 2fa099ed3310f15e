// A task that runs one at a time: asked for while it runs, it runs exactly once more afterwards
// (however often it was asked), so a burst of triggers costs at most two runs.

/** Wraps `task`; the returned function answers with the run (or the run after) that covers the call. */
export function coalescedRun(
  task: () => Promise<void>,
  stillWanted: () => boolean,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const another = () => again && stillWanted();
  return () => {
    if (running !== null) {
      again = true;
      return running;
    }
    const run = async () => {
      do {
        again = false;
        await task();
      } while (another());
    };
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
}
