// Newer servers append fields (trailingBytes.ts): the v3 beta's SENDACK and refusal CONNACK decode
// to their known fields, the stream stays in sync behind them, truncated frames still fail, and the
// packets a client sends still refuse bytes after their last field.
import { FrameDecoder, Op, decodeFrame, encodeFrame } from "#protocol";
import {
  FRAME_FIXTURES,
  V3_BETA_FIXTURES,
  hex,
  strHex,
  toHexString,
  type FrameFixture,
} from "../../support/protocol/protocolFixtures";
import { codeOf, concat, feed } from "../../support/protocol/decodeHelpers";

/** `bytes` (a frame with a one-byte remaining length) with `extra` appended inside its body. */
function withExtraInBody(bytes: Uint8Array, extra: Uint8Array): Uint8Array {
  const len = bytes[1]!;
  expect(len + extra.length).toBeLessThan(0x80);
  return concat([
    Uint8Array.of(bytes[0]!, len + extra.length),
    bytes.subarray(2),
    extra,
  ]);
}

const fixture = (name: string): FrameFixture =>
  FRAME_FIXTURES.find((f) => f.name.startsWith(name))!;
const [sendackV3, connackV3] = V3_BETA_FIXTURES as [FrameFixture, FrameFixture];

describe("the v3 beta's frames (engine notes, §5.2, §5.4)", () => {
  test("the SENDACK and refusal CONNACK are byte for byte the layouts the notes give", () => {
    expect(toHexString(sendackV3.bytes)).toBe(
      "4037" +
        "09b6e64a8ec60001" +
        "00000001" +
        "00000001" +
        "01" +
        strHex("2f1d0a5e-8c3b-4e7a-9b61-0d4c5e6f7a8b"),
    );
    expect(sendackV3.bytes.length - 2).toBe(0x37);
    expect(toHexString(connackV3.bytes)).toBe(
      "2015" + "0000000000000000" + "02" + "0000" + "0000" + "0000000000000001",
    );
    expect(connackV3.bytes.length - 2).toBe(0x15);
  });

  for (const fx of V3_BETA_FIXTURES) {
    for (const v of fx.versions) {
      test(`${fx.name} at v${v}: one-shot, whole chunk and byte at a time`, () => {
        expect(decodeFrame(fx.bytes, v)).toEqual(fx.frame);
        expect(new FrameDecoder({ version: v }).push(fx.bytes)).toEqual([
          fx.frame,
        ]);
        const d = new FrameDecoder({ version: v });
        const cuts = Array.from(
          { length: fx.bytes.length - 1 },
          (_, i) => i + 1,
        );
        expect(feed(d, fx.bytes, cuts)).toEqual([fx.frame]);
        expect(d.bufferedBytes).toBe(0);
      });
    }
  }

  test("re-encoding gives the v2.2.5 layout: the known fields, nothing appended", () => {
    expect(toHexString(encodeFrame(sendackV3.frame, 4))).toBe(
      toHexString(hex("40 11")) + toHexString(sendackV3.bytes.subarray(2, 19)),
    );
    expect(toHexString(encodeFrame(connackV3.frame, 4))).toBe(
      toHexString(hex("20 0d")) + toHexString(connackV3.bytes.subarray(2, 15)),
    );
  });

  test("the refusal reaches the caller as reason 2 with no serverVersion to check", () => {
    const frame = decodeFrame(connackV3.bytes, 5);
    expect(frame.op).toBe(Op.CONNACK);
    if (frame.op !== Op.CONNACK) return;
    expect(frame.reasonCode).toBe(2);
    expect(frame.serverVersion).toBeUndefined();
    expect(frame.nodeId).toBeUndefined();
  });
});

describe("the stream stays in sync behind appended bytes", () => {
  const recv = fixture("RECV v4");
  const disconnect = fixture("DISCONNECT");
  const pong = fixture("PONG");

  test("SENDACK + RECV + PONG + SENDACK in one WebSocket message decode in order, at every split", () => {
    const bytes = concat([
      sendackV3.bytes,
      recv.bytes,
      pong.bytes,
      sendackV3.bytes,
    ]);
    const expected = [sendackV3.frame, recv.frame, pong.frame, sendackV3.frame];
    expect(new FrameDecoder({ version: 4 }).push(bytes)).toEqual(expected);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const d = new FrameDecoder({ version: 4 });
      expect(feed(d, bytes, [cut])).toEqual(expected);
      expect(d.bufferedBytes).toBe(0);
    }
  });

  test("a refusal CONNACK followed by a DISCONNECT in the same buffer gives both", () => {
    const bytes = concat([connackV3.bytes, disconnect.bytes]);
    expect(new FrameDecoder({ version: 5 }).push(bytes)).toEqual([
      connackV3.frame,
      disconnect.frame,
    ]);
  });

  test("a frame whose body is only partly here waits for the rest, then decodes", () => {
    const d = new FrameDecoder({ version: 4 });
    expect(d.push(sendackV3.bytes.subarray(0, 30))).toEqual([]);
    expect(d.bufferedBytes).toBe(30);
    expect(d.push(concat([sendackV3.bytes.subarray(30), pong.bytes]))).toEqual([
      sendackV3.frame,
      pong.frame,
    ]);
  });

  test("one-shot decode still refuses bytes after the frame (that input is two frames)", () => {
    expect(
      codeOf(() => decodeFrame(concat([sendackV3.bytes, pong.bytes]), 4)),
    ).toBe("TRAILING_BYTES");
  });
});

