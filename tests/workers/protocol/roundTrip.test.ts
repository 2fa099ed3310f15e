// Round trips of every packet in protocol versions 2–5, as seeded fast-check properties, plus a table
// of each optional / version-dependent field present and absent (§5, §7).
import {
  FrameDecoder,
  Op,
  OP_NAMES,
  SettingBit,
  decodeFrame,
  encodeFrame,
  type Frame,
  type ProtocolVersion,
  type RecvFrame,
  type SendFrame,
} from "#protocol";
import fc from "fast-check";
import { frameArb, opsFor } from "../../support/protocol/arbitraryFrame";

const VERSIONS: ProtocolVersion[] = [2, 3, 4, 5];
const PER_OP = 150;

describe.each(VERSIONS)("generated round trips at v%i", (v) => {
  for (const op of opsFor(v)) {
    test(`${OP_NAMES[op]}: decode(encode(f)) = f for ${PER_OP} frames`, () => {
      fc.assert(
        fc.property(frameArb(v, op), (f) => {
          const bytes = encodeFrame(f, v);
          expect(decodeFrame(bytes, v)).toEqual(f);
          expect(encodeFrame(decodeFrame(bytes, v), v)).toEqual(bytes);
        }),
        { seed: 1000 * v + op, numRuns: PER_OP },
      );
    });
  }
});

const flags = { dup: false, syncOnce: false, redDot: true, noPersist: false };
const noSetting = {
  receipt: false,
  signal: false,
  noEncrypt: false,
  stream: false,
  legacyStream: false,
};
const payload = new Uint8Array([0x41, 0x42]);

function send(v: ProtocolVersion, extra: Partial<SendFrame>): SendFrame {
  const f: SendFrame = {
    op: Op.SEND,
    ...flags,
    setting: noSetting,
    clientSeq: 7,
    clientMsgNo: "m",
    channelID: "c",
    channelType: 2,
    msgKey: "k",
    payload,
    ...extra,
  };
  if (v >= 3 && f.expire === undefined) f.expire = 0;
  return f;
}

function recv(v: ProtocolVersion, extra: Partial<RecvFrame>): RecvFrame {
  const f: RecvFrame = {
    op: Op.RECV,
    ...flags,
    setting: noSetting,
    msgKey: "k",
    fromUID: "a",
    channelID: "b",
    channelType: 1,
    clientMsgNo: "m",
    messageID: 5n,
    messageSeq: 6,
    timestamp: 7,
    payload,
    ...extra,
  };
  if (v >= 3 && f.expire === undefined) f.expire = 0;
  return f;
}

function roundTrip(f: Frame, v: ProtocolVersion): Uint8Array {
  const bytes = encodeFrame(f, v);
  expect(decodeFrame(bytes, v)).toEqual(f);
  return bytes;
}

