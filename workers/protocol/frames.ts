// Typed frames of the WuKongIM wire protocol (§3–§6): one interface per packet, a union
// discriminated on `op`. Pure types; encode.ts and decode.ts give them bytes.
import type { Op } from "./opcodes";

/**
 * Fixed-header flag bits (§3.1). The decoder always sets all four; the encoder treats a missing
 * flag as `false`.
 */
export interface FrameFlags {
  /** Bit 3: resend. */
  dup?: boolean;
  /** Bit 2: deliver once (sync-once). */
  syncOnce?: boolean;
  /** Bit 1: show a red dot (the SDK sets it on every SEND). */
  redDot?: boolean;
  /** Bit 0: do not store. (On CONNACK bit 0 means HasServerVersion instead, §5.2.) */
  noPersist?: boolean;
}

/**
 * The SEND/RECV setting byte (§6), minus the topic bit: bit 0x08 is set exactly when the frame has
 * a `topic`. The decoder always sets all five; the encoder treats a missing bit as `false`.
 * Bits 0x40 and 0x01 have no meaning and are ignored.
 */
export interface MessageSetting {
  /** 0x80: read receipts enabled. */
  receipt?: boolean;
  /** 0x20: signal (E2E) payload (Go only). */
  signal?: boolean;
  /** 0x10: payload not encrypted (Go only; the JS SDK never sets it). */
  noEncrypt?: boolean;
  /** 0x02: stream on, as Go and JS SDK ≥ 1.3.0 set it. */
  stream?: boolean;
  /** 0x04: stream on, as JS SDK ≤ 1.2.11 (incl. npm 1.0.4) sets it. */
  legacyStream?: boolean;
}

/** CONNECT, client → server (§5.1). Version-independent. */
export interface ConnectFrame extends FrameFlags {
  op: typeof Op.CONNECT;
  /** The protocol version the client speaks (2, 4 or 5 from the real SDKs). */
  version: number;
  /** {@link DeviceFlag}: 0 app, 1 web, 2 pc, 99 system. */
  deviceFlag: number;
  deviceID: string;
  uid: string;
  /** Plaintext token. */
  token: string;
  /** Milliseconds since the epoch (i64). */
  clientTimestamp: bigint;
  /** Standard base64 of the client's 32-byte X25519 public key (§8.1). */
  clientKey: string;
}

/** CONNACK, server → client (§5.2). Header bit 0 is HasServerVersion, so there is no `noPersist`. */
export interface ConnackFrame extends Omit<FrameFlags, "noPersist"> {
  op: typeof Op.CONNACK;
  /**
   * Present exactly when the HasServerVersion flag is set (Go: client version > 3). The real
   * server announces `min(clientVersion, 5)`.
   */
  serverVersion?: number;
  /** Server ms − clientTimestamp (i64). */
  timeDiff: bigint;
  /** {@link ReasonCode}; 1 = success. */
  reasonCode: number;
  /** Standard base64 of the server's 32-byte X25519 public key. */
  serverKey: string;
  /** 16 alphanumerics; the AES IV (§8.2). */
  salt: string;
  /**
   * u64, on the wire when `serverVersion >= 4` (the encoder writes 0 when absent). The v3 beta
   * also appends one to a refusal without the HasServerVersion flag; the decoder skips it there.
   */
  nodeId?: bigint;
}

/** SEND, client → server (§5.3). */
export interface SendFrame extends FrameFlags {
  op: typeof Op.SEND;
  setting: MessageSetting;
  /** u32 per-SDK-instance counter; the SENDACK echoes it. */
  clientSeq: number;
  clientMsgNo: string;
  /** On the wire when 2 ≤ v < 5 and a stream bit is set (required then). */
  streamNo?: string;
  channelID: string;
  channelType: number;
  /** Seconds, 0 = never; on the wire from v3 (the encoder writes 0 when absent). */
  expire?: number;
  /** 32 lowercase hex chars (§8.4). */
  msgKey: string;
  /** Present exactly when setting bit 0x08 is set. */
  topic?: string;
  /** The encrypted payload as base64 ASCII bytes (§8.3). */
  payload: Uint8Array;
}

