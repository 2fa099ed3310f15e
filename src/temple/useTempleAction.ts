// Sends one change of the temple's side at most once at a time: a second tap while one is under
// way does nothing, `busy` marks the buttons, a refusal becomes its translated sentence, and a
// success says so and reloads the page's data (router.invalidate, or the caller's own `reload`)
// before the buttons are released. The order desk and the admin pages each wrap it with their own
// extras.
import { useCallback, useRef, useState } from "react";
import { useRouter } from "@tanstack/react-router";
import { isApiError, refusalTextOf } from "../api/ApiError";
import { open as openToast } from "../state/toast";

export interface TempleAction<T> {
  busy: boolean;
  /** The sentence of the last refusal or failure, until the next attempt. */
  error: string | undefined;
  /**
   * Sends `send` unless a change is under way; resolves true once it succeeded and the pages have
   * the new state. `fallback` is said when the failure has no reason (no answer, an old server).
   */
  run: (
    send: () => Promise<T>,
    texts: { done: string; fallback: string },
  ) => Promise<boolean>;
}

export interface TempleActionOptions {
  /** The element focused after a success (its id). */
  focusAfter?: string;
  /** Reload on a 409 too: someone else changed it, so show what it is now. */
  reloadOnConflict?: boolean;
  /**
   * Fetches the new state for a part of a page that loads its own data (not the router's), as the
   * chat workspace's order list does; resolves once it shows. Default: router.invalidate().
   */
  reload?: (() => Promise<unknown>) | undefined;
}

export function useTempleAction<T>(
  options: TempleActionOptions = {},
): TempleAction<T> {
  const { focusAfter, reloadOnConflict = false, reload } = options;
  const router = useRouter();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const run = useCallback<TempleAction<T>["run"]>(
    async (send, { done, fallback }) => {
      if (inFlight.current) return false;
      const refresh = reload ?? (() => router.invalidate());
      inFlight.current = true;
      setBusy(true);
      setError(undefined);
      try {
        await send();
        openToast({ type: "success", message: done });
        await refresh();
        if (focusAfter !== undefined)
          document.getElementById(focusAfter)?.focus();
        return true;
      } catch (failure) {
        setError(refusalTextOf(failure) ?? fallback);
        if (reloadOnConflict && isApiError(failure) && failure.status === 409)
          void refresh();
        return false;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [router, focusAfter, reloadOnConflict, reload],
  );

  return { busy, error, run };
}
