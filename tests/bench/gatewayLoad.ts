// Load generator for `npm run bench:gateway`, a separate process on loopback: opens many WuKongIM
// connections (CONNECT, X25519, keys), then drives open-loop 1:1 traffic at a fixed rate through
// sender → receiver pairs, measuring SEND→SENDACK at the sender and send→RECV at the receiver
// (one clock: both ends live here). It does the same work against the gateway and the bare relay.
import WebSocket from "ws";
import {
  type Frame,
  FrameDecoder,
  Op,
  SessionCrypto,
  encodeFrame,
  encodeUtf8,
  generateKeyPair,
} from "#protocol";
import { nodeCryptoBackend } from "../support/nodeCryptoBackend";
import type {
  BenchUser,
  ConnectResult,
  LoadRequest,
  RunStats,
} from "./gatewayBenchProtocol";
import { GatewayDiagnostics } from "./gatewayDiagnostics";

interface Conn {
  ws: WebSocket;
  uid: string;
  version: number;
  crypto: SessionCrypto | null;
  decoder: FrameDecoder;
  clientSeq: number;
  /** clientSeq → send time (ms) of SENDs awaiting their SENDACK. */
  pending: Map<number, number>;
}

const diagnostics =
  process.env.BENCH_DIAG === "1" ? new GatewayDiagnostics() : null;
let conns: Conn[] = [];
/** clientMsgNo → send time, for the receiver's latency. */
const sentAt = new Map<string, number>();
let recording = false;
let ackLatencies: number[] = [];
let recvLatencies: number[] = [];
let acked = 0;
let refused = 0;
let received = 0;

function onFrame(conn: Conn, frame: Frame): void {
  const now = performance.now();
  if (frame.op === Op.SENDACK) {
    const t0 = conn.pending.get(frame.clientSeq);
    if (t0 === undefined) return;
    conn.pending.delete(frame.clientSeq);
    if (!recording) return;
    if (frame.reasonCode === 1) {
      acked += 1;
      ackLatencies.push(now - t0);
    } else refused += 1;
  } else if (frame.op === Op.RECV) {
    conn.ws.send(
      encodeFrame(
        {
          op: Op.RECVACK,
          messageID: frame.messageID,
          messageSeq: frame.messageSeq,
          redDot: frame.redDot === true,
        },
        conn.version,
      ),
    );
    const t0 = sentAt.get(frame.clientMsgNo);
    if (t0 === undefined || !recording) return;
    sentAt.delete(frame.clientMsgNo);
    received += 1;
    recvLatencies.push(now - t0);
  }
}

function open(
  url: string,
  user: BenchUser,
  version: number,
): Promise<Conn | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const keys = generateKeyPair(nodeCryptoBackend);
    const conn: Conn = {
      ws,
      uid: user.uid,
      version,
      crypto: null,
      decoder: new FrameDecoder({ version }),
      clientSeq: 0,
      pending: new Map(),
    };
    let settled = false;
    const done = (value: Conn | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    ws.on("open", () => {
      ws.send(
        encodeFrame(
          {
            op: Op.CONNECT,
            version,
            deviceFlag: 1,
            deviceID: `${crypto.randomUUID().replaceAll("-", "")}W`,
            uid: user.uid,
            token: user.token,
            clientTimestamp: BigInt(Date.now()),
            clientKey: keys.publicKeyBase64,
          },
          version,
        ),
      );
    });
    ws.on("message", (data: Buffer) => {
      for (const frame of conn.decoder.push(new Uint8Array(data))) {
        if (frame.op === Op.CONNACK) {
          if (frame.reasonCode !== 1) {
            ws.close();
            done(null);
            return;
          }
          conn.crypto = SessionCrypto.fromKeyExchange(
            {
              privateKey: keys.privateKey,
              peerPublicKey: frame.serverKey,
              salt: frame.salt,
            },
            nodeCryptoBackend,
          );
          done(conn);
        } else onFrame(conn, frame);
      }
    });
    ws.on("error", () => {
      done(null);
    });
    ws.on("close", () => {
      done(null);
    });
  });
}

