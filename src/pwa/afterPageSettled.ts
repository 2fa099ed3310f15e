// When the service worker may start filling the offline cache (#20): after the first page is
// usable, never while it loads. That is the first of: the browser idle after `load` (with a
// deadline, so a busy page still gets its cache), or the person's first interaction (they are
// using the page, so its own loading is over). The cache then still completes, so the next visit
// works offline.

/** How long after `load` the idle wait lasts at most. */
export const SETTLE_DEADLINE_MS = 4000;

const INTERACTIONS = [
  "pointerdown",
  "keydown",
  "touchstart",
  "scroll",
] as const;

export function afterPageSettled(target: Window): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const cleanups: (() => void)[] = [];
    const finish = () => {
      if (done) return;
      done = true;
      for (const cleanup of cleanups) cleanup();
      resolve();
    };
    for (const type of INTERACTIONS) {
      target.addEventListener(type, finish, { passive: true, once: true });
      cleanups.push(() => {
        target.removeEventListener(type, finish);
      });
    }
    const whenIdle = () => {
      if (typeof target.requestIdleCallback === "function") {
        const id = target.requestIdleCallback(finish, {
          timeout: SETTLE_DEADLINE_MS,
        });
        cleanups.push(() => {
          target.cancelIdleCallback(id);
        });
      } else {
        const id = target.setTimeout(finish, 1);
        cleanups.push(() => {
          target.clearTimeout(id);
        });
      }
    };
    if (target.document.readyState === "complete") whenIdle();
    else {
      target.addEventListener("load", whenIdle, { once: true });
      cleanups.push(() => {
        target.removeEventListener("load", whenIdle);
      });
    }
  });
}
