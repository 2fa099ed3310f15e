// Byte-exact WuKongIM fixtures from docs/wukongim-protocol.md (§5 captures, §8.6 test vector) and
// docs/wukongim-engine.md (v3 beta frames), as byte-annotated hex plus the typed frame each decodes
// to. Shared by the protocol unit tests and the server's gateway tests; holds data and tiny hex
// helpers only.
import type { Frame, ProtocolVersion } from "#protocol";

/** Joins annotated hex parts ("32 90 01", "0003 626f62") into bytes. */
export function hex(...parts: string[]): Uint8Array {
  const clean = parts.join("").replace(/\s+/g, "");
  if (clean.length % 2 !== 0 || /[^0-9a-f]/i.test(clean))
    throw new Error(`bad hex: ${clean}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++)
    out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Lowercase hex of bytes. */
export function toHexString(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Hex of a protocol string field: u16 BE byte length + UTF-8 (§2). */
export function strHex(s: string): string {
  const utf8 = new TextEncoder().encode(s);
  return utf8.length.toString(16).padStart(4, "0") + toHexString(utf8);
}

/** Hex of text written as raw ASCII bytes (the "rest" payload of SEND/RECV, §8.3). */
export function asciiHex(s: string): string {
  return toHexString(new TextEncoder().encode(s));
}

/** ASCII/UTF-8 bytes of a string. */
export function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** The §8.6 test vector: keys, derived values and msgKeys. */
export const VECTOR = {
  /** The client "private key" is this ASCII GUID seed; curve25519-js clamps it. */
  clientSeedAscii: "0123456789abcdef0123456789abcdef",
  clientKey: "hlF7wMOf6Ha3ZGy1407gPa9xzLrWdFDBapcK2MvAPn4=",
  serverPrivateHex:
    "030a11181f262d343b424950575e656c737a81888f969da4abb2b9c0c7ced5dc",
  serverKey: "u1D/noKldM+/gg6X9g+5wUPsdBXPUU+M/Zjv9Z4FlhQ=",
  sharedBase64: "S7TABM3pja8f3vwc1IPoJ++NJa1cZsUarhp15tXGh0w=",
  md5HexOfShared: "db67526dfa47d064899cded0dc089db5",
  aesKey: "db67526dfa47d064",
  salt: "AbCdEfGh12345678",
  aesIV: "AbCdEfGh12345678",
  plainPayload: '{"content":"hi 你好","type":1}',
  encryptedPayload:
    "lXLiD5bcEBZC9UpadBitRplqPHzfWPj+aMgK/eFuuEiXCo3UPW+0T2bX/sDx7Tuh",
  send: {
    clientSeq: 1,
    clientMsgNo: "00000000000000000000000000000001" + "3",
    channelID: "bob",
    channelType: 1,
    msgKey: "336d1809765d63101772eee4e7014569",
  },
  recv: {
    messageID: 700000000000000002n,
    messageSeq: 2,
    clientMsgNo: "echo-1",
    timestamp: 1760000000,
    fromUID: "bob",
    channelID: "bob",
    channelType: 1,
    msgKey: "7db10e5f9994e39527ab938f68133bd8",
  },
} as const;

/** The complete frames of §8.6 exactly as the sheet prints them (one hex run each). */
export const SHEET_FRAMES = {
  sendV2:
    "329001000000000100213030303030303030303030303030303030303030303030303030303030303031330003626f6201002033333664313830393736356436333130313737326565653465373031343536396c584c694435626345425a43395570616442697452706c7150487a6657506a2b614d674b2f65467575456958436f335550572b30543262582f73447837547568",
  sendV4:
    "329401000000000100213030303030303030303030303030303030303030303030303030303030303031330003626f620100000000002033333664313830393736356436333130313737326565653465373031343536396c584c694435626345425a43395570616442697452706c7150487a6657506a2b614d674b2f65467575456958436f335550572b30543262582f73447837547568",
  connackV2:
    "2049000000000000000001002c7531442f6e6f4b6c644d2b2f6767365839672b35775550736442585055552b4d2f5a6a76395a34466c68513d001041624364456647683132333435363738",
  connackV4:
    "215204000000000000000001002c7531442f6e6f4b6c644d2b2f6767365839672b35775550736442585055552b4d2f5a6a76395a34466c68513d0010416243644566476831323334353637380000000000000001",
  recvV2:
    "52860100002037646231306535663939393465333935323761623933386636383133336264380003626f620003626f620100066563686f2d3109b6e64a8ec600020000000268e778006c584c694435626345425a43395570616442697452706c7150487a6657506a2b614d674b2f65467575456958436f335550572b30543262582f73447837547568",
  recvV4:
    "528a0100002037646231306535663939393465333935323761623933386636383133336264380003626f620003626f62010000000000066563686f2d3109b6e64a8ec600020000000268e778006c584c694435626345425a43395570616442697452706c7150487a6657506a2b614d674b2f65467575456958436f335550572b30543262582f73447837547568",
  sendack: "421109b6e64a8ec60001000000010000000101",
  recvack: "620c09b6e64a8ec6000200000002",
  disconnect: "90070c00046b69636b",
} as const;

/** One fixture: annotated bytes, the versions they are valid for, and the frame they decode to. */
export interface FrameFixture {
  name: string;
  versions: readonly ProtocolVersion[];
  bytes: Uint8Array;
  frame: Frame;
}

const ALL: readonly ProtocolVersion[] = [2, 3, 4, 5];
const FLAGS_NONE = {
  dup: false,
  syncOnce: false,
  redDot: false,
  noPersist: false,
} as const;
const FLAGS_REDDOT = {
  dup: false,
  syncOnce: false,
  redDot: true,
  noPersist: false,
} as const;
const SETTING_NONE = {
  receipt: false,
  signal: false,
  noEncrypt: false,
  stream: false,
  legacyStream: false,
} as const;
const payload = utf8(VECTOR.encryptedPayload);

/** Every fixture frame, each with the decoded form the codec must produce and accept. */
export const FRAME_FIXTURES: readonly FrameFixture[] = [
  {
    name: "SEND v2 (§8.6)",
    versions: [2],
    bytes: hex(
      "32 90 01", // header: SEND | RedDot; remaining length 144
      "00", // setting
      "00000001", // clientSeq 1
      strHex(VECTOR.send.clientMsgNo), // clientMsgNo
      strHex("bob"), // channelID
      "01", // channelType person
      strHex(VECTOR.send.msgKey), // msgKey
      asciiHex(VECTOR.encryptedPayload), // payload (base64 text)
    ),
    frame: {
      op: 3,
      ...FLAGS_REDDOT,
      setting: SETTING_NONE,
      clientSeq: 1,
      clientMsgNo: VECTOR.send.clientMsgNo,
      channelID: "bob",
      channelType: 1,
      msgKey: VECTOR.send.msgKey,
      payload,
    },
  },
  {
    name: "SEND v4 (§8.6)",
    versions: [3, 4, 5],
    bytes: hex(
      "32 94 01", // header: SEND | RedDot; remaining length 148
      "00", // setting
      "00000001", // clientSeq
      strHex(VECTOR.send.clientMsgNo),
      strHex("bob"),
      "01", // channelType
      "00000000", // expire (v >= 3)
      strHex(VECTOR.send.msgKey),
      asciiHex(VECTOR.encryptedPayload),
    ),
    frame: {
      op: 3,
      ...FLAGS_REDDOT,
      setting: SETTING_NONE,
      clientSeq: 1,
      clientMsgNo: VECTOR.send.clientMsgNo,
      channelID: "bob",
      channelType: 1,
      expire: 0,
      msgKey: VECTOR.send.msgKey,
      payload,
    },
  },
  {
    name: "CONNACK v2 (§8.6)",
    versions: ALL,
    bytes: hex(
      "20 49", // header: CONNACK, no HasServerVersion; remaining length 73
      "0000000000000000", // timeDiff 0
      "01", // reasonCode success
      strHex(VECTOR.serverKey),
      strHex(VECTOR.salt),
    ),
    frame: {
      op: 2,
      dup: false,
      syncOnce: false,
      redDot: false,
      timeDiff: 0n,
      reasonCode: 1,
      serverKey: VECTOR.serverKey,
      salt: VECTOR.salt,
    },
  },
  {
    name: "CONNACK v4 (§5.2, §8.6)",
    versions: ALL,
    bytes: hex(
      "21 52", // header: CONNACK | HasServerVersion; remaining length 82
      "04", // serverVersion 4
      "0000000000000000", // timeDiff 0
      "01", // reasonCode success
      strHex(VECTOR.serverKey),
      strHex(VECTOR.salt),
      "0000000000000001", // nodeId 1 (serverVersion >= 4)
    ),
    frame: {
      op: 2,
      dup: false,
      syncOnce: false,
      redDot: false,
      serverVersion: 4,
      timeDiff: 0n,
      reasonCode: 1,
      serverKey: VECTOR.serverKey,
      salt: VECTOR.salt,
      nodeId: 1n,
    },
  },
  {
    name: "RECV v2 (§5.5, §8.6)",
    versions: [2],
    bytes: hex(
      "52 86 01", // header: RECV | RedDot; remaining length 134
      "00", // setting
      strHex(VECTOR.recv.msgKey),
      strHex("bob"), // fromUID
      strHex("bob"), // channelID
      "01", // channelType
      strHex("echo-1"), // clientMsgNo
      "09b6e64a8ec60002", // messageID 700000000000000002
      "00000002", // messageSeq 2
      "68e77800", // timestamp 1760000000
      asciiHex(VECTOR.encryptedPayload),
    ),
    frame: {
      op: 5,
      ...FLAGS_REDDOT,
      setting: SETTING_NONE,
      msgKey: VECTOR.recv.msgKey,
      fromUID: "bob",
      channelID: "bob",
      channelType: 1,
      clientMsgNo: "echo-1",
      messageID: 700000000000000002n,
      messageSeq: 2,
      timestamp: 1760000000,
      payload,
    },
  },
  {
    name: "RECV v4 (§5.5, §8.6)",
    versions: [3, 4, 5],
    bytes: hex(
      "52 8a 01", // header: RECV | RedDot; remaining length 138
      "00", // setting
      strHex(VECTOR.recv.msgKey),
      strHex("bob"),
      strHex("bob"),
      "01",
      "00000000", // expire (v >= 3)
      strHex("echo-1"),
      "09b6e64a8ec60002",
      "00000002",
      "68e77800",
      asciiHex(VECTOR.encryptedPayload),
    ),
    frame: {
      op: 5,
      ...FLAGS_REDDOT,
      setting: SETTING_NONE,
      msgKey: VECTOR.recv.msgKey,
      fromUID: "bob",
      channelID: "bob",
      channelType: 1,
      expire: 0,
      clientMsgNo: "echo-1",
      messageID: 700000000000000002n,
      messageSeq: 2,
      timestamp: 1760000000,
      payload,
    },
  },
  {
    name: "SENDACK (§5.4, §8.6)",
    versions: ALL,
    bytes: hex(
      "42 11", // header: SENDACK | RedDot; remaining length 17
      "09b6e64a8ec60001", // messageID 700000000000000001
      "00000001", // clientSeq 1
      "00000001", // messageSeq 1
      "01", // reasonCode success
    ),
    frame: {
      op: 4,
      ...FLAGS_REDDOT,
      messageID: 700000000000000001n,
      clientSeq: 1,
      messageSeq: 1,
      reasonCode: 1,
    },
  },
  {
    name: "RECVACK (§5.6)",
    versions: ALL,
    bytes: hex(
      "62 0c", // header: RECVACK | RedDot; remaining length 12
      "09b6e64a8ec60002", // messageID
      "00000002", // messageSeq
    ),
    frame: {
      op: 6,
      ...FLAGS_REDDOT,
      messageID: 700000000000000002n,
      messageSeq: 2,
    },
  },
  {
    name: "DISCONNECT (§5.8)",
    versions: ALL,
    bytes: hex(
      "90 07", // header: DISCONNECT; remaining length 7
      "0c", // reasonCode 12 connectKick
      strHex("kick"),
    ),
    frame: { op: 9, ...FLAGS_NONE, reasonCode: 12, reason: "kick" },
  },
  {
    name: "PING (§5.7)",
    versions: ALL,
    bytes: hex("70"),
    frame: { op: 7, ...FLAGS_NONE },
  },
  {
    name: "PONG (§5.7)",
    versions: ALL,
    bytes: hex("80"),
    frame: { op: 8, ...FLAGS_NONE },
  },
  {
    name: "SUB captured from SDK 1.0.4 (§5.9)",
    versions: ALL,
    bytes: hex(
      "a0 23", // header: SUB; remaining length 35
      "00", // setting
      "0000", // subNo ""
      "0006 6c6976652d31", // channelID "live-1"
      "07", // channelType data
      "00", // action subscribe
      "0014 7b22726f6f6d223a2239222c2278223a2279227d", // param {"room":"9","x":"y"}
    ),
    frame: {
      op: 10,
      ...FLAGS_NONE,
      setting: 0,
      subNo: "",
      channelID: "live-1",
      channelType: 7,
      action: 0,
      param: '{"room":"9","x":"y"}',
    },
  },
  {
    name: "SUBACK (§5.9)",
    versions: ALL,
    bytes: hex(
      "b0 0d", // header: SUBACK; remaining length 13
      "0000", // subNo ""
      "0006 6c6976652d31", // channelID "live-1"
      "07", // channelType
      "00", // action
      "01", // reasonCode success
    ),
    frame: {
      op: 11,
      ...FLAGS_NONE,
      subNo: "",
      channelID: "live-1",
      channelType: 7,
      action: 0,
      reasonCode: 1,
    },
  },
  {
    name: "CONNECT rebuilt from the SDK 1.0.4 capture (§5.1)",
    versions: ALL,
    bytes: hex(
      "10 6d", // header: CONNECT; remaining length 109
      "02", // version 2
      "01", // deviceFlag web
      strHex("1e7e984f839147802978055f934738e5W"), // deviceID
      strHex("alice"), // uid
      strHex("tok-alice"), // token
      "000001a1fd4a2b8e", // clientTimestamp 1795250858894
      strHex("A2D5MP9/yhi3Ba4WRiYPKT9xSYkLnEh7v8me8IUjpnc="), // clientKey
    ),
    frame: {
      op: 1,
      ...FLAGS_NONE,
      version: 2,
      deviceFlag: 1,
      deviceID: "1e7e984f839147802978055f934738e5W",
      uid: "alice",
      token: "tok-alice",
      clientTimestamp: 1795250858894n,
      clientKey: "A2D5MP9/yhi3Ba4WRiYPKT9xSYkLnEh7v8me8IUjpnc=",
    },
  },
  {
    name: "EVENT (§5.10, v5 only)",
    versions: [5],
    bytes: hex(
      "c0 16", // header: EVENT; remaining length 22
      strHex("e1"), // id
      strHex("typing"), // type
      "0000019a2b3c4d5e", // timestamp (ms)
      "7b7d", // data "{}"
    ),
    frame: {
      op: 12,
      ...FLAGS_NONE,
      id: "e1",
      type: "typing",
      timestamp: 0x19a2b3c4d5en,
      data: utf8("{}"),
    },
  },
];

/** The clientMsgNo in the v3 SENDACK fixture: 36 bytes (a UUID with dashes) as in the engine notes. */
export const V3_CLIENT_MSG_NO = "2f1d0a5e-8c3b-4e7a-9b61-0d4c5e6f7a8b";

/**
 * Frames the WuKongIM v3 beta sends that end in fields we do not decode (engine notes, "What breaks
 * against the v3 beta"; §5.2, §5.4). Decode-only: `frame` is what they decode to, and encoding it
 * gives the v2.2.5 layout without the appended bytes.
 */
export const V3_BETA_FIXTURES: readonly FrameFixture[] = [
  {
    name: "SENDACK from the v3 beta, clientMsgNo appended (§5.4)",
    versions: ALL,
    bytes: hex(
      "40 37", // header: SENDACK, no flags copied from the SEND; remaining length 55
      "09b6e64a8ec60001", // messageID 700000000000000001
      "00000001", // clientSeq 1
      "00000001", // messageSeq 1
      "01", // reasonCode success
      "0024", // clientMsgNo: 36 bytes (not decoded)
      asciiHex(V3_CLIENT_MSG_NO),
    ),
    frame: {
      op: 4,
      ...FLAGS_NONE,
      messageID: 700000000000000001n,
      clientSeq: 1,
      messageSeq: 1,
      reasonCode: 1,
    },
  },
  {
    name: "refusal CONNACK from the v3 beta to a v4/v5 client, nodeId without the flag (§5.2)",
    versions: [4, 5],
    bytes: hex(
      "20 15", // header: CONNACK, no HasServerVersion; remaining length 21
      "0000000000000000", // timeDiff 0
      "02", // reasonCode authFail
      "0000", // serverKey ""
      "0000", // salt ""
      "0000000000000001", // nodeId 1 (not decoded: no serverVersion announced)
    ),
    frame: {
      op: 2,
      dup: false,
      syncOnce: false,
      redDot: false,
      timeDiff: 0n,
      reasonCode: 2,
      serverKey: "",
      salt: "",
    },
  },
];
