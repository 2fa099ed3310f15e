// The streaming decoder (§0.4, §3): whole-chunk, byte-at-a-time and random-split feeding give the
// same frames; partial frames are kept; the version gate holds SEND/RECV until setVersion.
import {
  FrameDecoder,
  MAX_FRAME_BYTES,
  Op,
  encodeFrame,
  type ConnectFrame,
  type Frame,
  type ProtocolVersion,
} from "#protocol";
import { FRAME_FIXTURES } from "../../support/protocol/protocolFixtures";
import fc from "fast-check";
import {
  frameArb,
  sampleOne,
  sendArb,
} from "../../support/protocol/arbitraryFrame";
import { concat, feed } from "../../support/protocol/decodeHelpers";

function stream(
  seed: number,
  v: ProtocolVersion,
  n: number,
): { frames: Frame[]; bytes: Uint8Array } {
  const frames = fc.sample(frameArb(v), { seed, numRuns: n });
  return { frames, bytes: concat(frames.map((f) => encodeFrame(f, v))) };
}

describe.each<ProtocolVersion>([2, 3, 4, 5])("feeding at v%i", (v) => {
  const { frames, bytes } = stream(40 + v, v, 300);

  test("one chunk with 300 frames", () => {
    const d = new FrameDecoder({ version: v });
    expect(d.push(bytes)).toEqual(frames);
    expect(d.bufferedBytes).toBe(0);
  });

  test("byte at a time", () => {
    const d = new FrameDecoder({ version: v });
    const out: Frame[] = [];
    for (let i = 0; i < bytes.length; i++)
      out.push(...d.push(bytes.subarray(i, i + 1)));
    expect(out).toEqual(frames);
    expect(d.bufferedBytes).toBe(0);
  });

  test("random splits (20 runs), including empty chunks", () => {
    // Cut offsets, repeats allowed (an empty chunk); shrinks toward one chunk.
    const cuts = fc
      .array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 400 })
      .map((c) => c.sort((a, b) => a - b));
    fc.assert(
      fc.property(cuts, (c) => {
        expect(feed(new FrameDecoder({ version: v }), bytes, c)).toEqual(
          frames,
        );
      }),
      { seed: v, numRuns: 20 },
    );
  });
});

describe("partial frames", () => {
  test("PING and PONG are one byte with no length, also between other frames", () => {
    const d = new FrameDecoder({ version: 4 });
    expect(d.push(new Uint8Array([0x70, 0x80, 0x70]))).toHaveLength(3);
    const ack = encodeFrame(
      { op: Op.RECVACK, messageID: 1n, messageSeq: 2 },
      4,
    );
    const frames = d.push(
      concat([new Uint8Array([0x70]), ack, new Uint8Array([0x80])]),
    );
    expect(frames.map((f) => f.op)).toEqual([Op.PING, Op.RECVACK, Op.PONG]);
  });

  test("a frame split inside the remaining length and inside the body is held, then completed", () => {
    const big = sampleOne(sendArb(4), 3);
    big.payload = new Uint8Array(20000).fill(0x61);
    const bytes = encodeFrame(big, 4);
    expect(bytes[1]! & 0x80).toBe(0x80); // multi-byte remaining length
    const d = new FrameDecoder({ version: 4 });
    expect(d.push(bytes.subarray(0, 2))).toEqual([]);
    expect(d.bufferedBytes).toBe(2);
    expect(d.push(bytes.subarray(2, 10000))).toEqual([]);
    expect(d.bufferedBytes).toBe(10000);
    expect(d.push(bytes.subarray(10000))).toEqual([big]);
    expect(d.bufferedBytes).toBe(0);
  });

  test("decoded payloads are copies: reusing the input buffer does not change them", () => {
    const d = new FrameDecoder({ version: 2 });
    const bytes = FRAME_FIXTURES.find((f) =>
      f.name.startsWith("SEND v2"),
    )!.bytes.slice();
    const [frame] = d.push(bytes);
    bytes.fill(0);
    expect(frame).toEqual(
      FRAME_FIXTURES.find((f) => f.name.startsWith("SEND v2"))!.frame,
    );
  });

  test("a frame exactly at the cap is accepted", () => {
    const d = new FrameDecoder({ version: 4, maxFrameBytes: 100 });
    const f = {
      op: Op.EVENT,
      id: "",
      type: "",
      timestamp: 0n,
      data: new Uint8Array(88),
    } as const;
    expect(() => d.push(encodeFrame(f, 5))).toThrow(
      expect.objectContaining({ code: "BAD_TYPE" }),
    );
    const d5 = new FrameDecoder({ version: 5, maxFrameBytes: 100 });
    const bytes = encodeFrame(f, 5, { maxFrameBytes: 100 });
    expect(bytes.length).toBe(1 + 1 + 100);
    expect(d5.push(bytes)).toHaveLength(1);
  });

  test("the default cap is MAX_FRAME_BYTES (1 MiB)", () => {
    expect(new FrameDecoder().maxFrameBytes).toBe(MAX_FRAME_BYTES);
    expect(MAX_FRAME_BYTES).toBe(1024 * 1024);
  });
});

