// The data of an open conversation: its message window (live from IndexedDB), pinned once loaded so
// new messages extend it; on open, the newest page is made available (IndexedDB first, then the
// worker's loadOlder syncs what is missing); scrolling back asks for the next page before it.
import { useCallback, useEffect, useRef, useState } from "react";
import type { AppDb } from "../../db/AppDb";
import { channelKey, type ChannelRef } from "../../db/channelKey";
import type { MessengerError } from "../../../workers/api";
import { messenger } from "./messengerActions";
import { THREAD_PAGE, type ThreadWindow } from "./threadQuery";
import { useThreadWindow } from "./useThreadWindow";

export interface ThreadData {
  /** undefined until the first read finished. */
  readonly window: ThreadWindow | undefined;
  /** Nothing older exists (seq 1 shown, or history deleted up to here). */
  readonly reachedStart: boolean;
  readonly loadingOlder: boolean;
  readonly olderError: MessengerError | null;
  /** Asks for the page before the oldest shown message (no-op while loading, after a failure, or at the start). */
  readonly loadOlder: () => void;
  /** Asks again after a failure. */
  readonly retryOlder: () => void;
}

export function useThread(
  db: AppDb,
  channel: ChannelRef,
  initial: ThreadWindow | undefined,
): ThreadData {
  const key = channelKey(channel);
  const [fromSeq, setFromSeq] = useState<number | null>(null);
  const current = useThreadWindow(db, channel, fromSeq, initial);
  const [startKey, setStartKey] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<MessengerError | null>(null);
  const requested = useRef(new Set<string>());
  const opened = useRef<string | null>(null);

  const reachedStart =
    startKey === key ||
    (current !== undefined && (current.topSeq === 0 || current.fromSeq <= 1));

  // On open: make the newest page available (the worker syncs seqs missing locally).
  useEffect(() => {
    if (current === undefined || opened.current === key) return;
    opened.current = key;
    if (current.topSeq === 0) return;
    void messenger
      .loadOlder({ channel, beforeSeq: current.topSeq + 1, limit: THREAD_PAGE })
      .then((result) => {
        if (result.ok && result.value.reachedStart) setStartKey(key);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per channel
  }, [current, key]);

  const load = useCallback(
    (force: boolean) => {
      if (current === undefined || loadingOlder || reachedStart) return;
      if (olderError !== null && !force) return;
      const before = current.oldestSeq ?? current.fromSeq;
      if (before <= 1) {
        setStartKey(key);
        return;
      }
      const request = `${key}@${String(before)}`;
      if (requested.current.has(request) && !force) return;
      requested.current.add(request);
      const from = Math.max(1, before - THREAD_PAGE);
      setLoadingOlder(true);
      setOlderError(null);
      void messenger
        .loadOlder({ channel, beforeSeq: before, limit: before - from })
        .then((result) => {
          setLoadingOlder(false);
          if (!result.ok) {
            setOlderError(result.error);
            return;
          }
          setFromSeq(from);
          if (result.value.reachedStart) setStartKey(key);
        });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `channel` is identified by `key`
    [current, key, loadingOlder, reachedStart, olderError],
  );
  const loadOlder = useCallback(() => {
    load(false);
  }, [load]);
  const retryOlder = useCallback(() => {
    load(true);
  }, [load]);

  return {
    window: current,
    reachedStart,
    loadingOlder,
    olderError,
    loadOlder,
    retryOlder,
  };
}
