// Load generator for `npm run bench:gateway`, a separate process on loopback: opens many WuKongIM
// connections (CONNECT, X25519, keys), then drives open-loop 1:1 traffic at a fixed rate through
// sender → receiver pairs, measuring SEND→SENDACK at the sender and send→RECV at the receiver
// (one clock: both ends live here). Every connection pings once a minute, as the SDK does. It does
// the same work against the gateway, WuKongIM and the bare relay.
import WebSocket from "ws";
import {
  type Frame,
  FrameDecoder,
  Op,
  ConnectionCrypto,
  encodeFrame,
  encodeUtf8,
  generateKeyPair,
} from "#protocol";
import { nodeCryptoBackend } from "../support/protocol/nodeCryptoBackend";
import type {
  BenchUser,
  ConnectResult,
  LoadRequest,
  RunStats,
  StormResult,
} from "./gatewayBenchProtocol";
import { GatewayDiagnostics } from "./gatewayDiagnostics";
import { tuneHeap } from "../../server/lib/heapTuning";

// NOTE: the server's V8 settings here too: the load generator's own mark-compacts stall its event
// loop, and a SENDACK or RECV read late counts as server latency.
tuneHeap();

interface Conn {
  ws: WebSocket;
  uid: string;
  version: number;
  crypto: ConnectionCrypto | null;
  decoder: FrameDecoder;
}

const diagnostics =
  process.env.BENCH_DIAG === "1" ? new GatewayDiagnostics() : null;
let conns: Conn[] = [];
/** What the last `connect` opened, so that a storm reconnects the same users. */
let lastConnect: { url: string; users: BenchUser[]; version: number } | null =
  null;

/**
 * One run's bookkeeping, preallocated so that measuring allocates nothing per message: message i
 * of the run is sent with clientSeq `base + i` (increasing on every connection, as the protocol
 * wants, and never reused, so no clientMsgNo repeats) and clientMsgNo `b{pid}x{base + i}`, so its
 * SENDACK and its RECV find its send time by index.
 */
interface Run {
  base: number;
  sentAt: Float64Array;
  /** Bit 1: SENDACK seen, bit 2: RECV seen (a duplicate is not counted twice). */
  seen: Uint8Array;
  /** SEND→SENDACK of message i (NaN until acknowledged or when refused). */
  ackLatencyOf: Float64Array;
  recvLatencies: Float64Array;
  sent: number;
  acked: number;
  refused: number;
  received: number;
}

let current: Run | null = null;
/** clientSeqs used so far: each run starts above the previous one's. */
let nextSeqBase = 1;

function newRun(capacity: number): Run {
  const run: Run = {
    base: nextSeqBase,
    sentAt: new Float64Array(capacity),
    seen: new Uint8Array(capacity),
    ackLatencyOf: new Float64Array(capacity).fill(Number.NaN),
    recvLatencies: new Float64Array(capacity),
    sent: 0,
    acked: 0,
    refused: 0,
    received: 0,
  };
  nextSeqBase += capacity;
  return run;
}

const MSG_NO_PREFIX = `b${process.pid}x`;

/** The clientSeq a clientMsgNo of this process carries (`b{pid}x{seq}`), or -1. */
function seqOfMsgNo(clientMsgNo: string): number {
  if (!clientMsgNo.startsWith(MSG_NO_PREFIX)) return -1;
  const seq = Number(clientMsgNo.slice(MSG_NO_PREFIX.length));
  return Number.isInteger(seq) ? seq : -1;
}

function onFrame(conn: Conn, frame: Frame): void {
  const now = performance.now();
  const run = current;
  if (frame.op === Op.SENDACK) {
    const i = frame.clientSeq - (run?.base ?? 0);
    if (run === null || i < 0 || i >= run.sent || (run.seen[i]! & 1) !== 0)
      return;
    run.seen[i]! |= 1;
    if (frame.reasonCode === 1) {
      run.acked += 1;
      run.ackLatencyOf[i] = now - run.sentAt[i]!;
    } else run.refused += 1;
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
    const i = seqOfMsgNo(frame.clientMsgNo) - (run?.base ?? 0);
    if (run === null || i < 0 || i >= run.sent || (run.seen[i]! & 2) !== 0)
      return;
    run.seen[i]! |= 2;
    run.recvLatencies[run.received++] = now - run.sentAt[i]!;
  }
}