/** SENDACK, server → client (§5.4). The v3 beta appends the clientMsgNo; the decoder skips it. */
export interface SendackFrame extends FrameFlags {
  op: typeof Op.SENDACK;
  /** i64 server message id. */
  messageID: bigint;
  clientSeq: number;
  /** u32 per-channel sequence. */
  messageSeq: number;
  reasonCode: number;
}

/** RECV stream fields as Go and JS SDK 1.3.0–1.3.1 lay them out (setting bit 0x02, §5.5). */
export interface GoRecvStream {
  layout: "go";
  /** {@link StreamFlag}. */
  flag: number;
  no: string;
  /** u64. */
  id: bigint;
}

/** RECV stream fields as JS SDK ≤ 1.2.11 (incl. npm 1.0.4) expects them (setting bit 0x04, §5.5). */
export interface LegacyRecvStream {
  layout: "legacy";
  no: string;
  /** u32. */
  seq: number;
  /** {@link StreamFlag}. */
  flag: number;
}

/** The stream fields of a RECV; `layout` must match the setting's stream bit. */
export type RecvStream = GoRecvStream | LegacyRecvStream;

/** RECV, server → client (§5.5). */
export interface RecvFrame extends FrameFlags {
  op: typeof Op.RECV;
  setting: MessageSetting;
  /** 32 lowercase hex chars (§8.5). */
  msgKey: string;
  fromUID: string;
  channelID: string;
  channelType: number;
  /** Seconds; on the wire from v3 (the encoder writes 0 when absent). */
  expire?: number;
  clientMsgNo: string;
  /** On the wire when 2 ≤ v < 5 and exactly one stream bit is set (required then). */
  stream?: RecvStream;
  /** i64. */
  messageID: bigint;
  /** u32. */
  messageSeq: number;
  /** i32 seconds. */
  timestamp: number;
  /** Present exactly when setting bit 0x08 is set. */
  topic?: string;
  /** The encrypted payload as base64 ASCII bytes (§8.3). */
  payload: Uint8Array;
}

/** RECVACK, client → server (§5.6). The SDK copies the RECV's flags. */
export interface RecvackFrame extends FrameFlags {
  op: typeof Op.RECVACK;
  messageID: bigint;
  messageSeq: number;
}

/** PING, client → server: one byte `0x70`, no length (§5.7). */
export interface PingFrame extends FrameFlags {
  op: typeof Op.PING;
}

/** PONG, server → client: one byte `0x80`, no length (§5.7). */
export interface PongFrame extends FrameFlags {
  op: typeof Op.PONG;
}

/** DISCONNECT, server → client (§5.8). */
export interface DisconnectFrame extends FrameFlags {
  op: typeof Op.DISCONNECT;
  reasonCode: number;
  reason: string;
}

/** SUB, client → server: data-channel subscribe (§5.9). */
export interface SubFrame extends FrameFlags {
  op: typeof Op.SUB;
  /** Raw u8; the SDK sends 0. */
  setting: number;
  /** The SDK sends "". */
  subNo: string;
  channelID: string;
  channelType: number;
  /** {@link SubAction}: 0 subscribe, 1 unsubscribe. */
  action: number;
  /** JSON text of the subscription parameters. */
  param: string;
}

/** SUBACK, server → client (§5.9). */
export interface SubackFrame extends FrameFlags {
  op: typeof Op.SUBACK;
  subNo: string;
  channelID: string;
  channelType: number;
  action: number;
  reasonCode: number;
}

/** EVENT, server → client, protocol version 5 only (§5.10). */
export interface EventFrame extends FrameFlags {
  op: typeof Op.EVENT;
  id: string;
  type: string;
  /** i64 milliseconds. */
  timestamp: bigint;
  data: Uint8Array;
}

/** Any frame; narrow on `op`. */
export type Frame =
  | ConnectFrame
  | ConnackFrame
  | SendFrame
  | SendackFrame
  | RecvFrame
  | RecvackFrame
  | PingFrame
  | PongFrame
  | DisconnectFrame
  | SubFrame
  | SubackFrame
  | EventFrame;

/** The frame type for one opcode, e.g. `FrameOf<typeof Op.SEND>` is {@link SendFrame}. */
export type FrameOf<O extends Op> = Extract<Frame, { op: O }>;
