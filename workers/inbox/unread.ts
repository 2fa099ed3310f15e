// Unread derived from sequence numbers: lastMessageSeq − readToSeq − (known seqs that do not count:
// own messages, messages without RedDot). Every badge computes it the same way, so they agree.
import type { ConversationRecord } from "../../src/db/entities/ConversationRecord";

/** The fields unread depends on. */
export type UnreadFields = Pick<
  ConversationRecord,
  "lastMessageSeq" | "readToSeq" | "uncountedSeqs" | "unread"
>;

/** lastMessageSeq − readToSeq − uncounted seqs in between, never below 0. */
export function deriveUnread(c: Omit<UnreadFields, "unread">): number {
  const uncounted = c.uncountedSeqs.filter(
    (s) => s > c.readToSeq && s <= c.lastMessageSeq,
  ).length;
  return Math.max(0, c.lastMessageSeq - c.readToSeq - uncounted);
}

/** Everything up to `seq` is read: readToSeq only moves forward, uncounted seqs at or below it are dropped. */
export function advanceReadTo<T extends UnreadFields>(c: T, seq: number): T {
  const readToSeq = Math.min(
    Math.max(c.readToSeq, seq),
    Math.max(c.lastMessageSeq, c.readToSeq),
  );
  if (readToSeq === c.readToSeq) return c;
  const uncountedSeqs = c.uncountedSeqs.filter((s) => s > readToSeq);
  const next = { ...c, readToSeq, uncountedSeqs };
  return { ...next, unread: deriveUnread(next) };
}

/**
 * A message with `seq` is now known. `counts` is false for own messages and messages without RedDot.
 * The first seq of a conversation with no known history sets the baseline: older history is not unread.
 */
export function noteSeq<T extends UnreadFields>(
  c: T,
  seq: number,
  counts: boolean,
): T {
  if (!Number.isInteger(seq) || seq <= 0) return c;
  const baseline =
    c.lastMessageSeq === 0 && c.readToSeq === 0 ? seq - 1 : c.readToSeq;
  const lastMessageSeq = Math.max(c.lastMessageSeq, seq);
  let uncountedSeqs = c.uncountedSeqs;
  if (!counts && seq > baseline && !uncountedSeqs.includes(seq)) {
    uncountedSeqs = [...uncountedSeqs, seq].sort((a, b) => a - b);
  }
  const next = { ...c, readToSeq: baseline, lastMessageSeq, uncountedSeqs };
  return { ...next, unread: deriveUnread(next) };
}

/**
 * An own message with `seq` is now known (its SENDACK, or the copy another device of ours sent): it
 * never counts, and, as the server has it (read_to ≥ the seq last sent), whoever sends has read
 * everything before it.
 */
export function noteOwnSeq<T extends UnreadFields>(c: T, seq: number): T {
  return advanceReadTo(noteSeq(c, seq, false), seq);
}

/** The server's view (conversation list sync): `unread` of `lastMessageSeq` are unread. */
export function fromServerUnread<T extends UnreadFields>(
  c: T,
  lastMessageSeq: number,
  unread: number,
): T {
  const last = Math.max(0, lastMessageSeq);
  const readToSeq = Math.max(0, last - Math.max(0, unread));
  const next = { ...c, lastMessageSeq: last, readToSeq, uncountedSeqs: [] };
  return { ...next, unread: deriveUnread(next) };
}

/**
 * The server's view, unless this device has read further than the server knows yet (its read mark
 * is still on its way, up to a receipt beat): a read point never moves back, so a conversation sync
 * that crosses a fresh read does not bring the read messages back as unread (issue #9, chaos gate).
 */
export function mergeServerUnread<T extends UnreadFields>(
  c: T,
  lastMessageSeq: number,
  unread: number,
): T {
  const last = Math.max(0, lastMessageSeq);
  if (last - Math.max(0, unread) >= c.readToSeq) {
    const server = fromServerUnread(c, last, unread);
    if (c.lastMessageSeq <= last) return server;
    // NOTE: a RECV beat the list (the list was made before it was stored): `unread` counts up to the
    // server's last seq; what this device knows past it stays counted as it was (#20 found it).
    const next = {
      ...server,
      lastMessageSeq: c.lastMessageSeq,
      uncountedSeqs: c.uncountedSeqs.filter((s) => s > last),
    };
    return { ...next, unread: deriveUnread(next) };
  }
  const next = { ...c, lastMessageSeq: Math.max(last, c.lastMessageSeq) };
  return { ...next, unread: deriveUnread(next) };
}
