// What the gateway fuzzer sends on one connection, one WebSocket message at a time: before CONNECT
// (mutated and hostile CONNECTs, other frames, random bytes) and after a real handshake (sealed
// SENDs, valid and hostile, RECVACK, PING, SUB, DISCONNECT, frames only a server may send, mutated
// and random bytes, text, over-long declared lengths, frames batched or split across messages).
// Each SEND that the server should store is reported by its clientMsgNo.
import {
  ChannelType,
  encodeFrame,
  encodeUtf8,
  Op,
  type Frame,
  type ProtocolVersion,
  type SendDraft,
  type ConnectionCrypto,
} from "#protocol";
import { frameArb, sampleOne } from "../support/protocol/arbitraryFrame";
import type { Prng } from "../support/protocol/prng";

/** One connection's state, as far as the generator needs it. */
export interface FuzzSession {
  version: ProtocolVersion;
  /** The connection's own uid and IM token (a real sign-in). */
  uid: string;
  token: string;
  clientKey: string;
  /** Session cipher after CONNACK; null before. */
  crypto: ConnectionCrypto | null;
  /** Existing users a personal SEND may go to. */
  peers: readonly string[];
  clientSeq: number;
}

export interface FuzzMessage {
  data: Uint8Array | string;
  kind: string;
  /** clientMsgNos of SENDs in this message that the server should store. */
  storable: string[];
  /** clientMsgNos of damaged SENDs the server might still store (e.g. only a header flag flipped). */
  maybe?: string[];
}

/** The gateway's caps (server/im/gatewayOptions.ts defaults). */
const MAX_PAYLOAD_BYTES = 32 * 1024;
const MAX_TAG_LENGTH = 128;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A random frame valid at `v` (of type `op` if given), drawn from the fast-check arbitrary with a
 * seed taken from `r`, so the connection's seed still replays it. */
function arbitraryFrame(r: Prng, v: ProtocolVersion, op?: Op): Frame {
  return sampleOne(frameArb(v, op), r.int(0, 0x7fffffff));
}

/** Byte-level damage: flips, interesting bytes, truncation, garbage, varint and type changes. */
export function mutateBytes(r: Prng, input: Uint8Array): Uint8Array {
  let b: Uint8Array = input.slice();
  for (let round = r.int(1, 3); round > 0; round--) {
    const at = b.length === 0 ? 0 : r.int(0, b.length - 1);
    switch (r.int(0, 6)) {
      case 0:
        if (b.length > 0) b[at] = b[at]! ^ (1 << r.int(0, 7));
        break;
      case 1:
        if (b.length > 0)
          b[at] = r.pick([0x00, 0x7f, 0x80, 0xff, 0xc0, r.u8()]);
        break;
      case 2:
        b = b.slice(0, at);
        break;
      case 3:
        b = concat([b, r.bytes(r.int(1, 8))]);
        break;
      case 4:
        if (b.length > 1)
          b = concat([
            b.subarray(0, 1),
            r
              .bytes(r.int(1, 5))
              .map((x, k, a) => (k < a.length - 1 ? x | 0x80 : x)),
            b.subarray(2),
          ]);
        break;
      case 5:
        if (b.length > 0) b[0] = (r.int(0, 15) << 4) | (b[0]! & 0x0f);
        break;
      default:
        if (b.length > 4) b[r.int(2, b.length - 2)] = r.int(0x40, 0xff);
    }
  }
  return b;
}

function connectFrame(r: Prng, session: FuzzSession): Frame {
  return {
    op: Op.CONNECT,
    version: session.version,
    deviceFlag: r.pick([0, 1, 2]),
    deviceID: `fuzz${r.int(0, 1e9)}W`,
    uid: session.uid,
    token: session.token,
    clientTimestamp: BigInt(Date.now()),
    clientKey: session.clientKey,
  };
}