async function connectAll(
  url: string,
  users: BenchUser[],
  version: number,
  concurrency: number,
): Promise<ConnectResult> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < users.length) {
      const user = users[next++] as BenchUser;
      const conn = await open(url, user, version);
      if (conn === null) failed += 1;
      else conns.push(conn);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    connected: conns.length,
    failed,
    ms: Math.round(performance.now() - started),
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return Number(
    (
      sorted[
        Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
      ] ?? 0
    ).toFixed(2),
  );
}

let msgCounter = 0;

function sendOne(from: Conn, to: Conn): void {
  const crypto = from.crypto;
  if (crypto === null || from.ws.readyState !== WebSocket.OPEN) return;
  from.clientSeq += 1;
  msgCounter += 1;
  const clientMsgNo = `b${process.pid}x${msgCounter}`;
  const frame = crypto.sealSend(
    {
      setting: {},
      clientSeq: from.clientSeq,
      clientMsgNo,
      channelID: to.uid,
      channelType: 1,
      redDot: true,
    },
    encodeUtf8(`{"content":"load test message number ${msgCounter}","type":1}`),
  );
  const t0 = performance.now();
  from.pending.set(from.clientSeq, t0);
  sentAt.set(clientMsgNo, t0);
  from.ws.send(encodeFrame(frame, from.version));
}

async function run(
  pairs: number,
  rate: number,
  seconds: number,
): Promise<RunStats> {
  const usable = Math.min(pairs, Math.floor(conns.length / 2));
  const senders = conns.slice(0, usable);
  const receivers = conns.slice(usable, usable * 2);
  ackLatencies = [];
  recvLatencies = [];
  acked = 0;
  refused = 0;
  received = 0;
  sentAt.clear();
  recording = true;
  let sent = 0;
  const started = performance.now();
  const ends = started + seconds * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(
        rate * seconds,
        Math.floor(((now - started) / 1000) * rate),
      );
      while (sent < due) {
        const i = sent % usable;
        sendOne(senders[i] as Conn, receivers[i] as Conn);
        sent += 1;
      }
      if (now >= ends) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  const drainUntil = performance.now() + 3_000;
  while (
    (acked + refused < sent || received < acked) &&
    performance.now() < drainUntil
  )
    await new Promise((r) => setTimeout(r, 20));
  recording = false;
  for (const c of conns) c.pending.clear();
  return {
    rate,
    seconds,
    sent,
    acked,
    refused,
    received,
    achievedPerSecond: Math.round(acked / seconds),
    ackP50: percentile(ackLatencies, 50),
    ackP99: percentile(ackLatencies, 99),
    recvP50: percentile(recvLatencies, 50),
    recvP99: percentile(recvLatencies, 99),
  };
}

async function closeAll(): Promise<void> {
  const closing = conns.map(
    (c) =>
      new Promise<void>((resolve) => {
        if (c.ws.readyState === WebSocket.CLOSED) resolve();
        else {
          c.ws.once("close", () => {
            resolve();
          });
          c.ws.terminate();
        }
      }),
  );
  await Promise.all(closing);
  conns = [];
}

process.on("message", (raw) => {
  const request = raw as LoadRequest;
  void (async () => {
    switch (request.type) {
      case "connect":
        process.send?.({
          id: request.id,
          ...(await connectAll(
            request.url,
            request.users,
            request.version,
            request.concurrency,
          )),
        });
        break;
      case "run":
        process.send?.({
          id: request.id,
          ...(await run(request.pairs, request.rate, request.seconds)),
        });
        break;
      case "diag":
        process.send?.({
          id: request.id,
          diag: diagnostics?.snapshot() ?? null,
        });
        break;
      case "closeAll":
        await closeAll();
        process.send?.({ id: request.id });
        break;
      case "exit":
        process.send?.({ id: request.id });
        process.exit(0);
    }
  })();
});
process.send?.({ id: 0 });
