// Frame → bytes for every packet of §5, with the version rules of §7. Validates every field range
// and the consistency of optional fields with the setting byte; never truncates silently.
import { ByteWriter } from "./ByteWriter";
import {
  MAX_FRAME_BYTES,
  MAX_REMAINING_LENGTH,
  isSupportedVersion,
} from "./constants";
import { ProtocolError } from "./errors";
import type { Frame, RecvFrame, SendFrame } from "./frames";
import { HeaderFlag, Op } from "./opcodes";
import { lengthSize, writeLength } from "./remainingLength";
import { VersionRule, flagNibble, settingByte } from "./setting";

/** Options of {@link encodeFrame}. */
export interface EncodeOptions {
  /** Refuse bodies longer than this (default {@link MAX_FRAME_BYTES}, what Go accepts). */
  maxFrameBytes?: number;
}

/** Bytes reserved in front of the body for the header byte and a 4-byte remaining length. */
const HEADER_ROOM = 5;
/** A writer grown past this is dropped after use so one huge frame does not pin memory. */
const KEEP_CAPACITY = 64 * 1024;

let writer = new ByteWriter(1024);

/**
 * Encodes one frame for a connection that negotiated `version` (§3, §5, §7).
 *
 * Version-dependent fields are written only when `version` has them: `expire` from v3 (0 when
 * absent), SEND `streamNo` / RECV `stream` when 2 ≤ v < 5 and a stream bit is set (then required),
 * EVENT only at v5. The CONNACK layout follows the frame's own `serverVersion` (§5.2).
 * Throws {@link ProtocolError}: `INVALID_FIELD`, `BAD_UTF8`, `BAD_TYPE`, `TOO_LARGE`, `UNSUPPORTED_VERSION`.
 *
 * @example
 * const bytes = encodeFrame({ op: Op.SENDACK, redDot: true, messageID: 1n, clientSeq: 1, messageSeq: 1, reasonCode: 1 }, 4);
 */
export function encodeFrame(
  frame: Frame,
  version: number,
  options?: EncodeOptions,
): Uint8Array {
  if (!isSupportedVersion(version))
    throw new ProtocolError(
      "UNSUPPORTED_VERSION",
      `protocol version ${version}`,
    );
  const op = frame.op;
  if (op === Op.PING || op === Op.PONG)
    return Uint8Array.of((op << 4) | flagNibble(frame));

  const w = writer;
  w.reset(HEADER_ROOM);
  let nibble = flagNibble(frame);
  switch (op) {
    case Op.CONNECT: // §5.1
      w.u8(frame.version, "version");
      w.u8(frame.deviceFlag, "deviceFlag");
      w.str(frame.deviceID, "deviceID");
      w.str(frame.uid, "uid");
      w.str(frame.token, "token");
      w.i64(frame.clientTimestamp, "clientTimestamp");
      w.str(frame.clientKey, "clientKey");
      break;
    case Op.CONNACK: {
      // §5.2: bit 0 is HasServerVersion here, never NoPersist.
      nibble &= ~HeaderFlag.NO_PERSIST;
      const sv = frame.serverVersion;
      if (sv !== undefined) {
        nibble |= HeaderFlag.HAS_SERVER_VERSION;
        w.u8(sv, "serverVersion");
      }
      w.i64(frame.timeDiff, "timeDiff");
      w.u8(frame.reasonCode, "reasonCode");
      w.str(frame.serverKey, "serverKey");
      w.str(frame.salt, "salt");
      if (VersionRule.connackHasNodeId(sv)) w.u64(frame.nodeId ?? 0n, "nodeId");
      else if (frame.nodeId !== undefined) {
        throw new ProtocolError(
          "INVALID_FIELD",
          "CONNACK nodeId needs serverVersion >= 4",
        );
      }
      break;
    }
    case Op.SEND:
      writeSend(w, frame, version);
      break;
    case Op.SENDACK: // §5.4
      w.i64(frame.messageID, "messageID");
      w.u32(frame.clientSeq, "clientSeq");
      w.u32(frame.messageSeq, "messageSeq");
      w.u8(frame.reasonCode, "reasonCode");
      break;
    case Op.RECV:
      writeRecv(w, frame, version);
      break;
    case Op.RECVACK: // §5.6
      w.i64(frame.messageID, "messageID");
      w.u32(frame.messageSeq, "messageSeq");
      break;
    case Op.DISCONNECT: // §5.8
      w.u8(frame.reasonCode, "reasonCode");
      w.str(frame.reason, "reason");
      break;
    case Op.SUB: // §5.9
      w.u8(frame.setting, "setting");
      w.str(frame.subNo, "subNo");
      w.str(frame.channelID, "channelID");
      w.u8(frame.channelType, "channelType");
      w.u8(frame.action, "action");
      w.str(frame.param, "param");
      break;
    case Op.SUBACK: // §5.9
      w.str(frame.subNo, "subNo");
      w.str(frame.channelID, "channelID");
      w.u8(frame.channelType, "channelType");
      w.u8(frame.action, "action");
      w.u8(frame.reasonCode, "reasonCode");
      break;
    case Op.EVENT: // §5.10: v5 clients only; older SDKs reconnect on it.
      if (!VersionRule.hasEvent(version)) {
        throw new ProtocolError(
          "BAD_TYPE",
          `EVENT needs protocol version 5, not ${version}`,
        );
      }
      w.str(frame.id, "id");
      w.str(frame.type, "type");
      w.i64(frame.timestamp, "timestamp");
      w.bytes(frame.data, "data");
      break;
    default:
      throw new ProtocolError(
        "BAD_TYPE",
        `cannot encode packet type ${String((frame as { op: unknown }).op)}`,
      );
  }

  const bodyLen = w.pos - HEADER_ROOM;
  const cap = Math.min(
    options?.maxFrameBytes ?? MAX_FRAME_BYTES,
    MAX_REMAINING_LENGTH,
  );
  if (bodyLen > cap)
    throw new ProtocolError(
      "TOO_LARGE",
      `frame body is ${bodyLen} bytes; the cap is ${cap}`,
    );
  const start = HEADER_ROOM - 1 - lengthSize(bodyLen);
  w.buf[start] = (op << 4) | nibble;
  writeLength(w.buf, start + 1, bodyLen);
  const out = w.buf.slice(start, w.pos);
  if (w.buf.length > KEEP_CAPACITY) writer = new ByteWriter(1024);
  return out;
}

