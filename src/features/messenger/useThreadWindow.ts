// The live window of an open conversation: Dexie's liveQuery from the route loader's first read on,
// pinned to its first `fromSeq` so arriving messages extend the window instead of sliding it. New
// rows the worker announces with `messagesChanged` show at once, ahead of the re-read that follows
// (threadPreview.ts): a message from another person or tab paints one IndexedDB read sooner (#20).
// A re-read that changes nothing keeps the window on screen (stableWindow.ts): no render.
import { useEffect, useMemo, useRef, useState } from "react";
import { liveQuery } from "dexie";
import type { AppDb } from "../../db/AppDb";
import {
  channelKey,
  parseChannelKey,
  type ChannelRef,
} from "../../db/channelKey";
import { onImEvent } from "../../messenger/imClient";
import {
  addPreviews,
  previewsAhead,
  withPreviews,
  type PreviewRow,
} from "./threadPreview";
import { stableWindow } from "./stableWindow";
import {
  loadThreadWindow,
  THREAD_PAGE,
  type ThreadWindow,
} from "./threadQuery";

/**
 * The window from `fromSeq` (null: the newest page, then pinned), starting from `initial` (the route
 * loader's read) when given. Keeps showing the previous window while a new `fromSeq` loads;
 * undefined only before the first read.
 */
export function useThreadWindow(
  db: AppDb,
  channel: ChannelRef,
  fromSeq: number | null,
  initial: ThreadWindow | undefined,
): ThreadWindow | undefined {
  const key = channelKey(channel);
  const [window, setWindow] = useState<ThreadWindow | undefined>(initial);
  const pinned = useRef<number | null>(
    initial !== undefined && initial.topSeq > 0 ? initial.fromSeq : null,
  );
  const [previews, setPreviews] = useState<readonly PreviewRow[]>([]);

  // NOTE: previews of another channel (after the route changed) are never shown and are pruned on
  // the next window.
  useEffect(
    () =>
      onImEvent((event) => {
        if (
          event.type !== "messagesChanged" ||
          channelKey(event.channel) !== key
        )
          return;
        setPreviews((current) => addPreviews(current, event, Date.now()));
      }),
    [key],
  );

  // NOTE: a passive effect: with the loader's window on screen, the live query starts after the
  // first paint instead of competing with it.
  useEffect(() => {
    let active = true;
    const target = parseChannelKey(key);
    const subscription = liveQuery(() =>
      loadThreadWindow(db, target, fromSeq ?? pinned.current, THREAD_PAGE),
    ).subscribe({
      next: (value) => {
        if (!active) return;
        if (pinned.current === null && value.topSeq > 0)
          pinned.current = value.fromSeq;
        setWindow((current) => stableWindow(current, value));
        setPreviews((current) =>
          current.length === 0
            ? current
            : previewsAhead(value, target, current, Date.now()),
        );
      },
      error: (error: unknown) => {
        console.error("Thread query failed", error);
      },
    });
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [db, key, fromSeq]);

  return useMemo(
    () =>
      window === undefined || previews.length === 0
        ? window
        : withPreviews(window, parseChannelKey(key), previews),
    [window, previews, key],
  );
}
