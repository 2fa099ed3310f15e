// Sends one admin change at most once at a time: a second tap while one is under way does
// nothing, `busy` marks the buttons, a refusal becomes its translated sentence, and a success
// says so and reloads the page's list (router.invalidate) before the buttons are released.
import { useCallback, useRef, useState } from "react";
import { useRouter } from "@tanstack/react-router";
import { refusalTextOf } from "../../api/ApiError";
import { open as openToast } from "../../state/toast";

export interface AdminAction {
  busy: boolean;
  /** The sentence of the last refusal or failure, until the next attempt. */
  error: string | undefined;
  run: (
    send: () => Promise<unknown>,
    texts: { done: string; fallback: string },
  ) => Promise<boolean>;
}

export function useAdminAction(): AdminAction {
  const router = useRouter();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const run = useCallback<AdminAction["run"]>(
    async (send, { done, fallback }) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusy(true);
      setError(undefined);
      try {
        await send();
        openToast({ type: "success", message: done });
        await router.invalidate();
        return true;
      } catch (failure) {
        setError(refusalTextOf(failure) ?? fallback);
        return false;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [router],
  );

  return { busy, error, run };
}