/** §5.3 */
function writeSend(w: ByteWriter, f: SendFrame, v: number): void {
  const s = f.setting;
  w.u8(settingByte(s, f.topic !== undefined), "setting");
  w.u32(f.clientSeq, "clientSeq");
  w.str(f.clientMsgNo, "clientMsgNo");
  if (
    VersionRule.hasStreamFields(v) &&
    (s.stream === true || s.legacyStream === true)
  ) {
    if (f.streamNo === undefined)
      throw new ProtocolError(
        "INVALID_FIELD",
        "SEND with a stream bit needs streamNo",
      );
    w.str(f.streamNo, "streamNo");
  }
  w.str(f.channelID, "channelID");
  w.u8(f.channelType, "channelType");
  if (VersionRule.hasExpire(v)) w.u32(f.expire ?? 0, "expire");
  w.str(f.msgKey, "msgKey");
  if (f.topic !== undefined) w.str(f.topic, "topic");
  w.bytes(f.payload, "payload");
}

/** §5.5 */
function writeRecv(w: ByteWriter, f: RecvFrame, v: number): void {
  const s = f.setting;
  w.u8(settingByte(s, f.topic !== undefined), "setting");
  w.str(f.msgKey, "msgKey");
  w.str(f.fromUID, "fromUID");
  w.str(f.channelID, "channelID");
  w.u8(f.channelType, "channelType");
  if (VersionRule.hasExpire(v)) w.u32(f.expire ?? 0, "expire");
  w.str(f.clientMsgNo, "clientMsgNo");
  if (
    VersionRule.hasStreamFields(v) &&
    (s.stream === true || s.legacyStream === true)
  ) {
    const st = f.stream;
    if (s.stream === true && s.legacyStream === true) {
      throw new ProtocolError(
        "INVALID_FIELD",
        "RECV cannot set both stream bits (0x02 and 0x04)",
      );
    }
    const layout = s.stream === true ? "go" : "legacy";
    if (st?.layout !== layout) {
      throw new ProtocolError(
        "INVALID_FIELD",
        `RECV stream bit needs stream fields with layout "${layout}"`,
      );
    }
    if (st.layout === "go") {
      w.u8(st.flag, "stream.flag");
      w.str(st.no, "stream.no");
      w.u64(st.id, "stream.id");
    } else {
      w.str(st.no, "stream.no");
      w.u32(st.seq, "stream.seq");
      w.u8(st.flag, "stream.flag");
    }
  }
  w.i64(f.messageID, "messageID");
  w.u32(f.messageSeq, "messageSeq");
  w.i32(f.timestamp, "timestamp");
  if (f.topic !== undefined) w.str(f.topic, "topic");
  w.bytes(f.payload, "payload");
}
