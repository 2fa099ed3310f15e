// When the page has stopped loading things (#20): resolves once no resource (script, stylesheet,
// image, fetch) has finished loading for `quietMs`, counted from the call. The router says its
// first page is resolved before that page has rendered (`ui/DeferFirstPage.tsx`), painted and
// loaded what it shows: on `/login` the idle time right after started the service worker's script
// within about 15 ms of the page's largest paint, before or after it, and Lighthouse counted it
// into that paint whenever it had finished first. Without resource timing (very old browsers),
// after `quietMs`. `deadlineMs` (or the caller's own deadline) bounds a page that never goes quiet.

/** The parts of `window` this module uses (a test passes fakes). */
export type QuietTarget = Pick<Window, "setTimeout" | "clearTimeout"> & {
  readonly PerformanceObserver?: typeof PerformanceObserver | undefined;
};

/** Resolves after `quietMs` without a resource finishing, or at `deadlineMs` after the call. */
export function networkQuiet(
  target: QuietTarget,
  quietMs: number,
  deadlineMs?: number,
): Promise<void> {
  return new Promise((resolve) => {
    let timer = 0;
    let deadline = 0;
    let observer: PerformanceObserver | null = null;
    let done = false;
    const quiet = () => {
      done = true;
      observer?.disconnect();
      target.clearTimeout(timer);
      target.clearTimeout(deadline);
      resolve();
    };
    const restart = () => {
      if (done) return;
      target.clearTimeout(timer);
      timer = target.setTimeout(quiet, quietMs);
    };
    const Observer = target.PerformanceObserver;
    if (typeof Observer === "function") {
      observer = new Observer(restart);
      observer.observe({ type: "resource" });
    }
    if (deadlineMs !== undefined)
      deadline = target.setTimeout(quiet, deadlineMs);
    restart();
  });
}
