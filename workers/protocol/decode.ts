// Bytes → frame for every packet of §5 with the version rules of §7: the body decoders shared by
// FrameDecoder, and decodeFrame for input that is exactly one frame. Throws only ProtocolError.
// Bytes after the known fields of a server packet are skipped, of a client packet refused
// (trailingBytes.ts says why).
import { ByteReader } from "./ByteReader";
import { MAX_FRAME_BYTES, isSupportedVersion } from "./constants";
import { ProtocolError } from "./errors";
import type { Frame } from "./frames";
import { readRecv, readSend } from "./decodeMessage";
import { HeaderFlag, OP_NAMES, Op, isOp } from "./opcodes";
import { lengthBytes, lengthValue, readLength } from "./remainingLength";
import { VersionRule } from "./setting";
import { ignoresTrailingBytes } from "./trailingBytes";

/** Options of {@link decodeFrame}. */
export interface DecodeOptions {
  /** Refuse declared bodies longer than this (default {@link MAX_FRAME_BYTES}). */
  maxFrameBytes?: number;
}

/**
 * Checks the packet type in a header byte (§4) and returns it. Types 0 and 13–15 are `BAD_TYPE`,
 * and so is EVENT when `version` is known and below 5 (§5.10).
 */
export function checkHeader(header: number, version: number | undefined): Op {
  const op = header >> 4;
  if (!isOp(op))
    throw new ProtocolError("BAD_TYPE", `unknown packet type ${op}`);
  if (
    op === Op.EVENT &&
    version !== undefined &&
    !VersionRule.hasEvent(version)
  ) {
    throw new ProtocolError(
      "BAD_TYPE",
      `EVENT is not part of protocol version ${version}`,
    );
  }
  return op;
}

/** True for the packets whose layout depends on the negotiated version (§7). */
export function needsVersion(op: Op): boolean {
  return op === Op.SEND || op === Op.RECV || op === Op.EVENT;
}

/**
 * Decodes one frame body. `r` spans exactly the body; `header` is the fixed header byte. Bytes
 * left after the known fields are skipped for server → client packets and are `TRAILING_BYTES`
 * for client → server packets ({@link ignoresTrailingBytes}).
 * @internal shared by {@link decodeFrame} and FrameDecoder
 */
export function decodeBody(
  header: number,
  r: ByteReader,
  version: number,
): Frame {
  const op = checkHeader(header, version);
  const dup = (header & HeaderFlag.DUP) !== 0;
  const syncOnce = (header & HeaderFlag.SYNC_ONCE) !== 0;
  const redDot = (header & HeaderFlag.RED_DOT) !== 0;
  const noPersist = (header & HeaderFlag.NO_PERSIST) !== 0;
  let frame: Frame;
  switch (op) {
    case Op.CONNECT: // §5.1
      frame = {
        op,
        dup,
        syncOnce,
        redDot,
        noPersist,
        version: r.u8("version"),
        deviceFlag: r.u8("deviceFlag"),
        deviceID: r.str("deviceID"),
        uid: r.str("uid"),
        token: r.str("token"),
        clientTimestamp: r.i64("clientTimestamp"),
        clientKey: r.str("clientKey"),
      };
      break;
    case Op.CONNACK: {
      // §5.2: bit 0 = HasServerVersion; nodeId follows when serverVersion >= 4.
      const serverVersion =
        (header & HeaderFlag.HAS_SERVER_VERSION) !== 0
          ? r.u8("serverVersion")
          : undefined;
      const timeDiff = r.i64("timeDiff");
      const reasonCode = r.u8("reasonCode");
      const serverKey = r.str("serverKey");
      const salt = r.str("salt");
      frame = {
        op,
        dup,
        syncOnce,
        redDot,
        timeDiff,
        reasonCode,
        serverKey,
        salt,
      };
      if (serverVersion !== undefined) frame.serverVersion = serverVersion;
      if (VersionRule.connackHasNodeId(serverVersion))
        frame.nodeId = r.u64("nodeId");
      break;
    }
    case Op.SEND:
      frame = readSend(r, version, header);
      break;
    case Op.SENDACK: // §5.4
      frame = {
        op,
        dup,
        syncOnce,
        redDot,
        noPersist,
        messageID: r.i64("messageID"),
        clientSeq: r.u32("clientSeq"),
        messageSeq: r.u32("messageSeq"),
        reasonCode: r.u8("reasonCode"),
      };
      break;
    case Op.RECV:
      frame = readRecv(r, version, header);
      break;
    case Op.RECVACK: // §5.6
      frame = {
        op,
        dup,
        syncOnce,
        redDot,
        noPersist,
        messageID: r.i64("messageID"),
        messageSeq: r.u32("messageSeq"),
      };
      break;
    case Op.PING: // §5.7
    case Op.PONG:
      frame = { op, dup, syncOnce, redDot, noPersist };
      break;
    case Op.DISCONNECT: // §5.8
      frame = {
        op,
        dup,
        syncOnce,
        redDot,
        noPersist,
        reasonCode: r.u8("reasonCode"),
        reason: r.str("reason"),
      };
      break;
    case Op.SUB: // §5.9
      frame = {
        op,
        dup,
        syncOnce,
        redDot,
        noPersist,
        setting: r.u8("setting"),
        subNo: r.str("subNo"),
        channelID: r.str("channelID"),
        channelType: r.u8("channelType"),
        action: r.u8("action"),
        param: r.str("param"),
      };
      break;
    case Op.SUBACK: // §5.9
      frame = {
        op,
        dup,
        syncOnce,
        redDot,
        noPersist,
        subNo: r.str("subNo"),
        channelID: r.str("channelID"),
        channelType: r.u8("channelType"),
        action: r.u8("action"),
        reasonCode: r.u8("reasonCode"),
      };
      break;
    case Op.EVENT: // §5.10
      frame = {
        op,
        dup,
        syncOnce,
        redDot,
        noPersist,
        id: r.str("id"),
        type: r.str("type"),
        timestamp: r.i64("timestamp"),
        data: r.rest(),
      };
      break;
  }
  // NOTE: `r` ends where the remaining length says, so skipping keeps a stream in sync.
  if (ignoresTrailingBytes(op)) r.skipRest();
  else r.done(OP_NAMES[op]);
  return frame;
}

