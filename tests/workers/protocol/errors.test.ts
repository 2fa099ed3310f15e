// Malformed input raises one ProtocolError with a code, and nothing else: truncation, lengths,
// the frame-size cap (without allocating), unknown types, bad UTF-8, trailing bytes, invalid frames
// to encode; and a failed decoder stays failed.
import {
  FrameDecoder,
  MAX_FRAME_BYTES,
  Op,
  type ProtocolError,
  decodeFrame,
  encodeFrame,
  type Frame,
  type RecvFrame,
  type SendFrame,
} from "#protocol";
import { FRAME_FIXTURES, hex, strHex } from "../../support/protocol/protocolFixtures";
import { codeOf } from "../../support/protocol/decodeHelpers";

const streamCode = (bytes: Uint8Array, version?: number, max?: number) =>
  codeOf(() =>
    new FrameDecoder({
      ...(version === undefined ? {} : { version }),
      ...(max === undefined ? {} : { maxFrameBytes: max }),
    }).push(bytes),
  );

/**
 * Runs `fn` while recording the size of every `new Uint8Array(n)` / `new ArrayBuffer(n)`; returns the largest.
 */
function largestAllocation(fn: () => void): number {
  const RealU8 = globalThis.Uint8Array;
  const RealAB = globalThis.ArrayBuffer;
  let largest = 0;
  const note = (arg: unknown) => {
    if (typeof arg === "number") largest = Math.max(largest, arg);
  };
  globalThis.Uint8Array = new Proxy(RealU8, {
    construct(target, args: unknown[]) {
      note(args[0]);
      return Reflect.construct(target, args) as object;
    },
  });
  globalThis.ArrayBuffer = new Proxy(RealAB, {
    construct(target, args: unknown[]) {
      note(args[0]);
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    fn();
  } finally {
    globalThis.Uint8Array = RealU8;
    globalThis.ArrayBuffer = RealAB;
  }
  return largest;
}

describe("decode errors", () => {
  test("TRUNCATED: every strict prefix of every fixture (one-shot decode)", () => {
    for (const fx of FRAME_FIXTURES) {
      for (let n = 0; n < fx.bytes.length; n++) {
        if (fx.bytes.length === 1) continue;
        expect(
          codeOf(() => decodeFrame(fx.bytes.subarray(0, n), fx.versions[0]!)),
        ).toBe("TRUNCATED");
      }
    }
  });

  test("TRUNCATED: a body shorter than its fields though the length is consistent", () => {
    // SENDACK with a 16-byte body (needs 17)
    expect(
      codeOf(() =>
        decodeFrame(hex("42 10", "09b6e64a8ec60001 00000001 00000001"), 4),
      ),
    ).toBe("TRUNCATED");
    // DISCONNECT whose string claims 10 bytes but the body ends after 4
    expect(codeOf(() => decodeFrame(hex("90 07 0c 000a 6b69636b"), 4))).toBe(
      "TRUNCATED",
    );
    // the streaming decoder raises it too, as soon as the complete frame is inconsistent
    expect(streamCode(hex("90 07 0c 000a 6b69636b"), 4)).toBe("TRUNCATED");
  });

  test("TRAILING_BYTES: extra bytes inside a client packet's body, or after a one-shot frame", () => {
    // RECVACK with one byte after messageSeq (server packets skip such bytes: trailingBytes.test.ts)
    expect(
      codeOf(() => decodeFrame(hex("62 0d 09b6e64a8ec60002 00000002 00"), 4)),
    ).toBe("TRAILING_BYTES");
    expect(streamCode(hex("62 0d 09b6e64a8ec60002 00000002 00"), 4)).toBe(
      "TRAILING_BYTES",
    );
    expect(codeOf(() => decodeFrame(hex("90 07 0c 0004 6b69636b 70"), 4))).toBe(
      "TRAILING_BYTES",
    );
    expect(codeOf(() => decodeFrame(hex("70 70"), 4))).toBe("TRAILING_BYTES");
  });

  test("BAD_LENGTH: remaining length longer than 4 bytes", () => {
    expect(codeOf(() => decodeFrame(hex("90 80 80 80 80 01"), 4))).toBe(
      "BAD_LENGTH",
    );
    expect(streamCode(hex("90 ff ff ff ff"), 4)).toBe("BAD_LENGTH");
    // detected as soon as the 4th continuation byte arrives, split or not
    const d = new FrameDecoder({ version: 4 });
    d.push(hex("90 ff"));
    d.push(hex("ff"));
    d.push(hex("ff"));
    expect(d.bufferedBytes).toBe(4);
    expect(codeOf(() => d.push(hex("ff")))).toBe("BAD_LENGTH");
  });

  test("TOO_LARGE: a declared length over the cap fails before anything that size is allocated", () => {
    const maxLen = hex("30 ff ff ff 7f"); // SEND declaring 268,435,455 bytes
    let code: string | undefined;
    const largest = largestAllocation(() => {
      code = streamCode(maxLen, 4);
    });
    expect(code).toBe("TOO_LARGE");
    expect(largest).toBeLessThan(1024);

    const overCap = hex("90 81 80 40"); // MAX_FRAME_BYTES + 1, in 3 bytes
    expect((0x01 | (0x00 << 7) | (0x40 << 14)) - 1).toBe(MAX_FRAME_BYTES);
    const biggest = largestAllocation(() => {
      const d = new FrameDecoder({ version: 4 });
      for (const b of overCap.subarray(0, 3)) d.push(new Uint8Array([b]));
      expect(codeOf(() => d.push(overCap.subarray(3)))).toBe("TOO_LARGE");
    });
    expect(biggest).toBeLessThan(1024);
    expect(codeOf(() => decodeFrame(overCap, 4))).toBe("TOO_LARGE");
    expect(streamCode(hex("90 0b"), 4, 10)).toBe("TOO_LARGE");
  });

  test("a large legal frame allocates about its own size, never more than the cap + header", () => {
    const big = encodeFrame(
      {
        op: Op.EVENT,
        id: "",
        type: "",
        timestamp: 0n,
        data: new Uint8Array(MAX_FRAME_BYTES - 12),
      },
      5,
    );
    let frames: Frame[] = [];
    const largest = largestAllocation(() => {
      const d = new FrameDecoder({ version: 5 });
      for (let i = 0; i < big.length; i += 4096)
        frames.push(...d.push(big.subarray(i, i + 4096)));
    });
    expect(frames).toHaveLength(1);
    expect(largest).toBeGreaterThan(MAX_FRAME_BYTES / 2); // the spy does see the decoder's buffer
    expect(largest).toBeLessThanOrEqual(MAX_FRAME_BYTES + 5);
    frames = [];
  });

  test.each([0, 13, 14, 15])("BAD_TYPE: packet type %i", (t) => {
    const bytes = new Uint8Array([t << 4, 0]);
    expect(codeOf(() => decodeFrame(bytes, 4))).toBe("BAD_TYPE");
    expect(streamCode(bytes.subarray(0, 1), 4)).toBe("BAD_TYPE"); // fails on the header byte alone
  });

  test("BAD_TYPE: EVENT below protocol version 5", () => {
    const ev = FRAME_FIXTURES.find((f) => f.name.startsWith("EVENT"))!.bytes;
    expect(codeOf(() => decodeFrame(ev, 4))).toBe("BAD_TYPE");
    expect(streamCode(ev, 2)).toBe("BAD_TYPE");
    expect(codeOf(() => decodeFrame(ev, 5))).toBe("no error");
  });

  test.each([
    ["lone continuation byte", "80"],
    ["overlong slash", "c0af"],
    ["overlong 3-byte", "e080af"],
    ["UTF-16 surrogate", "eda080"],
    ["above U+10FFFF", "f4908080"],
    ["truncated 3-byte", "e4bd"],
    ["0xFF", "ff"],
  ])("BAD_UTF8: %s in a string field", (_name, bad) => {
    const body = `0c ${(bad.length / 2).toString(16).padStart(4, "0")} ${bad}`;
    const bytes = hex(
      `90 ${(1 + 2 + bad.length / 2).toString(16).padStart(2, "0")}`,
      body,
    );
    expect(codeOf(() => decodeFrame(bytes, 4))).toBe("BAD_UTF8");
    expect(streamCode(bytes, 4)).toBe("BAD_UTF8");
  });

  test("BAD_UTF8 in a long string (TextDecoder path)", () => {
    const long = "61".repeat(300) + "ff";
    const bytes = hex(
      "90 b0 02",
      "0c",
      (301).toString(16).padStart(4, "0"),
      long,
    );
    expect(codeOf(() => decodeFrame(bytes, 4))).toBe("BAD_UTF8");
  });

  test("INVALID_FIELD: a RECV with both stream bits where stream fields exist", () => {
    const bytes = encodeFrame(
      {
        op: Op.RECV,
        setting: { stream: true, legacyStream: true },
        msgKey: "",
        fromUID: "",
        channelID: "",
        channelType: 1,
        clientMsgNo: "",
        messageID: 1n,
        messageSeq: 1,
        timestamp: 1,
        payload: new Uint8Array(0),
      },
      5,
    );
    expect(codeOf(() => decodeFrame(bytes, 5))).toBe("no error");
    const v4 = hex(
      "50",
      (bytes.length - 2 + 4).toString(16),
      "06",
      toRest(bytes, 3, 11),
      "00000000",
      toRest(bytes, 11),
    );
    expect(codeOf(() => decodeFrame(v4, 4))).toBe("INVALID_FIELD");
  });

  test("UNSUPPORTED_VERSION", () => {
    expect(codeOf(() => decodeFrame(hex("70"), 1))).toBe("UNSUPPORTED_VERSION");
    expect(codeOf(() => decodeFrame(hex("70"), 6))).toBe("UNSUPPORTED_VERSION");
    expect(codeOf(() => new FrameDecoder({ version: 6 }))).toBe(
      "UNSUPPORTED_VERSION",
    );
    expect(
      codeOf(() => {
        new FrameDecoder().setVersion(1);
      }),
    ).toBe("UNSUPPORTED_VERSION");
    expect(codeOf(() => encodeFrame({ op: Op.PING }, 7))).toBe(
      "UNSUPPORTED_VERSION",
    );
  });

  test("after an error the decoder refuses everything with DECODER_FAILED", () => {
    const d = new FrameDecoder({ version: 4 });
    expect(d.push(hex("70 90 07 0c"))).toHaveLength(1);
    expect(codeOf(() => d.push(hex("0004 6b69 ff00")))).toBe("BAD_UTF8"); // reason "ki\xff\0" invalid
    expect(d.failed).toBe(true);
    expect(d.bufferedBytes).toBe(0);
    expect(codeOf(() => d.push(hex("70")))).toBe("DECODER_FAILED");
    expect(codeOf(() => d.push())).toBe("DECODER_FAILED");
    try {
      d.push(hex("70"));
    } catch (e) {
      expect(((e as ProtocolError).cause as ProtocolError).code).toBe(
        "BAD_UTF8",
      );
    }
  });

  test("the decoder does not resynchronise on garbage after an unknown type", () => {
    const d = new FrameDecoder({ version: 4 });
    expect(codeOf(() => d.push(hex("70 f0 70 70")))).toBe("BAD_TYPE");
    expect(codeOf(() => d.push(hex("70")))).toBe("DECODER_FAILED");
  });
});

describe("encode errors", () => {
  const send: SendFrame = {
    op: Op.SEND,
    setting: {},
    clientSeq: 1,
    clientMsgNo: "",
    channelID: "",
    channelType: 1,
    msgKey: "",
    payload: new Uint8Array(0),
  };
  const recv: RecvFrame = {
    op: Op.RECV,
    setting: {},
    msgKey: "",
    fromUID: "",
    channelID: "",
    channelType: 1,
    clientMsgNo: "",
    messageID: 1n,
    messageSeq: 1,
    timestamp: 1,
    payload: new Uint8Array(0),
  };

  test.each<[string, Frame]>([
    ["u8 over 255", { ...send, channelType: 256 }],
    ["negative u32", { ...send, clientSeq: -1 }],
    ["u32 over 2^32-1", { ...send, clientSeq: 2 ** 32 }],
    ["fractional", { ...send, clientSeq: 1.5 }],
    ["i32 over 2^31-1", { ...recv, timestamp: 2 ** 31 }],
    ["i64 over 2^63-1", { ...recv, messageID: 2n ** 63n }],
    [
      "u64 negative",
      {
        op: Op.CONNACK,
        serverVersion: 4,
        nodeId: -1n,
        timeDiff: 0n,
        reasonCode: 1,
        serverKey: "",
        salt: "",
      },
    ],
    ["string over 32767 bytes", { ...send, channelID: "é".repeat(16384) }],
    [
      "SEND stream bit without streamNo (v4)",
      { ...send, setting: { stream: true } },
    ],
    [
      "RECV with both stream bits (v4)",
      {
        ...recv,
        setting: { stream: true, legacyStream: true },
        stream: { layout: "go", flag: 0, no: "", id: 0n },
      },
    ],
    [
      "RECV stream layout not matching the bit",
      {
        ...recv,
        setting: { legacyStream: true },
        stream: { layout: "go", flag: 0, no: "", id: 0n },
      },
    ],
    [
      "RECV stream bit without stream fields",
      { ...recv, setting: { stream: true } },
    ],
    [
      "CONNACK nodeId without serverVersion >= 4",
      {
        op: Op.CONNACK,
        serverVersion: 3,
        nodeId: 1n,
        timeDiff: 0n,
        reasonCode: 1,
        serverKey: "",
        salt: "",
      },
    ],
    [
      "payload not bytes",
      { ...send, payload: [1, 2] as unknown as Uint8Array },
    ],
  ])("INVALID_FIELD: %s", (_name, frame) => {
    expect(codeOf(() => encodeFrame(frame, 4))).toBe("INVALID_FIELD");
  });

  test("BAD_UTF8: a lone surrogate cannot be written", () => {
    expect(
      codeOf(() =>
        encodeFrame(
          { op: Op.DISCONNECT, reasonCode: 1, reason: "a\ud800b" },
          4,
        ),
      ),
    ).toBe("BAD_UTF8");
    expect(
      codeOf(() =>
        encodeFrame({ op: Op.DISCONNECT, reasonCode: 1, reason: "\udc00" }, 4),
      ),
    ).toBe("BAD_UTF8");
    expect(
      codeOf(() =>
        encodeFrame({ op: Op.DISCONNECT, reasonCode: 1, reason: "😀" }, 4),
      ),
    ).toBe("no error");
  });

  test("BAD_TYPE: EVENT below v5 and unknown op numbers", () => {
    const ev: Frame = {
      op: Op.EVENT,
      id: "",
      type: "",
      timestamp: 0n,
      data: new Uint8Array(0),
    };
    expect(codeOf(() => encodeFrame(ev, 4))).toBe("BAD_TYPE");
    expect(codeOf(() => encodeFrame({ op: 13 } as unknown as Frame, 4))).toBe(
      "BAD_TYPE",
    );
  });

  test("TOO_LARGE: a body over the cap", () => {
    expect(
      codeOf(() =>
        encodeFrame({ ...send, payload: new Uint8Array(MAX_FRAME_BYTES) }, 4),
      ),
    ).toBe("TOO_LARGE");
    expect(
      codeOf(() =>
        encodeFrame({ ...send, payload: new Uint8Array(100) }, 4, {
          maxFrameBytes: 50,
        }),
      ),
    ).toBe("TOO_LARGE");
  });

  test("the encoder recovers after an error", () => {
    expect(codeOf(() => encodeFrame({ ...send, channelType: 999 }, 4))).toBe(
      "INVALID_FIELD",
    );
    expect(
      encodeFrame({ op: Op.DISCONNECT, reasonCode: 12, reason: "kick" }, 4),
    ).toEqual(hex("90 07 0c", strHex("kick")));
  });
});

function toRest(bytes: Uint8Array, from: number, to = bytes.length): string {
  return Array.from(bytes.subarray(from, to), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}
