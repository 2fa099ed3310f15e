// Versions, limits and the small numeric vocabularies of the wire protocol: channel types, device
// flags and levels, SUB actions, stream flags (§2, §3.2, §5.9, §7, §10).

/** The protocol version this codebase speaks by default (what SDK 1.2.7–1.3.1 send; §0, §7). */
export const PROTOCOL_VERSION = 4;
/** Oldest version the codec decodes and encodes (npm `wukongimjssdk@1.0.4` sends 2; §0). */
export const MIN_PROTOCOL_VERSION = 2;
/** Newest version the codec decodes and encodes (SDK ≥ 1.3.2; v6 widens messageSeq and is not supported; §7). */
export const MAX_PROTOCOL_VERSION = 5;
/** A version in {@link MIN_PROTOCOL_VERSION}..{@link MAX_PROTOCOL_VERSION}. */
export type ProtocolVersion = 2 | 3 | 4 | 5;

/** True when `v` is a version the codec supports. */
export function isSupportedVersion(v: number): v is ProtocolVersion {
  return (
    Number.isInteger(v) &&
    v >= MIN_PROTOCOL_VERSION &&
    v <= MAX_PROTOCOL_VERSION
  );
}

/** Default cap on a frame's remaining length: Go's `MaxRemaingLength` (§3.2). */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Largest remaining length the 4-byte varint can express (§3.2). */
export const MAX_REMAINING_LENGTH = 0x0fffffff;
/** Longest string the encoder writes: Go reads the u16 length as int16 (§2). */
export const MAX_STRING_BYTES = 32767;

/** Channel types (§10, GP `common.go`). */
export const ChannelType = {
  PERSON: 1,
  GROUP: 2,
  CUSTOMER_SERVICE: 3,
  COMMUNITY: 4,
  COMMUNITY_TOPIC: 5,
  INFO: 6,
  /** Data channel used by SUB (§5.9). */
  DATA: 7,
  TEMP: 8,
  LIVE: 9,
  VISITORS: 10,
  AGENT: 11,
  AGENT_GROUP: 12,
} as const;
/** One of the {@link ChannelType} numbers. */
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];

/** CONNECT deviceFlag (§5.1, §10). */
export const DeviceFlag = { APP: 0, WEB: 1, PC: 2, SYSTEM: 99 } as const;
/** One of the {@link DeviceFlag} numbers. */
export type DeviceFlag = (typeof DeviceFlag)[keyof typeof DeviceFlag];

/** Device level of the HTTP token API (§10, §13). A master login kicks older sessions. */
export const DeviceLevel = { SLAVE: 0, MASTER: 1 } as const;
/** One of the {@link DeviceLevel} numbers. */
export type DeviceLevel = (typeof DeviceLevel)[keyof typeof DeviceLevel];

/** SUB/SUBACK action (§5.9). */
export const SubAction = { SUBSCRIBE: 0, UNSUBSCRIBE: 1 } as const;
/** One of the {@link SubAction} numbers. */
export type SubAction = (typeof SubAction)[keyof typeof SubAction];

/** RECV stream flag (§5.5, JS `StreamFlag`). */
export const StreamFlag = { START: 0, ING: 1, END: 2 } as const;
/** One of the {@link StreamFlag} numbers. */
export type StreamFlag = (typeof StreamFlag)[keyof typeof StreamFlag];
