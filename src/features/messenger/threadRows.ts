// The rows of an open conversation: stored messages (seq order) merged with own pending and failed
// ones (by time), deleted ones left out, time rows as WeChat has them (a day separator before each
// new local day, showing the day and the clock of its first message, and a clock row when more
// than 5 minutes pass between two messages; bubbles carry no time of their own), and a marker where
// the history begins. Pure: the thread view and the tests build rows with it.
import {
  MessageStatus,
  type MessageRecord,
} from "../../db/entities/MessageRecord";
import { dayKey } from "./chatTime";

/** Key of the beginning-of-history row. */
export const START_KEY = "start";
/** Keys of day separators: this prefix plus the local day (`day:2026-11-21`). */
export const DAY_KEY_PREFIX = "day:";
/** Keys of time rows within a day: this prefix plus the clientMsgNo of the message they head. */
export const TIME_KEY_PREFIX = "time:";
/** A time row appears when more than this passes between two messages of a day. */
export const TIME_GAP_MS = 5 * 60 * 1000;

export type ThreadRow =
  | { readonly kind: "start"; readonly key: string }
  | { readonly kind: "day"; readonly key: string; readonly ms: number }
  | { readonly kind: "time"; readonly key: string; readonly ms: number }
  | {
      readonly kind: "message";
      readonly key: string;
      readonly message: MessageRecord;
      readonly own: boolean;
    };

/**
 * Merges the stored window (ascending messageSeq) with pending/failed messages (no seq yet). A pending
 * message goes after every stored one at or before its time. Those older than the window are left
 * out unless `complete` (the window reaches back to the beginning), so a scroll back finds them.
 */
export function mergeThreadMessages(
  stored: readonly MessageRecord[],
  pending: readonly MessageRecord[],
  complete: boolean,
): MessageRecord[] {
  const oldest = stored[0]?.timestamp;
  const waiting = pending
    .filter((m) => complete || oldest === undefined || m.timestamp >= oldest)
    .sort((a, b) => a.timestamp - b.timestamp);
  const out: MessageRecord[] = [];
  let p = 0;
  for (const message of stored) {
    while (
      p < waiting.length &&
      (waiting[p]?.timestamp ?? 0) < message.timestamp
    ) {
      const next = waiting[p];
      if (next) out.push(next);
      p += 1;
    }
    out.push(message);
  }
  for (; p < waiting.length; p++) {
    const next = waiting[p];
    if (next) out.push(next);
  }
  return out;
}

/** Rows for `messages` (already in display order), seen by `selfUid`. */
export function buildThreadRows(
  messages: readonly MessageRecord[],
  options: { readonly selfUid: string | null; readonly reachedStart: boolean },
): ThreadRow[] {
  const rows: ThreadRow[] = [];
  if (options.reachedStart) rows.push({ kind: "start", key: START_KEY });
  let lastDay: string | null = null;
  let lastMs = 0;
  for (const message of messages) {
    if (message.isDeleted) continue;
    const day = dayKey(message.timestamp);
    if (day !== lastDay) {
      rows.push({
        kind: "day",
        key: `${DAY_KEY_PREFIX}${day}`,
        ms: message.timestamp,
      });
      lastDay = day;
    } else if (message.timestamp - lastMs > TIME_GAP_MS) {
      rows.push({
        kind: "time",
        key: `${TIME_KEY_PREFIX}${message.clientMsgNo}`,
        ms: message.timestamp,
      });
    }
    lastMs = message.timestamp;
    rows.push({
      kind: "message",
      key: message.clientMsgNo,
      message,
      own: message.fromUid === options.selfUid,
    });
  }
  return rows;
}

/** Whether two rows show the same thing: same kind and key, and the same time or message object. */
export function sameRow(a: ThreadRow, b: ThreadRow): boolean {
  if (a === b) return true;
  if (a.key !== b.key) return false;
  switch (a.kind) {
    case "start":
      return b.kind === "start";
    case "day":
    case "time":
      return b.kind === a.kind && b.ms === a.ms;
    case "message":
      return b.kind === "message" && b.message === a.message && b.own === a.own;
  }
}

/** Rough CJK-aware line count of a text bubble (about 16 wide characters per line on a phone). */
function estimateLines(text: string): number {
  let lines = 1;
  let width = 0;
  for (const char of text) {
    if (char === "\n") {
      lines += 1;
      width = 0;
      continue;
    }
    width += (char.codePointAt(0) ?? 0) > 0x2e80 ? 1 : 0.55;
    if (width > 16) {
      lines += 1;
      width = 0;
    }
  }
  return lines;
}

/**
 * The line under a bubble, when it shows something: an own message's state (sending, read or
 * unread; a failed one with its retry button) or "edited". Part of the estimate so that rows of the
 * two shapes learn their own typical heights, and an own message is placed right both while it is
 * sent and after its SENDACK (VirtualList: no second render before the paint).
 */
function metaLinePx(message: MessageRecord, own: boolean): number {
  if (own && message.status === MessageStatus.FAIL) return 32;
  const state =
    own && (message.status === MessageStatus.WAIT || message.receipt);
  return state || message.extra?.isEdit === true ? 18 : 0;
}

/** A first guess of a row's height in px, before it is measured. */
export function estimateRowHeight(row: ThreadRow): number {
  switch (row.kind) {
    case "start":
      return 44;
    case "day":
    case "time":
      return 40;
    case "message": {
      const content = row.message.content;
      if (row.message.contentType === 2) {
        const w = typeof content.width === "number" ? content.width : 1;
        const h = typeof content.height === "number" ? content.height : 1;
        return (
          Math.min(240, Math.round((200 * h) / Math.max(1, w))) +
          40 +
          metaLinePx(row.message, row.own)
        );
      }
      const text = typeof content.content === "string" ? content.content : "";
      return 44 + estimateLines(text) * 24 + metaLinePx(row.message, row.own);
    }
  }
}
