// fast-check arbitraries of valid frames for a given protocol version, in the canonical decoded shape
// (all flags and setting bits explicit, version-dependent fields present exactly when the version has
// them). Fields that a version or a setting leaves out are still drawn and then dropped, so every
// frame is a plain record that shrinks field by field.
import fc from "fast-check";
import {
  Op,
  type Frame,
  type MessageSetting,
  type ProtocolVersion,
  type RecvFrame,
  type SendFrame,
} from "#protocol";
import {
  ascii,
  bytes,
  chance,
  i32,
  maybe,
  i64,
  text,
  u32,
  u64,
  u8,
} from "./fieldArbitraries";

/** Every opcode valid at `v` (EVENT only from v5). */
export function opsFor(v: ProtocolVersion): Op[] {
  const ops: Op[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  if (v >= 5) ops.push(Op.EVENT);
  return ops;
}

/** One value drawn from `arb`, reproducible from `seed` (for fixed examples and seeded fuzzers). */
export function sampleOne<T>(arb: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(arb, { seed, numRuns: 1 })[0]!;
}

const flags = fc.record({
  dup: chance(0.2),
  syncOnce: chance(0.2),
  redDot: chance(0.5),
  noPersist: chance(0.2),
});

const NO_STREAM = { stream: false, legacyStream: false };

function setting(
  v: ProtocolVersion,
  streamBits: "any" | "one",
): fc.Arbitrary<Required<MessageSetting>> {
  const maxWhich = streamBits === "one" || v < 5 ? 1 : 2;
  return fc
    .record({
      receipt: chance(0.3),
      signal: chance(0.2),
      noEncrypt: chance(0.2),
      streamBits: fc.oneof(
        { arbitrary: fc.constant(NO_STREAM), weight: 7 },
        {
          arbitrary: fc.integer({ min: 0, max: maxWhich }).map((which) => ({
            stream: which !== 1,
            legacyStream: which !== 0,
          })),
          weight: 3,
        },
      ),
    })
    .map(({ streamBits: s, ...rest }) => ({ ...rest, ...s }));
}

const optionalTopic = maybe(0.3, text());

/** Random SENDs valid at `v`. */
export function sendArb(v: ProtocolVersion): fc.Arbitrary<SendFrame> {
  return fc
    .record({
      flags,
      setting: setting(v, "any"),
      clientSeq: u32,
      clientMsgNo: text(40),
      channelID: text(),
      channelType: u8,
      msgKey: ascii(0, 32),
      payload: bytes(200),
      streamNo: text(),
      expire: u32,
      topic: optionalTopic,
    })
    .map(({ flags: fl, streamNo, expire, topic, ...rest }) => {
      const s = rest.setting;
      const f: SendFrame = { op: Op.SEND, ...fl, ...rest };
      if (v < 5 && (s.stream || s.legacyStream)) f.streamNo = streamNo;
      if (v >= 3) f.expire = expire;
      if (topic !== undefined) f.topic = topic;
      return f;
    });
}

/** Random RECVs valid at `v`. */
export function recvArb(v: ProtocolVersion): fc.Arbitrary<RecvFrame> {
  return fc
    .record({
      flags,
      setting: setting(v, v < 5 ? "one" : "any"),
      msgKey: ascii(0, 32),
      fromUID: text(),
      channelID: text(),
      channelType: u8,
      clientMsgNo: text(40),
      messageID: i64,
      messageSeq: u32,
      timestamp: i32,
      payload: bytes(200),
      expire: u32,
      stream: fc.record({ flag: u8, no: text(), id: u64, seq: u32 }),
      topic: optionalTopic,
    })
    .map(({ flags: fl, expire, stream, topic, ...rest }) => {
      const { stream: goBit, legacyStream: legacyBit } = rest.setting;
      const { flag, no, id, seq } = stream;
      const f: RecvFrame = { op: Op.RECV, ...fl, ...rest };
      if (v >= 3) f.expire = expire;
      // Below v5 at most one stream bit is set (setting "one"), and it picks the layout.
      if (v < 5 && goBit) f.stream = { layout: "go", flag, no, id };
      if (v < 5 && legacyBit) f.stream = { layout: "legacy", no, seq, flag };
      if (topic !== undefined) f.topic = topic;
      return f;
    });
}

function connack(): fc.Arbitrary<Frame> {
  return fc
    .record({
      flags,
      timeDiff: i64,
      reasonCode: u8,
      serverKey: ascii(0, 44),
      salt: ascii(0, 16),
      serverVersion: maybe(
        0.6,
        fc.oneof(
          { arbitrary: fc.integer({ min: 2, max: 6 }), weight: 8 },
          { arbitrary: u8, weight: 2 },
        ),
      ),
      nodeId: u64,
    })
    .map(
      ({
        flags: { dup, syncOnce, redDot },
        serverVersion,
        nodeId,
        ...rest
      }) => {
        const f: Frame = { op: Op.CONNACK, dup, syncOnce, redDot, ...rest };
        if (serverVersion !== undefined) {
          f.serverVersion = serverVersion;
          if (serverVersion >= 4) f.nodeId = nodeId;
        }
        return f;
      },
    );
}

/** Random frames of type `op`. */
function frameOf(v: ProtocolVersion, op: Op): fc.Arbitrary<Frame> {
  const withFlags = <T extends object>(model: {
    [K in keyof T]: fc.Arbitrary<T[K]>;
  }) =>
    fc
      .record({ flags, fields: fc.record(model) })
      .map(({ flags: fl, fields }) => ({ op, ...fl, ...fields }) as Frame);
  switch (op) {
    case Op.CONNECT:
      return withFlags({
        version: u8,
        deviceFlag: u8,
        deviceID: text(40),
        uid: text(),
        token: text(),
        clientTimestamp: i64,
        clientKey: ascii(0, 44),
      });
    case Op.CONNACK:
      return connack();
    case Op.SEND:
      return sendArb(v);
    case Op.SENDACK:
      return withFlags({
        messageID: i64,
        clientSeq: u32,
        messageSeq: u32,
        reasonCode: u8,
      });
    case Op.RECV:
      return recvArb(v);
    case Op.RECVACK:
      return withFlags({ messageID: i64, messageSeq: u32 });
    case Op.PING:
    case Op.PONG:
      return withFlags({});
    case Op.DISCONNECT:
      return withFlags({ reasonCode: u8, reason: text() });
    case Op.SUB:
      return withFlags({
        setting: u8,
        subNo: text(),
        channelID: text(),
        channelType: u8,
        action: u8,
        param: text(60),
      });
    case Op.SUBACK:
      return withFlags({
        subNo: text(),
        channelID: text(),
        channelType: u8,
        action: u8,
        reasonCode: u8,
      });
    case Op.EVENT:
      return withFlags({
        id: text(),
        type: text(),
        timestamp: i64,
        data: bytes(100),
      });
  }
}

const built = new Map<string, fc.Arbitrary<Frame>>();

/**
 * Random frames valid at `v`: of type `op`, or of any type valid at `v`. Built once per (v, op):
 * building costs more than drawing, and the seeded fuzzers draw one frame at a time.
 */
export function frameArb(v: ProtocolVersion, op?: Op): fc.Arbitrary<Frame> {
  const key = `${v}:${op ?? "any"}`;
  let arb = built.get(key);
  if (arb === undefined) {
    arb =
      op === undefined
        ? fc.oneof(...opsFor(v).map((o) => frameOf(v, o)))
        : frameOf(v, op);
    built.set(key, arb);
  }
  return arb;
}
