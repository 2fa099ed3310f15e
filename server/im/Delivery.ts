// Fan-out of one message as RECVs (§5.5, §12, §16.6): to every connection of the recipient
// (channelID = sender), to the sender's other connections (channelID = peer, RedDot cleared), or
// to a data channel's subscribers; each encrypted and signed for its receiving connection.
import {
  ChannelType,
  type RecvDraft,
  encodeFrame,
  parseSetting,
} from "#protocol";
import type { ConnectionRegistry } from "./ConnectionRegistry";
import type { ImConnection } from "./ImConnection";

/** A message ready to deliver: ids assigned, payload in plaintext. */
export interface OutboundMessage {
  messageId: bigint;
  /** 0 when not stored (not tracked for RECVACK). */
  messageSeq: number;
  /** Seconds. */
  timestamp: number;
  fromUid: string;
  /** The channelID as sent (personal: the recipient). */
  channelId: string;
  channelType: number;
  clientMsgNo: string;
  setting: number;
  topic: string | null;
  expire: number;
  redDot: boolean;
  noPersist: boolean;
  syncOnce: boolean;
  payload: Uint8Array;
}

/**
 * The RECV for one receiver before encryption (§5.5): `channelId` is the channel as that receiver
 * sees it, `redDot` cleared on the sender's own copies.
 */
export function recvDraft(
  message: OutboundMessage,
  channelId: string,
  redDot: boolean,
): RecvDraft {
  const draft: RecvDraft = {
    setting: parseSetting(message.setting),
    fromUID: message.fromUid,
    channelID: channelId,
    channelType: message.channelType,
    expire: message.expire,
    clientMsgNo: message.clientMsgNo,
    messageID: message.messageId,
    messageSeq: message.messageSeq,
    timestamp: message.timestamp,
    redDot,
    noPersist: message.noPersist,
    syncOnce: message.syncOnce,
  };
  if (message.topic !== null) draft.topic = message.topic;
  return draft;
}

export class Delivery {
  readonly #registry: ConnectionRegistry;
  readonly #now: () => number;

  constructor(registry: ConnectionRegistry, now: () => number) {
    this.#registry = registry;
    this.#now = now;
  }

  /** Delivers a message to its audience, never back to `origin` (the sending connection). */
  deliver(message: OutboundMessage, origin: ImConnection | null): number {
    let sent = 0;
    if (message.channelType === ChannelType.DATA) {
      for (const conn of this.#registry.subscribersOf(message.channelId)) {
        if (
          conn !== origin &&
          this.#push(conn, message, message.channelId, false)
        )
          sent++;
      }
      return sent;
    }
    for (const conn of this.#registry.ofUid(message.channelId)) {
      if (this.#push(conn, message, message.fromUid, message.redDot)) sent++;
    }
    for (const conn of this.#registry.ofUid(message.fromUid)) {
      if (
        conn !== origin &&
        this.#push(conn, message, message.channelId, false)
      )
        sent++;
    }
    return sent;
  }

  /** Delivers to every connection of one user only, showing it in `channelId` (commands). */
  deliverTo(uid: string, channelId: string, message: OutboundMessage): number {
    let sent = 0;
    for (const conn of this.#registry.ofUid(uid)) {
      if (this.#push(conn, message, channelId, message.redDot)) sent++;
    }
    return sent;
  }

  #push(
    conn: ImConnection,
    message: OutboundMessage,
    channelId: string,
    redDot: boolean,
  ): boolean {
    const who = conn.identity;
    if (who === null || conn.phase !== "open") return false;
    const draft = recvDraft(message, channelId, redDot);
    const frame = who.crypto.sealRecv(draft, message.payload);
    const bytes = encodeFrame(frame, who.version);
    if (!conn.sendBytes(bytes)) return false;
    if (message.messageSeq > 0 && !message.noPersist)
      conn.pending.add(message.messageId, bytes, this.#now());
    return true;
  }
}
