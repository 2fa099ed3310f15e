// Performance marks of opening a conversation (kept in production: cheap, and the messenger
// benchmark reads them): "open" when the user opens a thread, "first paint" once its first page
// of messages is on screen, and a measure between the two.
import { nextTask } from "../../lib/nextTask";

export const THREAD_OPEN_MARK = "fy:thread-open";
export const THREAD_PAINT_MARK = "fy:thread-first-paint";
export const THREAD_OPEN_MEASURE = "fy:thread-open-to-first-paint";

let openPending = false;

/** The user asked to open a thread (a row tap, or the thread mounting from a URL). */
export function markThreadOpen(): void {
  if (typeof performance === "undefined") return;
  performance.clearMarks(THREAD_OPEN_MARK);
  performance.clearMarks(THREAD_PAINT_MARK);
  performance.clearMeasures(THREAD_OPEN_MEASURE);
  performance.mark(THREAD_OPEN_MARK);
  openPending = true;
}

/** Marks the open unless a row tap already did. */
export function markThreadOpenIfNeeded(): void {
  if (!openPending) markThreadOpen();
}

/**
 * The thread's first page is committed: mark after the browser has painted it (the next frame's
 * rendering step, then a task after it).
 */
export function markThreadPainted(): void {
  if (!openPending || typeof performance === "undefined") return;
  openPending = false;
  const mark = () => {
    performance.mark(THREAD_PAINT_MARK);
    performance.measure(
      THREAD_OPEN_MEASURE,
      THREAD_OPEN_MARK,
      THREAD_PAINT_MARK,
    );
  };
  if (typeof requestAnimationFrame !== "function") {
    mark();
    return;
  }
  requestAnimationFrame(() => {
    nextTask(mark);
  });
}
