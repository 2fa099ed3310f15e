// Runs the start-up restore until it is settled: while the server cannot be reached (offline start,
// server down) the kept session's user info is tried again with a growing delay, and at once when
// the network comes back. It never ends a session itself; only restoreSession decides that.
import { restoreSession, type RestoreOutcome } from "./authSession";

/** The first retry after an unreachable restore… */
export const RESTORE_RETRY_MIN_MS = 2_000;
/** …doubling up to this. */
export const RESTORE_RETRY_MAX_MS = 60_000;

/**
 * Starts the restore on `target` (its `online` event retries at once). Returns the function that
 * stops retrying.
 */
export function restoreUntilReachable(
  target: Window,
  restore: () => Promise<RestoreOutcome> = restoreSession,
): () => void {
  // NOTE: flags in one object read through functions, so a check after an await sees the current value.
  const flags = { stopped: false, running: false, again: false };
  const stopped = () => flags.stopped;
  const againRequested = () => flags.again;
  let delay = RESTORE_RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const stop = () => {
    flags.stopped = true;
    clearTimer();
    target.removeEventListener("online", onOnline);
  };

  const attempt = async (): Promise<void> => {
    if (stopped()) return;
    if (flags.running) {
      flags.again = true;
      return;
    }
    clearTimer();
    flags.running = true;
    flags.again = false;
    let outcome: RestoreOutcome;
    try {
      outcome = await restore();
    } catch (error) {
      console.error("Session restore failed", error);
      outcome = "unreachable";
    } finally {
      flags.running = false;
    }
    if (stopped()) return;
    if (outcome !== "unreachable") {
      stop();
      return;
    }
    if (againRequested()) {
      void attempt();
      return;
    }
    timer = setTimeout(() => void attempt(), delay);
    delay = Math.min(delay * 2, RESTORE_RETRY_MAX_MS);
  };

  function onOnline(): void {
    delay = RESTORE_RETRY_MIN_MS;
    void attempt();
  }

  target.addEventListener("online", onOnline);
  void attempt();
  return stop;
}
