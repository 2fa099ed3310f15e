// What a batch of received messages does to the stored rows, decided without the database (the
// repository reads the rows it needs, calls planIncoming, and writes what it returns).
//
// Resent copies (issue #18): WuKongIM does not de-duplicate by clientMsgNo, so after a node failure
// a client's outbox resend can be stored twice, with two messageIds and two seqs, and the peer gets
// both (as RECVs, or from messageSync). A message is identified by (channel, sender, clientMsgNo):
// the copy with the LOWEST seq is the message (the first one stored, as the server's mirror keeps
// it), whichever arrives first; a later copy with a lower seq takes over the row (its id and seq).
//
// The other copy's seq is not left as a hole: every seq-based reader (the hole check of the
// conversation sync, loadOlder's missing ranges, the RECV gap check) would otherwise fetch it again
// on every connect and never get a message it keeps. So each dropped copy leaves a MARKER row: the
// copy's seq and messageId, `isDeleted` (every screen already skips deleted rows), no content, no
// RedDot, no receipt. Its seq is known but never unread (noted as uncounted, like an own message),
// and a repeat of the same copy is recognised by its messageId like any re-delivery. A message of
// ANOTHER sender or channel under a clientMsgNo already taken cannot be stored (rows are keyed by
// clientMsgNo): it is dropped as before, and its seq gets a marker for the same reason.
// NOTE: a device that never received the second copy cannot mark its seq: our server's messageSync
// answers from the mirror, which keeps one copy, so that seq stays a hole fetched (and found empty)
// once per connect by the conversation sync, as any hole is; only the server knows it is a copy.
import {
  MessageStatus,
  type MessageRecord,
} from "../../src/db/entities/MessageRecord";
import { channelKey } from "../../src/db/channelKey";

/** A decoded, msgKey-verified message from the server. */
export type IncomingMessage = Omit<
  MessageRecord,
  "status" | "failure" | "messageId" | "messageSeq"
> & {
  readonly messageId: string;
  readonly messageSeq: number;
};

/** A received message as the row it becomes when it is new (the store's rule, and its announcement's). */
export function newRow(m: IncomingMessage): MessageRecord {
  return { ...m, status: MessageStatus.NORMAL };
}

/** What the plan needs to know besides the batch. */
export interface PlanInputs {
  readonly selfUid: string;
  /** The stored row of each clientMsgNo in the batch that has one. */
  readonly byNo: ReadonlyMap<string, MessageRecord>;
  /** messageIds of the batch already stored. */
  readonly storedIds: ReadonlySet<string>;
  /** Per channelKey: history deleted up to this seq (0: none). */
  readonly clearedTo: ReadonlyMap<string, number>;
}

export interface IncomingPlan {
  /** Message rows to write, new and rewritten (before the markers: a marker may take an id one frees). */
  readonly rows: readonly MessageRecord[];
  /** Marker rows of dropped copies (see the header). */
  readonly markers: readonly MessageRecord[];
  /** Own pending messages the server turned out to have. */
  readonly settled: readonly string[];
  readonly duplicates: number;
}

/** The key of the marker of copy `messageId` of `clientMsgNo` (never a client's clientMsgNo in practice). */
export function markerKey(clientMsgNo: string, messageId: string): string {
  return `${clientMsgNo}\u0000copy:${messageId}`;
}

function markerOf(
  m: Pick<
    MessageRecord,
    | "clientMsgNo"
    | "messageId"
    | "messageSeq"
    | "channelId"
    | "channelType"
    | "fromUid"
    | "timestamp"
    | "contentType"
  > & { readonly messageId: string; readonly messageSeq: number },
): MessageRecord {
  return {
    clientMsgNo: markerKey(m.clientMsgNo, m.messageId),
    messageId: m.messageId,
    messageSeq: m.messageSeq,
    channelId: m.channelId,
    channelType: m.channelType,
    fromUid: m.fromUid,
    timestamp: m.timestamp,
    contentType: m.contentType,
    content: {},
    status: MessageStatus.NORMAL,
    redDot: false,
    receipt: false,
    readed: false,
    isDeleted: true,
  };
}

const sameMessage = (a: MessageRecord, b: IncomingMessage) =>
  a.channelId === b.channelId &&
  a.channelType === b.channelType &&
  a.fromUid === b.fromUid;

/**
 * Decides each message of `batch` (well-formed, no commands) in ascending seq order: a re-delivery
 * (messageId stored) is a duplicate; an own pending message is settled; a resent copy keeps the
 * lowest seq as the message and the other as a marker; a message in cleared history is dropped;
 * anything else is a new row.
 */
export function planIncoming(
  batch: readonly IncomingMessage[],
  inputs: PlanInputs,
): IncomingPlan {
  const current = new Map(inputs.byNo);
  const ids = new Set(inputs.storedIds);
  const rows = new Map<string, MessageRecord>();
  const markers: MessageRecord[] = [];
  const settled: string[] = [];
  let duplicates = 0;
  const write = (row: MessageRecord) => {
    rows.set(row.clientMsgNo, row);
    current.set(row.clientMsgNo, row);
    ids.add(row.messageId ?? "");
  };
  const ordered = [...batch].sort((a, b) => a.messageSeq - b.messageSeq);
  for (const m of ordered) {
    const existing = current.get(m.clientMsgNo);
    if (ids.has(m.messageId)) {
      duplicates += 1;
    } else if (
      existing !== undefined &&
      existing.status !== MessageStatus.NORMAL &&
      m.fromUid === inputs.selfUid &&
      existing.fromUid === inputs.selfUid
    ) {
      // NOTE: our own message, stored by the server although its SENDACK never arrived.
      write({
        ...existing,
        messageId: m.messageId,
        messageSeq: m.messageSeq,
        timestamp: m.timestamp,
        status: MessageStatus.NORMAL,
      });
      settled.push(m.clientMsgNo);
    } else if (existing !== undefined) {
      duplicates += 1;
      ids.add(m.messageId);
      const earlier =
        sameMessage(existing, m) &&
        existing.status === MessageStatus.NORMAL &&
        existing.messageId !== undefined &&
        (existing.messageSeq ?? 0) > m.messageSeq &&
        m.messageSeq > 0;
      if (earlier) {
        // NOTE: the kept row moves to the earlier copy; the later one becomes the marker. Any
        // receipts or edits the server reports follow the message id it kept (the earlier one).
        markers.push(
          markerOf({
            ...existing,
            messageId: existing.messageId ?? "",
            messageSeq: existing.messageSeq ?? 0,
          }),
        );
        write({
          ...existing,
          messageId: m.messageId,
          messageSeq: m.messageSeq,
          timestamp: m.timestamp,
        });
      } else if (m.messageSeq > 0) markers.push(markerOf(m));
    } else if (
      m.messageSeq > 0 &&
      m.messageSeq <= (inputs.clearedTo.get(channelKey(m)) ?? 0)
    ) {
      duplicates += 1;
    } else {
      write(newRow(m));
    }
  }
  return { rows: [...rows.values()], markers, settled, duplicates };
}
