// The live window of an open conversation: Dexie's liveQuery from the route loader's first read on,
// pinned to its first `fromSeq` so arriving messages extend the window instead of sliding it. New
// rows the worker announces with `messagesChanged` show at once, ahead of the re-read that follows
// (threadPreview.ts): a message from another person or tab paints one IndexedDB read sooner (#20).
// A re-read or announcement that changes nothing keeps the window on screen (stableWindow.ts), and
// a re-read that brings what the previews showed renders nothing either.
import { useEffect, useRef, useState } from "react";
import { liveQuery } from "dexie";
import type { AppDb } from "../../db/AppDb";
import {
  channelKey,
  parseChannelKey,
  type ChannelRef,
} from "../../db/channelKey";
import { onImEvent } from "../../messenger/imClient";
import { addPreviews, previewsAhead, type PreviewRow } from "./threadPreview";
import { shownWindow } from "./stableWindow";
import {
  loadThreadWindow,
  THREAD_PAGE,
  type ThreadWindow,
} from "./threadQuery";

/** The live query's last window and the rows announced ahead of it. */
interface ThreadSource {
  readonly read: ThreadWindow | undefined;
  readonly previews: readonly PreviewRow[];
}

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
  const [shown, setShown] = useState<ThreadWindow | undefined>(initial);
  const pinned = useRef<number | null>(
    initial !== undefined && initial.topSeq > 0 ? initial.fromSeq : null,
  );
  // NOTE: what the thread is made of lives outside React state; only what it shows is state, so a
  // re-read or an announcement that changes nothing on screen renders nothing.
  const source = useRef<ThreadSource>({ read: initial, previews: [] });

  // NOTE: previews of another channel are never shown and are pruned on the next window.
  useEffect(() => {
    const target = parseChannelKey(key);
    return onImEvent((event) => {
      if (event.type !== "messagesChanged" || channelKey(event.channel) !== key)
        return;
      const { read, previews } = source.current;
      const next = addPreviews(previews, event, Date.now());
      if (next === previews) return;
      source.current = { read, previews: next };
      setShown((current) => shownWindow(current, read, target, next));
    });
  }, [key]);

  // NOTE: a passive effect: with the loader's window on screen, the live query starts after the
  // first paint instead of competing with it.
  useEffect(() => {
    let active = true;
    const target = parseChannelKey(key);
    const subscription = liveQuery(() =>
      loadThreadWindow(db, target, fromSeq ?? pinned.current, THREAD_PAGE),
    ).subscribe({
      next: (read) => {
        if (!active) return;
        if (pinned.current === null && read.topSeq > 0)
          pinned.current = read.fromSeq;
        const { previews } = source.current;
        const ahead =
          previews.length === 0
            ? previews
            : previewsAhead(read, target, previews, Date.now());
        source.current = { read, previews: ahead };
        setShown((current) => shownWindow(current, read, target, ahead));
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

  return shown;
}
