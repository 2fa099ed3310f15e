// Loads one thing for a pane of the workspace and keeps it: the data once it came, the failure
// (a refusal in the user's words, or `fallback`), a reload, and a way to replace the data with a
// newer answer (a save that answers the new state). A change of `key` aborts the load under way.
import { useCallback, useEffect, useState } from "react";
import { isApiError } from "../../api/ApiError";

export interface Loaded<T> {
  data: T | undefined;
  /** The failure of the last load, until the next one. */
  failed: unknown;
  reload: () => void;
  replace: (data: T) => void;
}

export function useLoaded<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Loaded<T> {
  const [state, setState] = useState<{
    key: string | null;
    data: T | undefined;
    failed: unknown;
  }>({ key, data: undefined, failed: undefined });
  const [round, setRound] = useState(0);
  // NOTE: another key shows nothing of the previous one (derived while rendering).
  if (state.key !== key) setState({ key, data: undefined, failed: undefined });

  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    load(abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setState({ key, data, failed: undefined });
      },
      (failed: unknown) => {
        if (abort.signal.aborted) return;
        if (!isApiError(failed)) console.warn("workspace load failed", failed);
        setState((previous) => ({ ...previous, failed }));
      },
    );
    return () => {
      abort.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is identified by `key`
  }, [key, round]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, failed: undefined }));
    setRound((n) => n + 1);
  }, []);
  const replace = useCallback(
    (data: T) => {
      setState({ key, data, failed: undefined });
    },
    [key],
  );
  return {
    data: state.key === key ? state.data : undefined,
    failed: state.key === key ? state.failed : undefined,
    reload,
    replace,
  };
}