describe("truncated and malformed frames fail as before", () => {
  test("every strict prefix of the v3 frames is TRUNCATED one-shot, and only waits in a stream", () => {
    for (const fx of V3_BETA_FIXTURES) {
      for (let n = 0; n < fx.bytes.length; n++) {
        const prefix = fx.bytes.subarray(0, n);
        expect(codeOf(() => decodeFrame(prefix, 4))).toBe("TRUNCATED");
        const d = new FrameDecoder({ version: 4 });
        expect(d.push(prefix)).toEqual([]);
        expect(d.bufferedBytes).toBe(n);
      }
    }
  });

  test("a body that ends inside a known field is TRUNCATED, in a stream too", () => {
    // SENDACK declaring 16 body bytes: the reason code is missing
    const short = hex("40 10", "09b6e64a8ec60001 00000001 00000001");
    expect(codeOf(() => decodeFrame(short, 4))).toBe("TRUNCATED");
    expect(
      codeOf(() =>
        new FrameDecoder({ version: 4 }).push(concat([short, hex("80")])),
      ),
    ).toBe("TRUNCATED");
    // CONNACK with the flag set ends inside the nodeId
    const connack = hex(
      "21 15 04 0000000000000000 02 0000 0000 00000000000000",
    );
    expect(codeOf(() => decodeFrame(connack, 4))).toBe("TRUNCATED");
  });

  test("appended bytes do not excuse a malformed known field", () => {
    // DISCONNECT whose reason is not UTF-8, followed by 4 extra bytes
    const bad = hex("90 0b 0c 0004 6b69ff6b", "01020304");
    expect(codeOf(() => decodeFrame(bad, 4))).toBe("BAD_UTF8");
    expect(codeOf(() => new FrameDecoder({ version: 4 }).push(bad))).toBe(
      "BAD_UTF8",
    );
  });
});

describe("which packets may carry appended bytes", () => {
  const extra = hex("0004", "61626364"); // a string field a newer peer might append
  // RECV, SEND and EVENT end in a "rest" field (extra bytes are payload); PING and PONG have no length.
  const notFixed: readonly number[] = [
    Op.SEND,
    Op.RECV,
    Op.EVENT,
    Op.PING,
    Op.PONG,
  ];
  const fixed = FRAME_FIXTURES.filter((fx) => !notFixed.includes(fx.frame.op));

  test("the fixed-layout fixtures cover both directions", () => {
    expect(new Set(fixed.map((fx) => fx.frame.op))).toEqual(
      new Set([
        Op.CONNACK,
        Op.SENDACK,
        Op.DISCONNECT,
        Op.SUBACK,
        Op.CONNECT,
        Op.RECVACK,
        Op.SUB,
      ]),
    );
  });

  const serverOps: number[] = [
    Op.CONNACK,
    Op.SENDACK,
    Op.DISCONNECT,
    Op.SUBACK,
  ];
  for (const fx of fixed) {
    const fromServer = serverOps.includes(fx.frame.op);
    test(`${fx.name}: extra bytes in the body are ${fromServer ? "skipped (server → client)" : "TRAILING_BYTES (client → server)"}`, () => {
      const bytes = withExtraInBody(fx.bytes, extra);
      const v = fx.versions[0]!;
      if (fromServer) {
        expect(decodeFrame(bytes, v)).toEqual(fx.frame);
        expect(
          new FrameDecoder({ version: v }).push(concat([bytes, fx.bytes])),
        ).toEqual([fx.frame, fx.frame]);
      } else {
        expect(codeOf(() => decodeFrame(bytes, v))).toBe("TRAILING_BYTES");
        expect(codeOf(() => new FrameDecoder({ version: v }).push(bytes))).toBe(
          "TRAILING_BYTES",
        );
        // the gateway's decoder, before the version is known, is just as strict
        expect(codeOf(() => new FrameDecoder().push(bytes))).toBe(
          "TRAILING_BYTES",
        );
      }
    });
  }
});
