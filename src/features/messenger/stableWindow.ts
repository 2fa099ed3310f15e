// Keeps what an open thread already shows when a new read of it says the same (#20). Every
// IndexedDB read returns fresh objects, and the live query re-reads the window after each write to
// the channel's messages or conversation (the store of a received message, a SENDACK, a read mark),
// so without this every visible bubble would render again several times per message. Unchanged
// messages keep their object, and a window with nothing changed is the previous one itself, so
// React skips the render; that includes the re-read that stores what a preview (threadPreview.ts)
// already showed. Pure: no I/O.
import { dequal } from "dequal/lite";
import type { MessageRecord } from "../../db/entities/MessageRecord";
import type { ChannelRef } from "../../db/channelKey";
import type { ThreadWindow } from "./threadQuery";
import { withPreviews, type PreviewRow } from "./threadPreview";

/**
 * `next` with every message equal to one in `previous` (same clientMsgNo, same content) replaced by
 * that object; `previous` itself when the two list the same messages in the same order.
 */
export function reuseMessages(
  previous: readonly MessageRecord[],
  next: readonly MessageRecord[],
): readonly MessageRecord[] {
  const known = new Map(previous.map((m) => [m.clientMsgNo, m]));
  let same = previous.length === next.length;
  const reused = next.map((message, i) => {
    const before = known.get(message.clientMsgNo);
    const kept =
      before !== undefined && dequal(before, message) ? before : message;
    if (kept !== previous[i]) same = false;
    return kept;
  });
  return same ? previous : reused;
}

/** `next`, sharing every unchanged message with `previous`; `previous` when nothing changed. */
export function stableWindow(
  previous: ThreadWindow | undefined,
  next: ThreadWindow,
): ThreadWindow {
  if (previous === undefined) return next;
  const messages = reuseMessages(previous.messages, next.messages);
  if (
    messages === previous.messages &&
    next.fromSeq === previous.fromSeq &&
    next.topSeq === previous.topSeq &&
    next.oldestSeq === previous.oldestSeq
  )
    return previous;
  return { ...next, messages };
}

/**
 * What the thread shows after a change of its live query's window `read` or of its `previews`:
 * `shown` itself when that is what it shows already (a re-read that brings the rows the previews
 * showed), and `shown` until there is a first read.
 */
export function shownWindow(
  shown: ThreadWindow | undefined,
  read: ThreadWindow | undefined,
  channel: ChannelRef,
  previews: readonly PreviewRow[],
): ThreadWindow | undefined {
  if (read === undefined) return shown;
  return stableWindow(
    shown,
    previews.length === 0 ? read : withPreviews(read, channel, previews),
  );
}
