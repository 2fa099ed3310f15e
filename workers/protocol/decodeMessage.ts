// Body decoders of the two message packets, SEND (§5.3) and RECV (§5.5), whose layouts depend on
// the protocol version (§7) and on the setting byte (§6). Used by decode.ts only.
import type { ByteReader } from "./ByteReader";
import { ProtocolError } from "./errors";
import type { RecvFrame, RecvStream, SendFrame } from "./frames";
import { HeaderFlag, Op, SettingBit } from "./opcodes";
import { VersionRule, parseSetting } from "./setting";

// NOTE: SEND and RECV objects are built as one literal (no spread) so V8 keeps them in fast mode;
// the spread form was several times slower on the hot path.

/** SEND body (§5.3). */
export function readSend(r: ByteReader, v: number, header: number): SendFrame {
  const b = r.u8("setting");
  const setting = parseSetting(b);
  const clientSeq = r.u32("clientSeq");
  const clientMsgNo = r.str("clientMsgNo");
  // NOTE: JS ≤ 1.2.11 flags streams with 0x04, Go with 0x02; the SEND layout is the same (§6).
  const streamNo =
    VersionRule.hasStreamFields(v) && (setting.stream || setting.legacyStream)
      ? r.str("streamNo")
      : undefined;
  const channelID = r.str("channelID");
  const channelType = r.u8("channelType");
  const expire = VersionRule.hasExpire(v) ? r.u32("expire") : undefined;
  const msgKey = r.str("msgKey");
  const topic = (b & SettingBit.TOPIC) !== 0 ? r.str("topic") : undefined;
  const f: SendFrame = {
    op: Op.SEND,
    dup: (header & HeaderFlag.DUP) !== 0,
    syncOnce: (header & HeaderFlag.SYNC_ONCE) !== 0,
    redDot: (header & HeaderFlag.RED_DOT) !== 0,
    noPersist: (header & HeaderFlag.NO_PERSIST) !== 0,
    setting,
    clientSeq,
    clientMsgNo,
    channelID,
    channelType,
    msgKey,
    payload: r.rest(),
  };
  if (streamNo !== undefined) f.streamNo = streamNo;
  if (expire !== undefined) f.expire = expire;
  if (topic !== undefined) f.topic = topic;
  return f;
}

/** RECV body (§5.5). */
export function readRecv(r: ByteReader, v: number, header: number): RecvFrame {
  const b = r.u8("setting");
  const setting = parseSetting(b);
  const msgKey = r.str("msgKey");
  const fromUID = r.str("fromUID");
  const channelID = r.str("channelID");
  const channelType = r.u8("channelType");
  const expire = VersionRule.hasExpire(v) ? r.u32("expire") : undefined;
  const clientMsgNo = r.str("clientMsgNo");
  let stream: RecvStream | undefined;
  if (
    VersionRule.hasStreamFields(v) &&
    (setting.stream || setting.legacyStream)
  ) {
    if (setting.stream && setting.legacyStream) {
      throw new ProtocolError(
        "INVALID_FIELD",
        "RECV sets both stream bits; the stream layout is ambiguous",
      );
    }
    stream = setting.stream
      ? {
          layout: "go",
          flag: r.u8("stream.flag"),
          no: r.str("stream.no"),
          id: r.u64("stream.id"),
        }
      : {
          layout: "legacy",
          no: r.str("stream.no"),
          seq: r.u32("stream.seq"),
          flag: r.u8("stream.flag"),
        };
  }
  const messageID = r.i64("messageID");
  const messageSeq = r.u32("messageSeq");
  const timestamp = r.i32("timestamp");
  const topic = (b & SettingBit.TOPIC) !== 0 ? r.str("topic") : undefined;
  const f: RecvFrame = {
    op: Op.RECV,
    dup: (header & HeaderFlag.DUP) !== 0,
    syncOnce: (header & HeaderFlag.SYNC_ONCE) !== 0,
    redDot: (header & HeaderFlag.RED_DOT) !== 0,
    noPersist: (header & HeaderFlag.NO_PERSIST) !== 0,
    setting,
    msgKey,
    fromUID,
    channelID,
    channelType,
    clientMsgNo,
    messageID,
    messageSeq,
    timestamp,
    payload: r.rest(),
  };
  if (expire !== undefined) f.expire = expire;
  if (stream !== undefined) f.stream = stream;
  if (topic !== undefined) f.topic = topic;
  return f;
}
