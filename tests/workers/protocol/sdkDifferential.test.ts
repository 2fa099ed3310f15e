// Differential test against the codec inside the official client (npm wukongimjssdk@1.0.4, v2):
// thousands of seeded packets encoded by ours decode identically in theirs, and vice versa, with
// the SEND/RECV msgKey and AES payload checked by each side's own crypto.
import {
  FrameDecoder,
  Op,
  ConnectionCrypto,
  decodeFrame,
  encodeContent,
  encodeFrame,
  type ConnackFrame,
  type Frame,
  type RecvFrame,
  type SendFrame,
} from "#protocol";
import { VECTOR, toHexString } from "../../support/protocol/protocolFixtures";
import { Prng } from "../../support/protocol/prng";
import {
  fromSdkPacket,
  sdkOpenRecv,
  sdkProto,
  setSdkSessionKeys,
  toSdkPacket,
} from "../../support/protocol/sdkCodec";

const N = 1500;
const SEED = 0x5eed;
const keys = { aesKey: VECTOR.aesKey, aesIV: VECTOR.aesIV };

beforeAll(() => {
  setSdkSessionKeys(keys.aesKey, keys.aesIV);
});

function flags(r: Prng) {
  return {
    dup: r.bool(0.2),
    syncOnce: r.bool(0.2),
    redDot: r.bool(0.5),
    noPersist: r.bool(0.2),
  };
}

/** A JSON payload as the SDK would build it (valid UTF-8, any text). */
function plaintext(r: Prng): Uint8Array {
  return encodeContent({ kind: "text", type: 1, content: r.str(r.int(0, 80)) });
}

/** Non-negative i64 (the SDK reads 64-bit fields as unsigned). */
function u63(r: Prng): bigint {
  return r.u64() & 0x7fffffffffffffffn;
}

/**
 * A u63 the SDK's writeInt64 encodes correctly. It splits with BigNumber `div` (not integer
 * division) and `toNumber()`, so a low word within ~2^10 of 2^32 rounds the high word up; the
 * "SDK rounding" test below pins that bug down.
 */
function sdkWritableU63(r: Prng): bigint {
  const v = u63(r);
  return (v & 0xffffffffn) > 0xfffff000n ? v - 0x1000n : v;
}

describe("ours → wukongimjssdk (packets the client decodes)", () => {
  const session = new ConnectionCrypto(keys);
  const r = new Prng(SEED);

  function arbitraryServerFrame(op: number): {
    frame: Frame;
    plain?: Uint8Array;
  } {
    switch (op) {
      case Op.CONNACK: {
        const frame: ConnackFrame = {
          op: Op.CONNACK,
          dup: r.bool(0.2),
          syncOnce: r.bool(0.2),
          redDot: r.bool(0.2),
          timeDiff: u63(r),
          reasonCode: r.u8(),
          serverKey: r.str(44),
          salt: r.str(16),
        };
        return { frame };
      }
      case Op.SENDACK:
        return {
          frame: {
            op: Op.SENDACK,
            ...flags(r),
            messageID: u63(r),
            clientSeq: r.u32(),
            messageSeq: r.u32(),
            reasonCode: r.u8(),
          },
        };
      case Op.RECV: {
        const legacyStream = r.bool(0.3);
        const draft: Omit<RecvFrame, "op" | "msgKey" | "payload"> = {
          ...flags(r),
          // the SDK ignores signal/noEncrypt and knows only the 0x04 stream layout
          setting: {
            receipt: r.bool(0.3),
            signal: r.bool(0.2),
            noEncrypt: r.bool(0.2),
            stream: false,
            legacyStream,
          },
          fromUID: r.str(),
          channelID: r.str(),
          channelType: r.u8(),
          clientMsgNo: r.str(40),
          messageID: u63(r),
          messageSeq: r.u32(),
          timestamp: r.int(0, 0x7fffffff),
        };
        if (legacyStream)
          draft.stream = {
            layout: "legacy",
            no: r.str(),
            seq: r.u32(),
            flag: r.u8(),
          };
        if (r.bool(0.3)) draft.topic = r.str();
        const plain = plaintext(r);
        return { frame: session.sealRecv(draft, plain), plain };
      }
      case Op.DISCONNECT:
        return {
          frame: {
            op: Op.DISCONNECT,
            ...flags(r),
            reasonCode: r.u8(),
            reason: r.str(60),
          },
        };
      case Op.SUBACK:
        return {
          frame: {
            op: Op.SUBACK,
            ...flags(r),
            subNo: r.str(),
            channelID: r.str(),
            channelType: r.u8(),
            action: r.u8(),
            reasonCode: r.u8(),
          },
        };
      default:
        return { frame: { op: Op.PONG, ...flags(r) } };
    }
  }

  test(`${N} generated packets decode identically in the SDK; every RECV passes its msgKey check and decrypts`, () => {
    const ops = [
      Op.CONNACK,
      Op.SENDACK,
      Op.RECV,
      Op.DISCONNECT,
      Op.SUBACK,
      Op.PONG,
    ];
    const seen = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const op = ops[i % ops.length]!;
      const { frame, plain } = arbitraryServerFrame(op);
      const bytes = encodeFrame(frame, 2);
      const packet = sdkProto.decode(bytes);
      const theirs = fromSdkPacket(packet);
      if (op === Op.PONG) {
        expect(theirs.op).toBe(Op.PONG);
      } else if (op === Op.RECV) {
        const f = frame as RecvFrame;
        const expected = {
          ...f,
          setting: {
            receipt: f.setting.receipt,
            legacyStream: f.setting.legacyStream,
          },
        };
        expect(theirs).toEqual(expected);
        expect(sdkOpenRecv(packet)).toEqual(plain);
      } else {
        expect(theirs).toEqual(frame);
      }
      seen.set(op, (seen.get(op) ?? 0) + 1);
    }
    expect([...seen.values()].reduce((a, b) => a + b)).toBe(N);
  });

  test("the SDK rejects a RECV whose msgKey we did not sign over its fields (control)", () => {
    const { frame } = arbitraryServerFrame(Op.RECV);
    const seq = (frame as RecvFrame).messageSeq;
    const forged = {
      ...(frame as RecvFrame),
      messageSeq: seq === 0 ? 1 : seq - 1,
    };
    expect(
      sdkOpenRecv(sdkProto.decode(encodeFrame(forged, 2))),
    ).toBeUndefined();
  });
});