/** The first message of a connection that never completes a normal handshake. */
export function preConnectMessage(r: Prng, session: FuzzSession): FuzzMessage {
  const v = session.version;
  const valid = connectFrame(r, session);
  const x = r.next();
  if (x < 0.35)
    return {
      data: mutateBytes(r, encodeFrame(valid, v)),
      kind: "pre:mutatedConnect",
      storable: [],
    };
  if (x < 0.6) {
    const hostile: Frame = {
      ...(valid as Extract<Frame, { op: typeof Op.CONNECT }>),
      ...r.pick([
        { token: "wrong-token" },
        { token: "" },
        { uid: "" },
        { uid: "nobody\u0000x" },
        { uid: "x".repeat(300) },
        { token: "t".repeat(1000) },
        { clientKey: "" },
        { clientKey: "AAAA" },
        { clientKey: "!".repeat(44) },
        { version: r.pick([0, 1, 6, 255]) },
        { deviceFlag: 255, deviceID: "\u0000".repeat(10) },
        { clientTimestamp: -(2n ** 63n) },
      ]),
    };
    return {
      data: encodeFrame(hostile, v),
      kind: "pre:hostileConnect",
      storable: [],
    };
  }
  if (x < 0.73) {
    const op = r.pick([
      Op.RECVACK,
      Op.PING,
      Op.SUB,
      Op.DISCONNECT,
      Op.CONNACK,
      Op.SENDACK,
    ]);
    return {
      data: encodeFrame(arbitraryFrame(r, v, op), v),
      kind: "pre:notConnect",
      storable: [],
    };
  }
  // NOTE: frames whose layout depends on the version wait for CONNECT (FrameDecoder), then 4003.
  if (x < 0.75)
    return {
      data: encodeFrame(arbitraryFrame(r, v, r.pick([Op.SEND, Op.RECV])), v),
      kind: "pre:heldFrame",
      storable: [],
    };
  if (x < 0.9)
    return {
      data: r.bytes(r.int(0, 64)),
      kind: "pre:randomBytes",
      storable: [],
    };
  if (x < 0.95) return { data: r.str(20), kind: "pre:text", storable: [] };
  return {
    data: concat([new Uint8Array([0x10, 0xff, 0xff, 0xff, 0x7f]), r.bytes(8)]),
    kind: "pre:hugeLength",
    storable: [],
  };
}

function payloadFor(r: Prng): { bytes: Uint8Array; valid: boolean } {
  const x = r.next();
  if (x < 0.7)
    return {
      bytes: encodeUtf8(
        JSON.stringify({ type: r.pick([1, 1, 1, 2, 99]), content: r.str(60) }),
      ),
      valid: true,
    };
  if (x < 0.78)
    return {
      bytes: encodeUtf8(
        '{"type":1,"content":"nul \\u0000 and \\ud800 escaped"}',
      ),
      valid: true,
    };
  if (x < 0.82)
    return {
      bytes: encodeUtf8(
        JSON.stringify({ type: 1, content: "x".repeat(MAX_PAYLOAD_BYTES) }),
      ),
      valid: false,
    };
  return {
    bytes: r.pick([
      r.bytes(r.int(0, 64)),
      encodeUtf8("[1,2]"),
      encodeUtf8('{"type":"1"}'),
      encodeUtf8('{"type":1.5}'),
      encodeUtf8("null"),
      new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    ]),
    valid: false,
  };
}

interface Generated {
  bytes: Uint8Array;
  storable: string[];
  maybe?: string[];
  kind: string;
}

function sealedSend(
  r: Prng,
  session: FuzzSession,
  hostile: boolean,
): Generated & { clientMsgNo: string } {
  const crypto = session.crypto!;
  session.clientSeq += 1;
  const peer = r.pick(session.peers);
  const clientMsgNo = `${r.int(0, 2 ** 31).toString(36)}${r.int(0, 2 ** 31).toString(36)}fz`;
  const draft: SendDraft = {
    setting: {},
    clientSeq: session.clientSeq,
    clientMsgNo,
    channelID: peer,
    channelType: ChannelType.PERSON,
    redDot: r.bool(0.8),
    noPersist: r.bool(0.05),
    syncOnce: r.bool(0.05),
  };
  if (session.version >= 3) draft.expire = r.bool(0.9) ? 0 : r.u32();
  let kind = "post:send";
  if (hostile) {
    kind = "post:hostileSend";
    Object.assign(
      draft,
      r.pick<Partial<SendDraft>>([
        { channelID: "" },
        { channelID: session.uid },
        { channelID: `${peer}\u0000` },
        { channelID: "c".repeat(200) },
        { channelID: "nobody-at-all" },
        { channelType: r.pick([0, 2, 3, 4, 5, 6, 7, 8, 255]) },
        { clientMsgNo: "n".repeat(300) },
        { clientMsgNo: `${clientMsgNo}\u0000` },
        { clientMsgNo: "" },
        { topic: "t".repeat(300) },
        { topic: "a\u0000b" },
        { setting: { receipt: true, signal: true, noEncrypt: true } },
        { clientSeq: 0xffffffff },
      ]),
    );
  }
  const payload = payloadFor(r);
  const frame = crypto.sealSend(draft, payload.bytes);
  const storable =
    payload.valid &&
    draft.channelType === ChannelType.PERSON &&
    session.peers.includes(draft.channelID) &&
    draft.channelID !== session.uid &&
    draft.noPersist !== true &&
    draft.clientMsgNo.length <= MAX_TAG_LENGTH &&
    !draft.clientMsgNo.includes("\u0000") &&
    (draft.topic === undefined ||
      (draft.topic.length <= MAX_TAG_LENGTH &&
        !draft.topic.includes("\u0000"))) &&
    Object.keys(draft.setting).length === 0;
  return {
    bytes: encodeFrame(frame, session.version),
    storable: storable ? [draft.clientMsgNo] : [],
    // NOTE: a hostile SEND that is still acceptable may be stored; the stored rows are checked.
    maybe: !storable && hostile ? [draft.clientMsgNo] : [],
    kind,
    clientMsgNo: draft.clientMsgNo,
  };
}