describe("version gate (server side: CONNECT first, then setVersion)", () => {
  const connect: ConnectFrame = {
    op: Op.CONNECT,
    dup: false,
    syncOnce: false,
    redDot: false,
    noPersist: false,
    version: 4,
    deviceFlag: 1,
    deviceID: "d",
    uid: "alice",
    token: "t",
    clientTimestamp: 1n,
    clientKey: "k",
  };

  test("SENDs batched behind CONNECT wait for the version, then decode with its layout", () => {
    const sends = fc.sample(sendArb(4), { seed: 9, numRuns: 3 });
    const bytes = concat([
      encodeFrame(connect, 4),
      ...sends.map((s) => encodeFrame(s, 4)),
    ]);
    const d = new FrameDecoder();
    const first = d.push(bytes.subarray(0, bytes.length - 5));
    expect(first).toEqual([connect]);
    expect(d.bufferedBytes).toBe(
      bytes.length - 5 - encodeFrame(connect, 4).length,
    );
    expect(d.push(bytes.subarray(bytes.length - 5))).toEqual([]); // still no version
    d.setVersion(4);
    expect(d.version).toBe(4);
    expect(d.push()).toEqual(sends);
    expect(d.bufferedBytes).toBe(0);
  });

  test("decoding stops after CONNECT until the version is set, so nothing is reordered", () => {
    const ping = encodeFrame({ op: Op.PING }, 4);
    const send = sampleOne(sendArb(4), 12);
    const bytes = concat([
      encodeFrame(connect, 4),
      ping,
      encodeFrame(send, 4),
      ping,
    ]);
    const d = new FrameDecoder();
    expect(d.push(bytes)).toEqual([connect]);
    expect(d.push()).toEqual([]); // still no version: nothing moves
    d.setVersion(4);
    expect(d.push().map((f) => f.op)).toEqual([Op.PING, Op.SEND, Op.PING]);
  });

  test("version-independent packets decode before the version is known", () => {
    const d = new FrameDecoder();
    const ack = {
      op: Op.RECVACK,
      dup: false,
      syncOnce: false,
      redDot: true,
      noPersist: false,
      messageID: 3n,
      messageSeq: 4,
    } as const;
    expect(
      d.push(concat([new Uint8Array([0x70]), encodeFrame(ack, 2)])),
    ).toEqual([
      {
        op: Op.PING,
        dup: false,
        syncOnce: false,
        redDot: false,
        noPersist: false,
      },
      ack,
    ]);
  });

  test("at most cap + 5 bytes are held before the version is set", () => {
    const d = new FrameDecoder({ maxFrameBytes: 64 });
    const send = encodeFrame(sampleOne(sendArb(4), 1), 4, {
      maxFrameBytes: 1 << 20,
    });
    const many = concat(Array.from({ length: 10 }, () => send));
    expect(() => d.push(many)).toThrow(
      expect.objectContaining({ code: "TOO_LARGE" }),
    );
  });
});
