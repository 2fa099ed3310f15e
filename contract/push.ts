// What a Web Push carries to the service worker: a new message of a conversation, or "read
// elsewhere" for one. The server writes it (server/domain/push/pushPayload.ts); the service worker
// checks untrusted JSON against this shape (src/sw/pushPayload.ts). Also the longest endpoint
// the push API stores.

/** The longest PushSubscription.endpoint the server stores (and will POST to). */
export const MAX_ENDPOINT_LENGTH = 2048;

export interface MessagePush {
  type: "message";
  /** The conversation as the recipient sees it (personal: the sender's uid). */
  channelId: string;
  channelType: number;
  title: string;
  body: string;
  messageSeq: number;
  /** Notification tag: one notification per conversation. */
  tag: string;
  /** Unread messages of the conversation, this one included. */
  unread: number;
}

export interface ReadPush {
  type: "read";
  channelId: string;
  channelType: number;
  tag: string;
  /** Messages up to this seq are read: notifications for them close. */
  readToSeq: number;
}

export type PushPayload = MessagePush | ReadPush;