describe("wukongimjssdk → ours (packets the client encodes)", () => {
  const session = new ConnectionCrypto(keys);
  const r = new Prng(SEED + 1);

  function arbitraryClientFrame(op: number): {
    frame: Frame;
    plain?: Uint8Array;
  } {
    switch (op) {
      case Op.CONNECT:
        return {
          frame: {
            op: Op.CONNECT,
            ...flags(r),
            version: r.u8(),
            deviceFlag: r.u8(),
            deviceID: r.str(40),
            uid: r.str(),
            token: r.str(60),
            clientTimestamp: r.safeU53(),
            clientKey: r.str(44),
          },
        };
      case Op.SEND: {
        const legacyStream = r.bool(0.3);
        const plain = plaintext(r);
        const draft: Omit<SendFrame, "op" | "msgKey" | "payload"> = {
          ...flags(r),
          setting: {
            receipt: r.bool(0.3),
            signal: false,
            noEncrypt: false,
            stream: false,
            legacyStream,
          },
          clientSeq: r.u32(),
          clientMsgNo: r.str(40) || "m", // the SDK invents a clientMsgNo when it is empty
          channelID: r.str(),
          channelType: r.u8(),
        };
        if (legacyStream) draft.streamNo = r.str() || "s"; // the SDK's stream bit needs a non-empty streamNo
        if (r.bool(0.3)) draft.topic = r.str();
        return { frame: session.sealSend(draft, plain), plain };
      }
      case Op.RECVACK:
        return {
          frame: {
            op: Op.RECVACK,
            ...flags(r),
            messageID: sdkWritableU63(r),
            messageSeq: r.u32(),
          },
        };
      case Op.SUB:
        return {
          frame: {
            op: Op.SUB,
            ...flags(r),
            setting: r.u8(),
            subNo: r.str(),
            channelID: r.str(),
            channelType: r.u8(),
            action: r.u8(),
            param: r.str(60),
          },
        };
      default:
        return {
          frame: {
            op: Op.PING,
            dup: false,
            syncOnce: false,
            redDot: false,
            noPersist: false,
          },
        };
    }
  }

  test(`${N} SDK-encoded packets equal ours byte for byte and decode to the same frames; every SEND verifies and decrypts`, () => {
    const ops = [Op.CONNECT, Op.SEND, Op.RECVACK, Op.SUB, Op.PING];
    const decoder = new FrameDecoder({ version: 2 });
    for (let i = 0; i < N; i++) {
      const op = ops[i % ops.length]!;
      const { frame, plain } = arbitraryClientFrame(op);
      const theirs = sdkProto.encode(toSdkPacket(frame, plain));
      expect(toHexString(theirs)).toBe(toHexString(encodeFrame(frame, 2)));
      expect(decodeFrame(theirs, 2)).toEqual(frame);
      expect(decoder.push(theirs)).toEqual([frame]);
      if (op === Op.SEND)
        expect(session.openSend(decodeFrame(theirs, 2) as SendFrame)).toEqual(
          plain,
        );
    }
  });

  test("SDK rounding: its writeInt64 turns 0x11b552c1fffffffe into 0x11b552c2fffffffe; ours writes it exactly", () => {
    const ack: Frame = {
      op: Op.RECVACK,
      messageID: 0x11b552c1fffffffen,
      messageSeq: 0,
    };
    expect(toHexString(sdkProto.encode(toSdkPacket(ack)))).toBe(
      "600c11b552c2fffffffe00000000",
    );
    expect(toHexString(encodeFrame(ack, 2))).toBe(
      "600c11b552c1fffffffe00000000",
    );
  });
});
