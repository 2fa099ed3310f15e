// An open thread's newest rows ahead of its IndexedDB re-read (#20). The worker's `messagesChanged`
// event carries the rows it just stored (received ones also as they arrive, before the store
// transaction, and once more after it); the thread shows a row at once when its window lacks it
// (a new message, an own message just sent) or shows it without the seq the row now has (its
// SENDACK came), and the live query's next window supersedes it. Every other change (receipts,
// extras, deletions) waits for the live query, which stays the one source of the thread.
// Pure: no I/O.
import { dequal } from "dequal/lite";
import { channelKey, type ChannelRef } from "../../db/channelKey";
import {
  MessageStatus,
  type MessageRecord,
} from "../../db/entities/MessageRecord";
import type { ThreadWindow } from "./threadQuery";
import { mergeThreadMessages } from "./threadRows";

/** A row from an event, with when it came (ms). */
export interface PreviewRow {
  readonly row: MessageRecord;
  readonly at: number;
}

/**
 * A preview the live query has not caught up with after this long is dropped (the row was removed
 * meanwhile, or lies outside the window): the thread never keeps showing what IndexedDB lacks.
 */
export const PREVIEW_TTL_MS = 3_000;

/** The lowest seq `window` shows (an empty thread's window starts at 1). */
function windowStart(window: ThreadWindow): number {
  return window.fromSeq === 0 ? 1 : window.fromSeq;
}

/** Whether `row` shows something `window` does not have yet. */
function isAhead(
  window: ThreadWindow,
  shown: ReadonlyMap<string, MessageRecord>,
  row: MessageRecord,
): boolean {
  const current = shown.get(row.clientMsgNo);
  if (row.messageSeq === undefined)
    return (
      current === undefined &&
      (row.status === MessageStatus.WAIT || row.status === MessageStatus.FAIL)
    );
  if (row.messageSeq < windowStart(window)) return false;
  return current === undefined || current.messageSeq === undefined;
}

const byClientMsgNo = (window: ThreadWindow) =>
  new Map(window.messages.map((m) => [m.clientMsgNo, m]));

/** The previews of `channel` still ahead of `window` and younger than {@link PREVIEW_TTL_MS}. */
export function previewsAhead(
  window: ThreadWindow,
  channel: ChannelRef,
  previews: readonly PreviewRow[],
  now: number,
): readonly PreviewRow[] {
  const key = channelKey(channel);
  const shown = byClientMsgNo(window);
  const ahead = previews.filter(
    (p) =>
      now - p.at < PREVIEW_TTL_MS &&
      channelKey(p.row) === key &&
      isAhead(window, shown, p.row),
  );
  return ahead.length === previews.length ? previews : ahead;
}

/**
 * `window` with the previews that are ahead of it, in display order as loadThreadWindow would put
 * them; `window` itself when none is.
 */
export function withPreviews(
  window: ThreadWindow,
  channel: ChannelRef,
  previews: readonly PreviewRow[],
): ThreadWindow {
  const key = channelKey(channel);
  const shown = byClientMsgNo(window);
  const ahead = previews
    .map((p) => p.row)
    .filter((row) => channelKey(row) === key && isAhead(window, shown, row));
  if (ahead.length === 0) return window;
  const replaced = new Set(ahead.map((row) => row.clientMsgNo));
  const rows = [
    ...window.messages.filter((m) => !replaced.has(m.clientMsgNo)),
    ...ahead,
  ];
  const stored = rows
    .filter((m) => m.messageSeq !== undefined)
    .sort((a, b) => (a.messageSeq ?? 0) - (b.messageSeq ?? 0));
  const unsettled = rows.filter((m) => m.messageSeq === undefined);
  const from = windowStart(window);
  return {
    fromSeq: from,
    topSeq: Math.max(window.topSeq, stored.at(-1)?.messageSeq ?? 0),
    messages: mergeThreadMessages(stored, unsettled, from <= 1),
    oldestSeq: stored[0]?.messageSeq ?? null,
  };
}

/**
 * `previews` after a `messagesChanged` event of `channel`: the event's rows replace earlier
 * previews of the same messages; listed messages without a row (removed) are dropped. An event
 * that carries no rows (null: too many) changes nothing here; the live query brings them.
 */
export function addPreviews(
  previews: readonly PreviewRow[],
  event: {
    readonly clientMsgNos: readonly string[];
    readonly rows: readonly MessageRecord[] | null;
  },
  now: number,
): readonly PreviewRow[] {
  if (event.rows === null) return previews;
  const listed = new Set(event.clientMsgNos);
  for (const row of event.rows) listed.add(row.clientMsgNo);
  const live = previews.filter((p) => now - p.at < PREVIEW_TTL_MS);
  const kept = live.filter((p) => !listed.has(p.row.clientMsgNo));
  // NOTE: a row announced again unchanged (a received one after its store) keeps its preview.
  const earlier = new Map(live.map((p) => [p.row.clientMsgNo, p]));
  const added = event.rows.map((row) => {
    const before = earlier.get(row.clientMsgNo);
    return before !== undefined && dequal(before.row, row)
      ? before
      : { row, at: now };
  });
  const next = [...kept, ...added];
  return next.length === previews.length &&
    next.every((p, i) => p === previews[i])
    ? previews
    : next;
}
