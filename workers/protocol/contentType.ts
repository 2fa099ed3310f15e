// Numeric payload content types (§9; JS `const.ts MessageContentType`).

/** Content types of the payload JSON `type` key (§9). */
export const ContentType = {
  UNKNOWN: 0,
  TEXT: 1,
  IMAGE: 2,
  STREAM: 98,
  CMD: 99,
  /** System messages span 1000–2000 inclusive; text with `{0}` placeholders. */
  SYSTEM_MIN: 1000,
  SYSTEM_MAX: 2000,
  /** 20000–30000 are reserved for app-local custom types. */
  LOCAL_MIN: 20000,
  LOCAL_MAX: 30000,
  SIGNAL: 21000,
} as const;
/** One of the {@link ContentType} numbers. */
export type ContentType = (typeof ContentType)[keyof typeof ContentType];

/** True for system content types 1000–2000 (the SDK's `isSystemMessage`). */
export function isSystemContentType(type: number): boolean {
  return type >= ContentType.SYSTEM_MIN && type <= ContentType.SYSTEM_MAX;
}

/**
 * The uid the server sends as when no person does: WuKongIM's own system account (its default
 * `SystemUID`, which can hold no token and whose personal conversation WuKongIM hides). Our
 * account ids (`fy` + base36) never take this form, and the embedded gateway refuses it at CONNECT
 * like any uid without a token.
 */
export const SYSTEM_UID = "____system";

/**
 * True when a received message comes from the server itself: WuKongIM delivers its system
 * account's messages with an empty from_uid (and so does our gateway); no person has either uid.
 * A client trusts commands and system notices only from such a sender.
 */
export function isFromSystem(fromUid: string): boolean {
  return fromUid === "" || fromUid === SYSTEM_UID;
}

/**
 * Content types only the server sends: commands (99), streams (98) and system notices
 * (1000–2000). A user's SEND or HTTP send of one is refused; a client that receives one from
 * anyone but the system ({@link isFromSystem}) neither acts on it nor shows it as a notice.
 */
export function isServerOnlyContentType(type: number): boolean {
  return (
    type === ContentType.CMD ||
    type === ContentType.STREAM ||
    isSystemContentType(type)
  );
}
