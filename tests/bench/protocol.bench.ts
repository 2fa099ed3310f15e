// `npm run bench:protocol`: our codec against the official client's (npm wukongimjssdk@1.0.4) on the
// same inputs, in one process: (a) build an encrypted 100-byte text SEND with its msgKey, (b) verify
// and decrypt a RECV, (c) framing-only decode of a 100-frame stream. Prints a table, then one JSON line.
import {
  FrameDecoder,
  Op,
  ConnectionCrypto,
  decodeFrame,
  encodeContent,
  encodeFrame,
  nobleBackend,
  type CryptoBackend,
  type Frame,
  type RecvFrame,
} from "#protocol";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { MessageText } from "wukongimjssdk/lib/model";
import { SendPacket, Setting } from "wukongimjssdk/lib/proto";
import { nodeCryptoBackend } from "../support/protocol/nodeCryptoBackend";
import {
  sdkOpenRecv,
  sdkProto,
  setSdkSessionKeys,
} from "../support/protocol/sdkCodec";

const KEYS = { aesKey: "db67526dfa47d064", aesIV: "AbCdEfGh12345678" };
// 100 UTF-8 bytes: 70 ASCII + 10 CJK characters (3 bytes each).
const TEXT =
  "Hello from Fuyuan, this is a benchmark message of one hundred bytes".padEnd(
    70,
    ".",
  ) + "福缘你好消息测试一下";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 250);

let sink = 0;

// NOTE: a full GC before each measurement keeps one case's garbage from being billed to the next.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Ops per second of `fn`, over about `ms` milliseconds, in batches calibrated to ~10 ms. */
function opsPerSecond(fn: () => number, ms: number): number {
  gc();
  let batch = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < batch; i++) sink += fn();
    if (performance.now() - t > 10) break;
    batch *= 2;
  }
  let ops = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < batch; i++) sink += fn();
    ops += batch;
    t = performance.now();
  }
  return (ops * 1000) / (t - t0);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const utf8 = (s: string) => new TextEncoder().encode(s);
if (utf8(TEXT).length !== 100)
  throw new Error(`bench text is ${utf8(TEXT).length} bytes, not 100`);
setSdkSessionKeys(KEYS.aesKey, KEYS.aesIV);

// (a) SEND: content JSON → AES-CBC → base64 → msgKey → frame bytes (v2, the layout the SDK speaks).
const sendDraft = {
  redDot: true,
  setting: {},
  clientSeq: 1,
  clientMsgNo: "b4c0f7a2e1d94c3f8a6b5e2d1c0f9a873",
  channelID: "bob",
  channelType: 1,
};
function oursSend(session: ConnectionCrypto): () => number {
  let seq = 0;
  return () => {
    const plain = encodeContent({ kind: "text", type: 1, content: TEXT });
    const frame = session.sealSend(
      { ...sendDraft, clientSeq: (seq = (seq + 1) >>> 0) },
      plain,
    );
    return encodeFrame(frame, 2).length;
  };
}
function sdkSend(): () => number {
  let seq = 0;
  return () => {
    const p = new SendPacket();
    p.setting = new Setting();
    p.reddot = true;
    p.clientSeq = seq = (seq + 1) >>> 0;
    p.clientMsgNo = sendDraft.clientMsgNo;
    p.channelID = sendDraft.channelID;
    p.channelType = sendDraft.channelType;
    p.payload = new MessageText(TEXT).encode();
    return sdkProto.encode(p).length;
  };
}

// (b) RECV: frame bytes → fields → msgKey check → AES-CBC decrypt (what a client does per message).
const plainRecv = encodeContent({ kind: "text", type: 1, content: TEXT });
const recvBytes = encodeFrame(
  new ConnectionCrypto(KEYS).sealRecv(
    {
      redDot: true,
      setting: {},
      fromUID: "bob",
      channelID: "bob",
      channelType: 1,
      clientMsgNo: sendDraft.clientMsgNo,
      messageID: 700000000000000002n,
      messageSeq: 2,
      timestamp: 1760000000,
    },
    plainRecv,
  ),
  2,
);
function oursRecv(session: ConnectionCrypto): () => number {
  return () => session.openRecv(decodeFrame(recvBytes, 2) as RecvFrame).length;
}
function sdkRecv(): () => number {
  return () => sdkOpenRecv(sdkProto.decode(recvBytes))!.length;
}

