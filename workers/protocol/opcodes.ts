// Packet types (opcodes), fixed-header flag bits and SEND/RECV setting bits of the WuKongIM wire
// protocol (§3.1, §4, §6). Numbers only; no parsing lives here.

/** Packet type: the high nibble of the fixed header byte (§4). Type 0 and 13–15 are invalid. */
export const Op = {
  CONNECT: 1,
  CONNACK: 2,
  SEND: 3,
  SENDACK: 4,
  RECV: 5,
  RECVACK: 6,
  PING: 7,
  PONG: 8,
  DISCONNECT: 9,
  SUB: 10,
  SUBACK: 11,
  /** Server → client, protocol version 5 only (§5.10). */
  EVENT: 12,
} as const;
/** One of the {@link Op} numbers. */
export type Op = (typeof Op)[keyof typeof Op];

/** Packet names by number, for logs and error messages. */
export const OP_NAMES: Readonly<Record<Op, keyof typeof Op>> = {
  1: "CONNECT",
  2: "CONNACK",
  3: "SEND",
  4: "SENDACK",
  5: "RECV",
  6: "RECVACK",
  7: "PING",
  8: "PONG",
  9: "DISCONNECT",
  10: "SUB",
  11: "SUBACK",
  12: "EVENT",
};

/** Low-nibble flag bits of the fixed header byte (§3.1). */
export const HeaderFlag = {
  DUP: 0x08,
  SYNC_ONCE: 0x04,
  RED_DOT: 0x02,
  NO_PERSIST: 0x01,
  /** CONNACK only: bit 0 means a serverVersion byte follows (§5.2). */
  HAS_SERVER_VERSION: 0x01,
} as const;

/** Bits of the SEND/RECV setting byte (§6). */
export const SettingBit = {
  RECEIPT: 0x80,
  SIGNAL: 0x20,
  NO_ENCRYPT: 0x10,
  TOPIC: 0x08,
  /** The stream bit as JS SDK ≤ 1.2.11 (incl. npm 1.0.4) sets it. */
  LEGACY_STREAM: 0x04,
  /** The stream bit of Go and JS SDK ≥ 1.3.0. */
  STREAM: 0x02,
} as const;

/** True when `n` is a packet type this codec knows (1–12). */
export function isOp(n: number): n is Op {
  return n >= Op.CONNECT && n <= Op.EVENT;
}
