// When the service worker may start filling the offline cache (#20): after the first page is
// usable, never while it loads. That is the first of: the browser idle after `load`, after the app
// has shown its first page and after that page's own requests are done (each wait with a deadline,
// so a busy page still gets its cache), or the person's first interaction (they are using the page,
// so its own loading is over). The cache then still completes, so the next visit works offline.

import { networkQuiet } from "./networkQuiet";

/** How long after `load` the idle wait lasts at most. */
export const SETTLE_DEADLINE_MS = 4000;

/** How long no resource may have finished loading before the first page counts as loaded. */
export const QUIET_MS = 500;

const INTERACTIONS = [
  "pointerdown",
  "keydown",
  "touchstart",
  "scroll",
] as const;

/**
 * Resolves once the page has settled. `pageShown` settles when the app has shown its first page:
 * `load` does not wait for that page's data and render, so after `load` the idle wait also waits
 * for it, at most SETTLE_DEADLINE_MS.
 */
export function afterPageSettled(
  target: Window,
  pageShown: Promise<void>,
): Promise<void> {
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
    let idleAsked = false;
    const whenIdle = () => {
      if (idleAsked || done) return;
      idleAsked = true;
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
    const whenLoaded = () => {
      const id = target.setTimeout(whenIdle, SETTLE_DEADLINE_MS);
      cleanups.push(() => {
        target.clearTimeout(id);
      });
      void pageShown.then(() => networkQuiet(target, QUIET_MS)).then(whenIdle);
    };
    if (target.document.readyState === "complete") whenLoaded();
    else {
      target.addEventListener("load", whenLoaded, { once: true });
      cleanups.push(() => {
        target.removeEventListener("load", whenLoaded);
      });
    }
  });
}
