// One chat message as stored in the per-user IM database (spec §3 "Message"). Written only by the
// worker (workers/store); tabs read it with liveQuery.
import type { JsonObject } from "./JsonValue";

/** Delivery status of a message (spec §3, §4 "Outgoing message: Wait, then Normal or Fail"). */
export const MessageStatus = {
  WAIT: "wait",
  NORMAL: "normal",
  FAIL: "fail",
} as const;
/** One of the {@link MessageStatus} values. */
export type MessageStatus = (typeof MessageStatus)[keyof typeof MessageStatus];

/** Why an outgoing message is in status `fail`. */
export interface MessageFailure {
  /** `SEND_REFUSED`: SENDACK with a reason that cannot succeed on retry; `RETRIES_EXHAUSTED`:
   * transient refusals kept coming; `UPLOAD_FAILED` / `UPLOAD_CANCELLED`: the media never uploaded. */
  readonly code:
    "SEND_REFUSED" | "RETRIES_EXHAUSTED" | "UPLOAD_FAILED" | "UPLOAD_CANCELLED";
  /** The SENDACK reason code (protocol §11), when the server refused the message. */
  readonly reasonCode?: number;
  /** With `UPLOAD_FAILED`: the upload route's refusal, when it gave one (#contract's ApiErrorReason). */
  readonly refusal?: UploadRefusal;
}

/** Why the server refused an upload: its stable reason and the values its sentence uses. */
export interface UploadRefusal {
  readonly reason: string;
  readonly params?: Readonly<Record<string, string | number | null>>;
}

/** Server-side changes of a message after it was sent (spec §3 "remote extra"), from messageExtraSync. */
export interface MessageExtra {
  /** Receipts: how many members have read / not yet read it (for own messages with receipts). */
  readedCount: number;
  unreadCount: number;
  /** The sender took it back; `revoker` is who did. */
  revoke: boolean;
  revoker?: string;
  /** Edited text: `contentEdit` is the new payload JSON, `editedAt` milliseconds. */
  isEdit: boolean;
  contentEdit?: JsonObject;
  editedAt?: number;
  /** Server extra version this state comes from. */
  extraVersion: number;
}

/** A message row. Primary key `clientMsgNo`; `messageId` is a unique (sparse) index. */
export interface MessageRecord {
  /** Sender-chosen id, stable across re-sends; the server de-duplicates by it. */
  clientMsgNo: string;
  /** Server message id (an i64) as a decimal string; absent until the SENDACK. */
  messageId?: string;
  /** Per-channel sequence number; absent until the SENDACK, 0 for messages the server does not persist. */
  messageSeq?: number;
  channelId: string;
  channelType: number;
  fromUid: string;
  /** Milliseconds since the epoch: server time for stored messages, local time while pending. */
  timestamp: number;
  /** Payload content type (protocol §9): 1 text, 2 image, 99 command… */
  contentType: number;
  /** The decoded payload JSON, `type` included. */
  content: JsonObject;
  status: MessageStatus;
  failure?: MessageFailure;
  /** Header RedDot flag: the message counts towards unread. */
  redDot: boolean;
  /** Setting bit 0x80: the sender wants read receipts. */
  receipt: boolean;
  /** For a received receipt message: this user's read receipt has been delivered. */
  readed: boolean;
  readedAt?: number;
  isDeleted: boolean;
  /** Receipt counts, revoke and edit state; absent until the server reports a change. */
  extra?: MessageExtra;
}