// (c) Framing: 100 frames in one chunk. Inbound (client → server) is the gateway's workload;
// the server → client mix is the one the SDK can decode (one frame per call: its unpacker breaks
// on several frames in one message, §0.4).
const session0 = new ConnectionCrypto(KEYS);
const inbound: Frame[] = [];
const outbound: Frame[] = [];
for (let i = 0; i < 100; i++) {
  const k = i % 10;
  if (k < 6)
    inbound.push(
      session0.sealSend({ ...sendDraft, clientSeq: i + 1 }, plainRecv),
    );
  else if (k < 9)
    inbound.push({
      op: Op.RECVACK,
      redDot: true,
      messageID: 700000000000000000n + BigInt(i),
      messageSeq: i,
    });
  else inbound.push({ op: Op.PING });
  if (k < 5) outbound.push(decodeFrame(recvBytes, 2));
  else if (k < 9)
    outbound.push({
      op: Op.SENDACK,
      redDot: true,
      messageID: 700000000000000000n + BigInt(i),
      clientSeq: i,
      messageSeq: i,
      reasonCode: 1,
    });
  else outbound.push({ op: Op.PONG });
}
const concat = (frames: Frame[]) => {
  const parts = frames.map((f) => encodeFrame(f, 4));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return { bytes: out, parts };
};
const inStream = concat(inbound);
const outStream = concat(
  outbound.map((f) => ({ ...f, ...(f.op === Op.RECV ? { expire: 0 } : {}) })),
);
const outFramesV2 = outbound.map((f) => encodeFrame(f, 2));
function oursFraming(bytes: Uint8Array): () => number {
  return () => new FrameDecoder({ version: 4 }).push(bytes).length;
}
function sdkFraming(): () => number {
  return () => {
    for (const f of outFramesV2) sdkProto.decode(f);
    return outFramesV2.length;
  };
}

// Sanity: both sides build the same SEND bytes and accept each other's RECV before anything is timed.
{
  const ours = new ConnectionCrypto(KEYS).sealSend(
    { ...sendDraft, clientSeq: 1 },
    encodeContent({ kind: "text", type: 1, content: TEXT }),
  );
  const p = new SendPacket();
  Object.assign(p, {
    setting: new Setting(),
    reddot: true,
    clientSeq: 1,
    clientMsgNo: sendDraft.clientMsgNo,
    channelID: "bob",
    channelType: 1,
  });
  p.payload = new MessageText(TEXT).encode();
  const a = encodeFrame(ours, 2);
  const b = sdkProto.encode(p);
  if (a.length !== b.length || a.some((x, i) => x !== b[i]))
    throw new Error("our SEND differs from the SDK's");
  if (sdkOpenRecv(sdkProto.decode(recvBytes)) === undefined)
    throw new Error("the SDK rejected our RECV");
  if (
    inbound.length !== 100 ||
    new FrameDecoder({ version: 4 }).push(inStream.bytes).length !== 100
  )
    throw new Error("stream");
}