/** Why connection attempts failed (a close code, "refused" for a CONNACK refusal, or "error"). */
const failures = new Map<string, number>();
const failed = (why: string) => {
  failures.set(why, (failures.get(why) ?? 0) + 1);
};

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
            if (!settled) failed(`CONNACK ${String(frame.reasonCode)}`);
            ws.close();
            done(null);
            return;
          }
          conn.crypto = ConnectionCrypto.fromKeyExchange(
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
    ws.on("error", (error: Error & { code?: string }) => {
      if (!settled) failed(error.code ?? error.message.slice(0, 40));
      done(null);
    });
    ws.on("close", (code) => {
      if (!settled) failed(`close ${String(code)}`);
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
  lastConnect = { url, users, version };
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

function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.slice().sort();
  return Number(
    (
      sorted[
        Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
      ] ?? 0
    ).toFixed(2),
  );
}

/** Sends message `run.sent` of the run from `from` to `to` (counted as offered even if `from` closed). */
function sendOne(run: Run, from: Conn, to: Conn): void {
  const i = run.sent++;
  const crypto = from.crypto;
  if (crypto === null || from.ws.readyState !== WebSocket.OPEN) return;
  const clientSeq = run.base + i;
  const frame = crypto.sealSend(
    {
      setting: {},
      clientSeq,
      clientMsgNo: `${MSG_NO_PREFIX}${clientSeq}`,
      channelID: to.uid,
      channelType: 1,
      redDot: true,
    },
    encodeUtf8(`{"content":"load test message number ${clientSeq}","type":1}`),
  );
  run.sentAt[i] = performance.now();
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
  const total = Math.floor(rate * seconds);
  const r = newRun(total);
  current = r;
  const started = performance.now();
  const ends = started + seconds * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) / 1000) * rate));
      while (r.sent < due) {
        const k = r.sent % usable;
        sendOne(r, senders[k] as Conn, receivers[k] as Conn);
      }
      if (now >= ends) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  const drainUntil = performance.now() + 3_000;
  while (
    (r.acked + r.refused < r.sent || r.received < r.acked) &&
    performance.now() < drainUntil
  )
    await new Promise((resolve) => setTimeout(resolve, 20));
  current = null;
  const acks = r.ackLatencyOf
    .subarray(0, r.sent)
    .filter((latency) => !Number.isNaN(latency));
  const recvs = r.recvLatencies.subarray(0, r.received);
  return {
    rate,
    seconds,
    sent: r.sent,
    acked: r.acked,
    refused: r.refused,
    received: r.received,
    achievedPerSecond: Math.round(r.acked / seconds),
    ackP50: percentile(acks, 50),
    ackP99: percentile(acks, 99),
    recvP50: percentile(recvs, 50),
    recvP99: percentile(recvs, 99),
    startedAt: performance.timeOrigin + started,
    closed: conns.filter((c) => c.ws.readyState !== WebSocket.OPEN).length,
    ...(diagnostics === null
      ? {}
      : { ackP99BySecond: ackP99BySecond(r, started, seconds) }),
  };
}

/** p99 SEND→SENDACK of the messages sent in each second of the run (where the tail came from). */
function ackP99BySecond(r: Run, started: number, seconds: number): number[] {
  const buckets: number[][] = Array.from({ length: seconds }, () => []);
  for (let i = 0; i < r.sent; i++) {
    const latency = r.ackLatencyOf[i]!;
    const second = Math.floor((r.sentAt[i]! - started) / 1000);
    if (!Number.isNaN(latency) && second >= 0 && second < seconds)
      buckets[second]!.push(latency);
  }
  return buckets.map((b) => Math.round(percentile(Float64Array.from(b), 99)));
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

/** How long a storm may take before the stragglers are given up (the bound is 15 s). */
const STORM_LIMIT_MS = 60_000;

/**
 * A reconnect storm: every connection dropped at once (as when a server restarts), then every
 * client reconnecting at once, a failed attempt again after 0.25–1 s (clients back off with jitter).
 */
async function storm(): Promise<StormResult> {
  if (lastConnect === null) throw new Error("storm before connect");
  const { url, users, version } = lastConnect;
  const dropped = conns.length;
  await closeAll();
  failures.clear();
  const started = performance.now();
  let failedAttempts = 0;
  const reconnect = async (user: BenchUser) => {
    while (performance.now() - started < STORM_LIMIT_MS) {
      const conn = await open(url, user, version);
      if (conn !== null) {
        conns.push(conn);
        return;
      }
      failedAttempts += 1;
      await new Promise((resolve) =>
        setTimeout(resolve, 250 + Math.random() * 750),
      );
    }
  };
  await Promise.all(users.map(reconnect));
  return {
    dropped,
    reconnected: conns.length,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    failedAttempts,
    failures: Object.fromEntries(failures),
  };
}

/** The SDK's keep-alive: every connection sends a PING each 60 s (both engines close a socket silent for 3 minutes). */
const PING_EVERY_S = 60;
let pingTick = 0;
// NOTE: spread over the minute (1/60 of the connections each second), not a burst of 10,000.
setInterval(() => {
  const slot = pingTick++ % PING_EVERY_S;
  for (let i = slot; i < conns.length; i += PING_EVERY_S) {
    const conn = conns[i]!;
    if (conn.ws.readyState === WebSocket.OPEN)
      conn.ws.send(encodeFrame({ op: Op.PING }, conn.version));
  }
}, 1_000).unref();

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
      case "storm":
        process.send?.({ id: request.id, ...(await storm()) });
        break;
      case "exit":
        process.send?.({ id: request.id });
        process.exit(0);
    }
  })();
});
process.send?.({ id: 0 });
