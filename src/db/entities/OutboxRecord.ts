// A pending send (spec §4 "Outgoing message"): written before anything goes on the wire so a reload
// or a lost connection never loses what the user typed. Outbox order = auto-increment `seq`.
import type { JsonObject } from "./JsonValue";

/** The media file of an image message, kept until its upload succeeds. */
export interface OutboxMedia {
  blob: Blob;
  mime: string;
  width: number;
  height: number;
}

/** An outbox row. Primary key `++seq` (send order), unique index `clientMsgNo`. */
export interface OutboxRecord {
  /** Auto-increment: the outbox order. A retried message gets a new, later seq. */
  seq: number;
  clientMsgNo: string;
  channelId: string;
  channelType: number;
  contentType: number;
  /** Payload JSON; for an image, `url` is filled in when the upload succeeds. */
  content: JsonObject;
  redDot: boolean;
  receipt: boolean;
  /** `pending`: waiting to be sent (or acknowledged); `failed`: kept (with its media) for a retry. */
  state: "pending" | "failed";
  media?: OutboxMedia;
  createdAt: number;
}