function oneFrame(r: Prng, session: FuzzSession): Generated {
  const v = session.version;
  const x = r.next();
  if (x < 0.3) return sealedSend(r, session, false);
  if (x < 0.42) return sealedSend(r, session, true);
  if (x < 0.5) {
    const send = arbitraryFrame(r, v, Op.SEND);
    return {
      bytes: encodeFrame(send, v),
      storable: [],
      kind: "post:unsealedSend",
    };
  }
  if (x < 0.62)
    return {
      bytes: encodeFrame(arbitraryFrame(r, v, Op.RECVACK), v),
      storable: [],
      kind: "post:recvack",
    };
  if (x < 0.72)
    return {
      bytes: encodeFrame({ op: Op.PING }, v),
      storable: [],
      kind: "post:ping",
    };
  if (x < 0.8)
    return {
      bytes: encodeFrame(arbitraryFrame(r, v, Op.SUB), v),
      storable: [],
      kind: "post:sub",
    };
  if (x < 0.82)
    return {
      bytes: encodeFrame(arbitraryFrame(r, v, Op.DISCONNECT), v),
      storable: [],
      kind: "post:disconnect",
    };
  if (x < 0.85)
    return {
      bytes: encodeFrame(connectFrame(r, session), v),
      storable: [],
      kind: "post:secondConnect",
    };
  if (x < 0.88) {
    const op = r.pick([Op.CONNACK, Op.SENDACK, Op.RECV, Op.PONG, Op.SUBACK]);
    return {
      bytes: encodeFrame(arbitraryFrame(r, v, op), v),
      storable: [],
      kind: "post:serverFrame",
    };
  }
  if (x < 0.96) {
    if (r.bool()) {
      const send = sealedSend(r, session, false);
      return {
        bytes: mutateBytes(r, send.bytes),
        storable: [],
        maybe: [send.clientMsgNo],
        kind: "post:mutatedSend",
      };
    }
    return {
      bytes: mutateBytes(r, encodeFrame(arbitraryFrame(r, v), v)),
      storable: [],
      kind: "post:mutated",
    };
  }
  return {
    bytes: r.bytes(r.int(1, 48)),
    storable: [],
    kind: "post:randomBytes",
  };
}

/** The next message on an open (handshaken) connection. */
export function postConnectMessage(r: Prng, session: FuzzSession): FuzzMessage {
  const x = r.next();
  if (x < 0.02) return { data: r.str(20), kind: "post:text", storable: [] };
  if (x < 0.03)
    return {
      data: concat([
        new Uint8Array([0x30, 0xff, 0xff, 0xff, 0x7f]),
        r.bytes(16),
      ]),
      kind: "post:hugeLength",
      storable: [],
    };
  if (x < 0.13) {
    const frames = Array.from({ length: r.int(2, 5) }, () =>
      oneFrame(r, session),
    );
    return {
      data: concat(frames.map((f) => f.bytes)),
      kind: "post:batched",
      storable: frames.flatMap((f) => f.storable),
      maybe: frames.flatMap((f) => f.maybe ?? []),
    };
  }
  const frame = oneFrame(r, session);
  return {
    data: frame.bytes,
    kind: frame.kind,
    storable: frame.storable,
    maybe: frame.maybe ?? [],
  };
}
