// When the tab asks the server for a new service worker: about 1 s after start (in idle time; not
// on slow-2g; at most 5 s later if the tab never idles), then hourly and whenever the tab regains focus or becomes visible.

export const FIRST_CHECK_DELAY_MS = 1000;
export const IDLE_FALLBACK_MS = 50;
/** The start-up check waits for idle time at most this long (a busy or background tab may have none). */
export const IDLE_DEADLINE_MS = 5000;
export const PERIODIC_CHECK_MS = 60 * 60_000;

export interface CheckEnv {
  readonly navigator: {
    readonly connection?: { readonly effectiveType?: string };
  };
  readonly setTimeout: (fn: () => void, ms: number) => unknown;
  readonly setInterval: (fn: () => void, ms: number) => unknown;
  readonly requestIdleCallback?: (
    fn: () => void,
    options: { timeout: number },
  ) => unknown;
  readonly addEventListener: (type: string, fn: () => void) => void;
  readonly document: {
    readonly visibilityState: string;
    addEventListener: (type: string, fn: () => void) => void;
  };
}

/** False on a `slow-2g` connection, where the start-up check would compete with the app. */
export function shouldCheckOnStart(env: Pick<CheckEnv, "navigator">): boolean {
  return env.navigator.connection?.effectiveType !== "slow-2g";
}

/** Schedules `check`; returns whether the start-up check was scheduled. */
export function scheduleUpdateChecks(
  check: () => void,
  env: CheckEnv,
): boolean {
  const startCheck = shouldCheckOnStart(env);
  if (startCheck) {
    env.setTimeout(() => {
      if (env.requestIdleCallback)
        env.requestIdleCallback(check, { timeout: IDLE_DEADLINE_MS });
      else env.setTimeout(check, IDLE_FALLBACK_MS);
    }, FIRST_CHECK_DELAY_MS);
  }
  env.setInterval(check, PERIODIC_CHECK_MS);
  env.addEventListener("focus", check);
  env.document.addEventListener("visibilitychange", () => {
    if (env.document.visibilityState === "visible") check();
  });
  return startCheck;
}