interface Case {
  name: string;
  impl: string;
  backend: string;
  unit: string;
  perOp: number;
  fn: () => number;
}
const backends: CryptoBackend[] = [nobleBackend, nodeCryptoBackend];
const cases: Case[] = [
  {
    name: "send",
    impl: "wukongimjssdk@1.0.4",
    backend: "crypto-js + md5-typescript",
    unit: "ops/s",
    perOp: 1,
    fn: sdkSend(),
  },
  ...backends.map((b) => ({
    name: "send",
    impl: "ours",
    backend: b.name,
    unit: "ops/s",
    perOp: 1,
    fn: oursSend(new ConnectionCrypto(KEYS, b)),
  })),
  {
    name: "recv",
    impl: "wukongimjssdk@1.0.4",
    backend: "crypto-js + md5-typescript",
    unit: "ops/s",
    perOp: 1,
    fn: sdkRecv(),
  },
  ...backends.map((b) => ({
    name: "recv",
    impl: "ours",
    backend: b.name,
    unit: "ops/s",
    perOp: 1,
    fn: oursRecv(new ConnectionCrypto(KEYS, b)),
  })),
  {
    name: "frames in (SEND/RECVACK/PING)",
    impl: "ours",
    backend: "-",
    unit: "frames/s",
    perOp: 100,
    fn: oursFraming(inStream.bytes),
  },
  {
    name: "frames out (RECV/SENDACK/PONG)",
    impl: "ours",
    backend: "-",
    unit: "frames/s",
    perOp: 100,
    fn: oursFraming(outStream.bytes),
  },
  {
    name: "frames out (RECV/SENDACK/PONG)",
    impl: "wukongimjssdk@1.0.4",
    backend: "-",
    unit: "frames/s",
    perOp: 100,
    fn: sdkFraming(),
  },
];

// Interleave the cases round by round so a change in machine load hits all of them alike.
const samples = cases.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++) {
  cases.forEach((c, i) =>
    samples[i]!.push(opsPerSecond(c.fn, ROUND_MS) * c.perOp),
  );
}
const result = cases.map((c, i) => ({ ...c, rate: median(samples[i]!) }));
const rate = (name: string, impl: string, backend?: string) =>
  result.find(
    (r) =>
      r.name === name &&
      r.impl === impl &&
      (backend === undefined || r.backend === backend),
  )!.rate;

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
console.log(
  `\nprotocol bench — Node ${process.version}, median of ${ROUNDS} rounds × ${ROUND_MS} ms\n`,
);
console.log(
  [
    "case".padEnd(32),
    "implementation".padEnd(20),
    "crypto backend".padEnd(27),
    "rate".padStart(13),
    "  unit",
    "  vs SDK",
  ].join(""),
);
for (const r of result) {
  const sdk = result.find((x) => x.name === r.name && x.impl !== "ours");
  const ratio =
    r.impl === "ours" && sdk !== undefined
      ? `${(r.rate / sdk.rate).toFixed(1)}×`
      : "";
  console.log(
    [
      r.name.padEnd(32),
      r.impl.padEnd(20),
      r.backend.padEnd(27),
      fmt(r.rate).padStart(13),
      `  ${r.unit.padEnd(9)}`,
      ratio,
    ].join(""),
  );
}

// NOTE: the JSON reports node:crypto: this runs in Node, where the server plugs node:crypto into
// ConnectionCrypto (the SDK has no such option). The noble rows above are what the browser worker
// runs; their ratios are printed too and repeated in the JSON as *_noble.
const JSON_BACKEND = nodeCryptoBackend.name;
const sendSdk = rate("send", "wukongimjssdk@1.0.4");
const recvSdk = rate("recv", "wukongimjssdk@1.0.4");
const sendOps = rate("send", "ours", JSON_BACKEND);
const recvOps = rate("recv", "ours", JSON_BACKEND);
const ratio = (a: number, b: number) => Math.round((a / b) * 10) / 10;
console.log(`\n(sink ${sink % 10})`);
console.log(
  JSON.stringify({
    bench: "protocol",
    send_ops: Math.round(sendOps),
    send_ops_sdk: Math.round(sendSdk),
    send_ratio: ratio(sendOps, sendSdk),
    recv_ops: Math.round(recvOps),
    recv_ops_sdk: Math.round(recvSdk),
    recv_ratio: ratio(recvOps, recvSdk),
    frame_decode_ops: Math.round(rate("frames in (SEND/RECVACK/PING)", "ours")),
    backend: JSON_BACKEND,
    send_ratio_noble: ratio(rate("send", "ours", nobleBackend.name), sendSdk),
    recv_ratio_noble: ratio(rate("recv", "ours", nobleBackend.name), recvSdk),
  }),
);
