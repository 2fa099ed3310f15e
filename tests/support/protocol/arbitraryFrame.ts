// Seeded generators of valid frames for a given protocol version, in the canonical decoded shape
// (all flags and setting bits explicit, version-dependent fields present exactly when the version has them).
import {
  Op,
  type Frame,
  type MessageSetting,
  type ProtocolVersion,
  type RecvFrame,
  type SendFrame,
} from "#protocol";
import type { Prng } from "./prng";

/** Every opcode valid at `v` (EVENT only from v5). */
export function opsFor(v: ProtocolVersion): Op[] {
  const ops: Op[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  if (v >= 5) ops.push(Op.EVENT);
  return ops;
}

function flags(r: Prng) {
  return {
    dup: r.bool(0.2),
    syncOnce: r.bool(0.2),
    redDot: r.bool(0.5),
    noPersist: r.bool(0.2),
  };
}

function setting(
  r: Prng,
  v: ProtocolVersion,
  streamBits: "any" | "one" | "none",
): Required<MessageSetting> {
  let stream = false;
  let legacyStream = false;
  if (streamBits !== "none" && r.bool(0.3)) {
    const which = r.int(0, streamBits === "one" || v < 5 ? 1 : 2);
    stream = which !== 1;
    legacyStream = which !== 0;
  }
  return {
    receipt: r.bool(0.3),
    signal: r.bool(0.2),
    noEncrypt: r.bool(0.2),
    stream,
    legacyStream,
  };
}

/** A random SEND valid at `v`. */
export function arbitrarySend(r: Prng, v: ProtocolVersion): SendFrame {
  const s = setting(r, v, "any");
  const f: SendFrame = {
    op: Op.SEND,
    ...flags(r),
    setting: s,
    clientSeq: r.u32(),
    clientMsgNo: r.str(40),
    channelID: r.str(),
    channelType: r.u8(),
    msgKey: r.ascii(0, 32),
    payload: r.bytes(r.int(0, 200)),
  };
  if (v < 5 && (s.stream || s.legacyStream)) f.streamNo = r.str();
  if (v >= 3) f.expire = r.u32();
  if (r.bool(0.3)) f.topic = r.str();
  return f;
}

/** A random RECV valid at `v`. */
export function arbitraryRecv(r: Prng, v: ProtocolVersion): RecvFrame {
  const s = setting(r, v, v < 5 ? "one" : "any");
  const f: RecvFrame = {
    op: Op.RECV,
    ...flags(r),
    setting: s,
    msgKey: r.ascii(0, 32),
    fromUID: r.str(),
    channelID: r.str(),
    channelType: r.u8(),
    clientMsgNo: r.str(40),
    messageID: r.i64(),
    messageSeq: r.u32(),
    timestamp: r.i32(),
    payload: r.bytes(r.int(0, 200)),
  };
  if (v >= 3) f.expire = r.u32();
  if (v < 5 && s.stream)
    f.stream = { layout: "go", flag: r.u8(), no: r.str(), id: r.u64() };
  if (v < 5 && s.legacyStream)
    f.stream = { layout: "legacy", no: r.str(), seq: r.u32(), flag: r.u8() };
  if (r.bool(0.3)) f.topic = r.str();
  return f;
}

/** A random frame of type `op`, valid at `v`. */
export function arbitraryFrame(
  r: Prng,
  v: ProtocolVersion,
  op: Op = r.pick(opsFor(v)),
): Frame {
  switch (op) {
    case Op.CONNECT:
      return {
        op,
        ...flags(r),
        version: r.u8(),
        deviceFlag: r.u8(),
        deviceID: r.str(40),
        uid: r.str(),
        token: r.str(),
        clientTimestamp: r.i64(),
        clientKey: r.ascii(0, 44),
      };
    case Op.CONNACK: {
      const { dup, syncOnce, redDot } = flags(r);
      const f: Frame = {
        op,
        dup,
        syncOnce,
        redDot,
        timeDiff: r.i64(),
        reasonCode: r.u8(),
        serverKey: r.ascii(0, 44),
        salt: r.ascii(0, 16),
      };
      if (r.bool(0.6)) {
        f.serverVersion = r.bool(0.8) ? r.int(2, 6) : r.u8();
        if (f.serverVersion >= 4) f.nodeId = r.u64();
      }
      return f;
    }
    case Op.SEND:
      return arbitrarySend(r, v);
    case Op.SENDACK:
      return {
        op,
        ...flags(r),
        messageID: r.i64(),
        clientSeq: r.u32(),
        messageSeq: r.u32(),
        reasonCode: r.u8(),
      };
    case Op.RECV:
      return arbitraryRecv(r, v);
    case Op.RECVACK:
      return { op, ...flags(r), messageID: r.i64(), messageSeq: r.u32() };
    case Op.PING:
    case Op.PONG:
      return { op, ...flags(r) };
    case Op.DISCONNECT:
      return { op, ...flags(r), reasonCode: r.u8(), reason: r.str() };
    case Op.SUB:
      return {
        op,
        ...flags(r),
        setting: r.u8(),
        subNo: r.str(),
        channelID: r.str(),
        channelType: r.u8(),
        action: r.u8(),
        param: r.str(60),
      };
    case Op.SUBACK:
      return {
        op,
        ...flags(r),
        subNo: r.str(),
        channelID: r.str(),
        channelType: r.u8(),
        action: r.u8(),
        reasonCode: r.u8(),
      };
    case Op.EVENT:
      return {
        op,
        ...flags(r),
        id: r.str(),
        type: r.str(),
        timestamp: r.i64(),
        data: r.bytes(r.int(0, 100)),
      };
  }
}
