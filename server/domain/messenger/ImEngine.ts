// The messaging engine the IM domain talks to (architecture "Scale path"): send a message as a
// user, push a command to a user's live connections, ask who is online, and make sure our read side
// (im_messages, im_channels) holds what the engine stored. Two implementations: our embedded
// gateway (server/im) and WuKongIM over its HTTP API (server/im/wukongim).
import type { ReasonCode } from "#protocol";
import type { SendRuleRefusal } from "../../im/sendRules";

/** A message to send as `fromUid`, exactly as a SEND would carry it (plaintext payload). */
export interface ImSendRequest {
  fromUid: string;
  channelId: string;
  channelType: number;
  /** The payload JSON as UTF-8 (§9): an object with an integer `type`. */
  payload: Uint8Array;
  /** With fromUid, the de-duplication key; the engine makes one up when absent. */
  clientMsgNo?: string;
  clientSeq?: number;
  /** The setting byte (§6): receipt 0x80, topic 0x08. */
  setting?: number;
  topic?: string;
  /** Seconds, 0 = never. */
  expire?: number;
  /** Raises the recipient's unread count and shows a red dot (default true). */
  redDot?: boolean;
  /** Delivered to live connections only: no seq, not stored, no sync. */
  noPersist?: boolean;
  syncOnce?: boolean;
}

export type ImSendResult =
  | {
      ok: true;
      messageId: bigint;
      /** 0 for messages that are not stored. */
      messageSeq: number;
      clientMsgNo: string;
      /** Seconds. */
      timestamp: number;
      /** True when (fromUid, clientMsgNo) was sent before: these are the original's ids. */
      duplicate: boolean;
    }
  | {
      ok: false;
      reason: ReasonCode;
      detail: string;
      /** The content rule that refused it (HTTP answers each with its own reason). */
      refusal?: SendRuleRefusal;
    };

/** A command (content type 99) pushed to a user's live connections, not stored. */
export interface ImCommand {
  /** The user whose connections get it. */
  toUid: string;
  /** The channel it concerns, as that user sees it (personal: the peer's uid). */
  channelId: string;
  channelType: number;
  cmd: string;
  param?: unknown;
}

export interface ImEngine {
  /**
   * Sends like a SEND frame: validates, de-duplicates, stores (one transaction with concurrent
   * sends), then delivers RECVs. Resolves once the message is durable.
   * @example const r = await im.send({ fromUid: me.imId, channelId: peer, channelType: 1, payload });
   */
  send(request: ImSendRequest): Promise<ImSendResult>;
  /** Pushes a command to every live connection of `toUid` (best effort; sync is the fallback). */
  notify(command: ImCommand): void;
  /** The ones among `userIds` with at least one live IM connection. */
  onlineOf(userIds: readonly number[]): Promise<ReadonlySet<number>>;
  /**
   * Before reading a user's conversations (`peer` null) or one chat: copies into our tables what
   * the engine stored and they may not hold yet. The embedded engine writes them itself (no-op).
   */
  catchUp(uid: string, peer: string | null): Promise<void>;
  /** Whether the engine can serve now (a remote engine may be down for a while). */
  health(): Promise<ImHealth>;
}

/** The engine's state for the health endpoint. */
export interface ImHealth {
  engine: "embedded" | "wukongim";
  ok: boolean;
  /** Why not, when not ok. */
  detail?: string;
}

/** A message just stored and handed to live connections (what Web Push hears about). */
export interface StoredMessageEvent {
  fromUid: string;
  /** The recipient: the channelID as sent. */
  toUid: string;
  channelType: number;
  messageSeq: number;
  contentType: number;
  /** The payload JSON (§9). */
  payloadText: string;
  redDot: boolean;
  /** The recipient had an open connection when the RECVs went out. */
  recipientOnline: boolean;
}