const oneShotReader = new ByteReader();

/**
 * Decodes `bytes`, which must hold exactly one complete frame, for a connection at `version`.
 * Use {@link FrameDecoder} for a byte stream. Bytes after the frame's end are `TRAILING_BYTES`
 * for every packet type (the input then holds more than one frame). Throws {@link ProtocolError} (`TRUNCATED`,
 * `TRAILING_BYTES`, `TOO_LARGE`, `BAD_LENGTH`, `BAD_TYPE`, `BAD_UTF8`, `INVALID_FIELD`, `UNSUPPORTED_VERSION`).
 *
 * @example
 * const frame = decodeFrame(new Uint8Array(wsMessage), 4);
 * if (frame.op === Op.RECV) handleRecv(frame);
 */
export function decodeFrame(
  bytes: Uint8Array,
  version: number,
  options?: DecodeOptions,
): Frame {
  if (!isSupportedVersion(version))
    throw new ProtocolError(
      "UNSUPPORTED_VERSION",
      `protocol version ${version}`,
    );
  if (bytes.length === 0) throw new ProtocolError("TRUNCATED", "no bytes");
  const header = bytes[0] as number;
  const op = checkHeader(header, version);
  let bodyStart = 1;
  let end = 1;
  if (op !== Op.PING && op !== Op.PONG) {
    const packed = readLength(bytes, 1, bytes.length);
    if (packed < 0)
      throw new ProtocolError(
        "TRUNCATED",
        "frame ends inside the remaining length",
      );
    const len = lengthValue(packed);
    const cap = options?.maxFrameBytes ?? MAX_FRAME_BYTES;
    if (len > cap)
      throw new ProtocolError(
        "TOO_LARGE",
        `declared body of ${len} bytes; the cap is ${cap}`,
      );
    bodyStart = 1 + lengthBytes(packed);
    end = bodyStart + len;
    if (end > bytes.length)
      throw new ProtocolError(
        "TRUNCATED",
        `frame needs ${end} bytes, got ${bytes.length}`,
      );
  }
  if (end < bytes.length)
    throw new ProtocolError(
      "TRAILING_BYTES",
      `${bytes.length - end} byte(s) after the frame`,
    );
  return decodeBody(
    header,
    oneShotReader.reset(bytes, bodyStart, end),
    version,
  );
}
