// Reason codes carried by CONNACK, SENDACK, DISCONNECT and SUBACK, in Go's iota order (§11).

/** Reason codes 0–25 (§11, GP `common.go ReasonCode`). Only {@link ReasonCode.SUCCESS} (1) means success. */
export const ReasonCode = {
  UNKNOWN: 0,
  SUCCESS: 1,
  AUTH_FAIL: 2,
  SUBSCRIBER_NOT_EXIST: 3,
  IN_BLACKLIST: 4,
  CHANNEL_NOT_EXIST: 5,
  USER_NOT_ON_NODE: 6,
  SENDER_OFFLINE: 7,
  MSG_KEY_ERROR: 8,
  PAYLOAD_DECODE_ERROR: 9,
  FORWARD_SEND_PACKET_ERROR: 10,
  NOT_ALLOW_SEND: 11,
  CONNECT_KICK: 12,
  NOT_IN_WHITELIST: 13,
  QUERY_TOKEN_ERROR: 14,
  SYSTEM_ERROR: 15,
  CHANNEL_ID_ERROR: 16,
  NODE_MATCH_ERROR: 17,
  NODE_NOT_MATCH: 18,
  BAN: 19,
  NOT_SUPPORT_HEADER: 20,
  CLIENT_KEY_IS_EMPTY: 21,
  RATE_LIMIT: 22,
  NOT_SUPPORT_CHANNEL_TYPE: 23,
  DISBAND: 24,
  SEND_BAN: 25,
} as const;
/** One of the {@link ReasonCode} numbers. */
export type ReasonCode = (typeof ReasonCode)[keyof typeof ReasonCode];

/** The names the fact sheet and Go use (`authFail`, `msgKeyError`, …), by code (§11). */
export const REASON_CODE_NAMES: Readonly<Record<ReasonCode, string>> = {
  0: "unknown",
  1: "success",
  2: "authFail",
  3: "subscriberNotExist",
  4: "inBlacklist",
  5: "channelNotExist",
  6: "userNotOnNode",
  7: "senderOffline",
  8: "msgKeyError",
  9: "payloadDecodeError",
  10: "forwardSendPacketError",
  11: "notAllowSend",
  12: "connectKick",
  13: "notInWhitelist",
  14: "queryTokenError",
  15: "systemError",
  16: "channelIDError",
  17: "nodeMatchError",
  18: "nodeNotMatch",
  19: "ban",
  20: "notSupportHeader",
  21: "clientKeyIsEmpty",
  22: "rateLimit",
  23: "notSupportChannelType",
  24: "disband",
  25: "sendBan",
};

/** True when `n` is one of the 26 defined reason codes. */
export function isReasonCode(n: number): n is ReasonCode {
  return Number.isInteger(n) && n >= 0 && n <= 25;
}

/** The §11 name of a reason code, or `"reason<n>"` for a code outside 0–25. */
export function reasonCodeName(n: number): string {
  return isReasonCode(n) ? REASON_CODE_NAMES[n] : `reason${n}`;
}
