// Sends one of the desk's moves at most once at a time: a second tap while one is under way does
// nothing, the buttons read `busy`, a refusal becomes its translated sentence, and a success
// reloads the order and the queues (router.invalidate) before the form is released.
import { useCallback, useRef, useState } from "react";
import { useRouter } from "@tanstack/react-router";
import { isApiError, refusalTextOf } from "../../api/ApiError";
import type { StaffOrderDetail } from "../../api/staff";
import { open as openToast } from "../../state/toast";
import { ORDER_HEADING_ID } from "./deskLayout";

export interface StaffAction {
  busy: boolean;
  /** The sentence of the last refusal or failure, until the next attempt. */
  error: string | undefined;
  /**
   * Sends `send` unless a move is under way; resolves true once it succeeded and the pages have
   * the new state. `fallback` is said when the failure has no reason (no answer, an old server).
   */
  run: (
    send: () => Promise<StaffOrderDetail>,
    texts: { done: string; fallback: string },
  ) => Promise<boolean>;
}

export function useStaffAction(): StaffAction {
  const router = useRouter();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const run = useCallback<StaffAction["run"]>(
    async (send, { done, fallback }) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusy(true);
      setError(undefined);
      try {
        await send();
        openToast({ type: "success", message: done });
        await router.invalidate();
        document.getElementById(ORDER_HEADING_ID)?.focus();
        return true;
      } catch (failure) {
        setError(refusalTextOf(failure) ?? fallback);
        // NOTE: a conflict means someone else moved the order: show what it is now.
        if (isApiError(failure) && failure.status === 409)
          void router.invalidate();
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