describe.each(VERSIONS)("optional and version-dependent fields at v%i", (v) => {
  const hasExpire = v >= 3;
  const hasStream = v < 5;

  test("SEND without optional fields: setting 0, no topic, expire only from v3", () => {
    const bytes = roundTrip(send(v, {}), v);
    expect(bytes.length).toBe(
      2 + 1 + 4 + 3 + 3 + 1 + (hasExpire ? 4 : 0) + 3 + 2,
    );
  });

  test("SEND with expire, topic, receipt/signal/noEncrypt bits", () => {
    const f = send(v, {
      setting: { ...noSetting, receipt: true, signal: true, noEncrypt: true },
      topic: "t1",
      ...(hasExpire ? { expire: 3600 } : {}),
    });
    const bytes = roundTrip(f, v);
    expect(bytes[2]).toBe(
      SettingBit.RECEIPT |
        SettingBit.SIGNAL |
        SettingBit.NO_ENCRYPT |
        SettingBit.TOPIC,
    );
  });

  test.each([
    ["Go stream bit 0x02", { ...noSetting, stream: true }, SettingBit.STREAM],
    [
      "old JS stream bit 0x04",
      { ...noSetting, legacyStream: true },
      SettingBit.LEGACY_STREAM,
    ],
  ] as const)(
    "SEND with the %s: streamNo only when 2 <= v < 5",
    (_name, setting, bit) => {
      const f = send(v, hasStream ? { setting, streamNo: "s-9" } : { setting });
      const bytes = roundTrip(f, v);
      expect(bytes[2]).toBe(bit);
      const decoded = decodeFrame(bytes, v) as SendFrame;
      expect(decoded.setting.legacyStream).toBe(
        bit === SettingBit.LEGACY_STREAM,
      );
      expect(decoded.streamNo).toBe(hasStream ? "s-9" : undefined);
    },
  );

  test("SEND: a streamNo the version cannot carry is left out", () => {
    const f = send(v, {
      setting: { ...noSetting, stream: true },
      streamNo: "s",
    });
    const decoded = decodeFrame(encodeFrame(f, v), v) as SendFrame;
    expect(decoded.streamNo).toBe(hasStream ? "s" : undefined);
  });

  test("RECV without optional fields, and with topic and expire", () => {
    roundTrip(recv(v, {}), v);
    roundTrip(recv(v, { topic: "", ...(hasExpire ? { expire: 1 } : {}) }), v);
  });

  test("RECV with the Go stream layout (0x02: flag u8, no str, id u64)", () => {
    const setting = { ...noSetting, stream: true };
    const f = recv(
      v,
      hasStream
        ? { setting, stream: { layout: "go", flag: 2, no: "n", id: 9n } }
        : { setting },
    );
    const bytes = roundTrip(f, v);
    if (hasStream)
      expect(bytes.length).toBe(roundTrip(recv(v, {}), v).length + 1 + 3 + 8);
  });

  test("RECV with the old JS stream layout (0x04: no str, seq u32, flag u8)", () => {
    const setting = { ...noSetting, legacyStream: true };
    const f = recv(
      v,
      hasStream
        ? { setting, stream: { layout: "legacy", no: "n", seq: 3, flag: 1 } }
        : { setting },
    );
    const bytes = roundTrip(f, v);
    if (hasStream)
      expect(bytes.length).toBe(roundTrip(recv(v, {}), v).length + 3 + 4 + 1);
  });

  test("CONNACK without and with serverVersion (nodeId from serverVersion 4)", () => {
    const base = {
      op: Op.CONNACK,
      dup: false,
      syncOnce: false,
      redDot: false,
      timeDiff: -5n,
      reasonCode: 1,
      serverKey: "k",
      salt: "s",
    } as const;
    expect(roundTrip(base, v)[0]).toBe(0x20);
    expect(roundTrip({ ...base, serverVersion: 3 }, v)[0]).toBe(0x21);
    const withNode = roundTrip(
      { ...base, serverVersion: 5, nodeId: 0xffffffffffffffffn },
      v,
    );
    expect(withNode.length).toBe(
      roundTrip({ ...base, serverVersion: 3 }, v).length + 8,
    );
  });

  test("a frame that leaves flags and setting bits out encodes them as 0", () => {
    const bytes = encodeFrame(
      {
        op: Op.SENDACK,
        messageID: 1n,
        clientSeq: 1,
        messageSeq: 1,
        reasonCode: 1,
      },
      v,
    );
    expect(bytes[0]).toBe(0x40);
    const s = encodeFrame(
      {
        op: Op.SEND,
        setting: {},
        clientSeq: 1,
        clientMsgNo: "",
        channelID: "",
        channelType: 1,
        msgKey: "",
        payload,
      },
      v,
    );
    expect(s[2]).toBe(0);
    expect((decodeFrame(s, v) as SendFrame).expire).toBe(
      hasExpire ? 0 : undefined,
    );
  });

  test("every header flag survives, on every packet", () => {
    for (const op of opsFor(v)) {
      const samples = fc.sample(frameArb(v, op), { seed: 77 + v, numRuns: 16 });
      for (let nibble = 0; nibble < 16; nibble++) {
        const f = samples[nibble] as Frame & Record<string, unknown>;
        f.dup = (nibble & 8) !== 0;
        f.syncOnce = (nibble & 4) !== 0;
        f.redDot = (nibble & 2) !== 0;
        if (op === Op.CONNACK) {
          expect((encodeFrame(f, v)[0]! & 0x0e) >> 1).toBe(
            (nibble & 0x0e) >> 1,
          );
          continue;
        }
        f.noPersist = (nibble & 1) !== 0;
        const bytes = encodeFrame(f, v);
        expect(bytes[0]).toBe((op << 4) | nibble);
        expect(new FrameDecoder({ version: v }).push(bytes)).toEqual([f]);
      }
    }
  });
});
