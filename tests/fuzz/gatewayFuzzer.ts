// The gateway fuzzer: several workers open real WebSockets to /im and send random and damaged
// frames (gatewayFrames.ts), before and after a real CONNECT, while a control pair keeps
// exchanging messages and a health probe keeps calling the REST API. Checks: the server answers
// throughout, every connection it closes gets a close code 4000–4008 with a reason (or 1000 after
// the client's DISCONNECT, 1009 for an over-long WebSocket message), never 1011 or a dropped
// socket; a clean connection still answers PING; no SENDACK says systemError; the control pair
// never misses, doubles or loses a message; and the message table gains only the control
// messages and well-formed fuzz sends.
import { sql } from "drizzle-orm";
import { Op, ReasonCode, type ProtocolVersion } from "#protocol";
import type { Db } from "../../server/db/createDb";
import { ImTestClient } from "../support/server/im/ImTestClient";
import { type ImUser, signIn } from "../support/server/im/imServer";
import type { TestClock } from "../support/testClock";
import { within } from "../support/within";
import { Prng } from "../support/protocol/prng";
import {
  type FuzzMessage,
  type FuzzSession,
  postConnectMessage,
  preConnectMessage,
} from "./gatewayFrames";

export interface GatewayFuzzTarget {
  baseUrl: string;
  imUrl: string;
  db: Db;
  clock: TestClock;
}

export interface GatewayFuzzOptions {
  seed: number;
  /** Fuzz WebSocket messages to send in all (the control pair's traffic is extra). */
  frames: number;
  /** Fuzz connections open at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface GatewayFuzzSummary {
  fuzz: "gateway";
  seed: number;
  frames: number;
  connections: number;
  closed_by_server: number;
  control_messages: number;
  max_control_round_ms: number;
  health_checks: number;
  stored_fuzz_messages: number;
  acked_fuzz_messages: number;
  close_codes: Record<string, number>;
  sendack_reasons: Record<string, number>;
  kinds: Record<string, number>;
  elapsed_ms: number;
  ok: boolean;
}

export interface GatewayFuzzResult {
  summary: GatewayFuzzSummary;
  failures: string[];
}

/** Waits for anything on the server this long before calling it a stall (busy CI machines). */
const PATIENCE_MS = 30_000;
const MAX_REPORTED_FAILURES = 40;
/** Close codes the server may use on a fuzz connection (besides 4000–4008). */
const OTHER_ALLOWED_CLOSES = new Map([
  [1000, "after the client's DISCONNECT"],
  [1009, "WebSocket message over maxPayload (ws)"],
]);
const VERSIONS: readonly ProtocolVersion[] = [2, 3, 4, 5];
/** Message kinds after which the decoder holds no partial frame (PING must get PONG). */
const CLEAN_KINDS = new Set([
  "post:send",
  "post:hostileSend",
  "post:unsealedSend",
  "post:recvack",
  "post:ping",
  "post:sub",
]);

/**
 * Messages that must end a connection whose decoder held no partial frame, and the close code:
 * text, frames only a server sends, a second CONNECT, anything but CONNECT first (4000); a declared
 * length over the cap (4001); a SEND or RECV first, held until the handshake time runs out (4003);
 * the client's own DISCONNECT (1000).
 */
const FATAL_KINDS = new Map([
  ["pre:text", 4000],
  ["pre:notConnect", 4000],
  ["pre:heldFrame", 4003],
  ["pre:hugeLength", 4001],
  ["post:text", 4000],
  ["post:serverFrame", 4000],
  ["post:secondConnect", 4000],
  ["post:hugeLength", 4001],
  ["post:disconnect", 1000],
]);
/** How long a damaged connection is given to be closed by the server before the client leaves. */
const GRACE_MS = 250;

function bump(record: Record<string, number>, key: string | number): void {
  record[key] = (record[key] ?? 0) + 1;
}

async function connectUser(imUrl: string, user: ImUser): Promise<ImTestClient> {
  const client = await ImTestClient.open(imUrl);
  client.sendFrame(
    client.connectFrame({ uid: user.imId, token: user.imToken }),
  );
  const connack = await client.next(Op.CONNACK, () => true, PATIENCE_MS);
  client.acceptConnack(connack);
  if (connack.reasonCode !== ReasonCode.SUCCESS)
    throw new Error(`CONNECT of ${user.imId} refused: ${connack.reasonCode}`);
  return client;
}

interface StoredRow {
  from_uid: string;
  to_uid: string;
  client_msg_no: string;
  topic: string | null;
  payload: string;
}

async function storedSince(db: Db, afterId: bigint): Promise<StoredRow[]> {
  const result = await db.execute(sql`
    select from_uid, to_uid, client_msg_no, topic, payload from im_messages
    where id > ${afterId.toString()}::bigint`);
  return (result as { rows: StoredRow[] }).rows;
}

async function maxMessageId(db: Db): Promise<bigint> {
  const result = await db.execute(
    sql`select coalesce(max(id), 0)::text as id from im_messages`,
  );
  return BigInt((result as { rows: { id: string }[] }).rows[0]?.id ?? "0");
}

/** What is wrong with a stored fuzz message, or null. */
function rowProblem(row: StoredRow, peers: readonly string[]): string | null {
  if (!peers.includes(row.to_uid) || row.to_uid === row.from_uid)
    return `stored for ${row.to_uid}, not a peer`;
  if (row.client_msg_no.length > 128) return "clientMsgNo over 128 characters";
  if (row.topic !== null && row.topic.length > 128)
    return "topic over 128 characters";
  try {
    const json = JSON.parse(row.payload) as unknown;
    const type = (json as { type?: unknown } | null)?.type;
    if (typeof json !== "object" || json === null || Array.isArray(json))
      return "payload is not a JSON object";
    if (typeof type !== "number" || !Number.isSafeInteger(type))
      return "payload has no integer type";
  } catch {
    return "payload is not JSON";
  }
  return null;
}

export async function runGatewayFuzz(
  target: GatewayFuzzTarget,
  options: GatewayFuzzOptions,
): Promise<GatewayFuzzResult> {
  const started = performance.now();
  const { seed } = options;
  const log = options.log ?? (() => undefined);
  const failures: string[] = [];
  const fail = (what: string) => {
    if (failures.length < MAX_REPORTED_FAILURES)
      failures.push(`seed ${seed}: ${what}`);
  };
  const summary: GatewayFuzzSummary = {
    fuzz: "gateway",
    seed,
    frames: 0,
    connections: 0,
    closed_by_server: 0,
    control_messages: 0,
    max_control_round_ms: 0,
    health_checks: 0,
    stored_fuzz_messages: 0,
    acked_fuzz_messages: 0,
    close_codes: {},
    sendack_reasons: {},
    kinds: {},
    elapsed_ms: 0,
    ok: false,
  };

  // NOTE: sign-ins move the shared test clock (the one-minute resend rule): one after the other.
  const users: ImUser[] = [];
  for (let i = 0; i < 6; i++) users.push(await signIn(target, target.clock));
  const [alice, bob, sink, ...fuzzUsers] = users;
  if (alice === undefined || bob === undefined || sink === undefined)
    throw new Error("sign-in failed");
  const peers = [
    sink.imId,
    sink.imId,
    sink.imId,
    ...fuzzUsers.map((u) => u.imId),
    alice.imId,
    bob.imId,
  ];
  const firstId = await maxMessageId(target.db);
  const storable = new Set<string>();
  const maybe = new Set<string>();
  /** SENDs without a clientMsgNo: the server names them (32 hex digits). */
  let serverNamed = 0;

  const control = {
    a: await connectUser(target.imUrl, alice),
    b: await connectUser(target.imUrl, bob),
  };
  let stopped = false;

  const controlLoop = async () => {
    let round = 0;
    const pairs = [
      [control.a, alice, control.b, bob],
      [control.b, bob, control.a, alice],
    ] as const;
    while (!stopped) {
      const t0 = performance.now();
      for (const [from, sender, to, recipient] of pairs) {
        round += 1;
        const content = { type: 1, content: `control ${round}` };
        try {
          const sent = from.send(content, { channelId: recipient.imId });
          const ack = await from.next(
            Op.SENDACK,
            (f) => f.clientSeq === sent.clientSeq,
            PATIENCE_MS,
          );
          if (ack.reasonCode !== ReasonCode.SUCCESS) {
            fail(`control SEND ${round} answered reason ${ack.reasonCode}`);
            continue;
          }
          summary.control_messages += 1;
          const recv = await to.next(
            Op.RECV,
            (f) =>
              f.fromUID === sender.imId && f.clientMsgNo === sent.clientMsgNo,
            PATIENCE_MS,
          );
          to.recvack(recv);
          const got = to.openRecv(recv) as { content?: string };
          if (got.content !== content.content)
            fail(`control message ${round} arrived as ${JSON.stringify(got)}`);
          const twice = to.inbox.some(
            (f) => f.op === Op.RECV && f.clientMsgNo === sent.clientMsgNo,
          );
          if (twice) fail(`control message ${round} arrived twice`);
        } catch (error) {
          fail(`control round ${round}: ${String(error)}`);
          if (from.isClosed || to.isClosed) {
            stopped = true;
            fail("a control connection was closed");
            return;
          }
        }
      }
      // NOTE: fuzz sends to the control users arrive here too: ack them and drop the rest.
      for (const client of [control.a, control.b]) {
        for (const frame of client.inbox.splice(0))
          if (frame.op === Op.RECV) client.recvack(frame);
      }
      summary.max_control_round_ms = Math.max(
        summary.max_control_round_ms,
        Math.round(performance.now() - t0),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const healthLoop = async () => {
    while (!stopped) {
      try {
        const response = await fetch(
          new URL("/api/app/oapi/v1/config", target.baseUrl),
          {
            signal: AbortSignal.timeout(PATIENCE_MS),
          },
        );
        if (response.status !== 200)
          fail(`health check answered ${response.status}`);
        summary.health_checks += 1;
      } catch (error) {
        fail(`health check: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  const fuzzConnection = async (r: Prng, id: number) => {
    const user = r.pick(fuzzUsers);
    const version = r.pick(VERSIONS);
    const client = await ImTestClient.open(target.imUrl, version);
    summary.connections += 1;
    const session: FuzzSession = {
      version,
      uid: user.imId,
      token: user.imToken,
      clientKey: client.keyPair.publicKeyBase64,
      crypto: null,
      peers,
      clientSeq: 0,
    };
    const pre = r.bool(0.25);
    if (!pre) {
      client.sendFrame(
        client.connectFrame({ uid: user.imId, token: user.imToken, version }),
      );
      const connack = await client.next(Op.CONNACK, () => true, PATIENCE_MS);
      client.acceptConnack(connack);
      if (connack.reasonCode !== ReasonCode.SUCCESS) {
        fail(
          `connection ${id}: a valid CONNECT (v${version}) was refused with ${connack.reasonCode}`,
        );
        await client.close();
        return;
      }
      session.crypto = client.crypto;
    }
    let clean = !pre;
    let expectedClose: number | null = null;
    const sent: string[] = [];
    const budget = pre ? r.int(1, 3) : r.int(1, 40);
    for (
      let i = 0;
      i < budget && !client.isClosed && summary.frames < options.frames;
      i++
    ) {
      const message: FuzzMessage = pre
        ? preConnectMessage(r, session)
        : postConnectMessage(r, session);
      bump(summary.kinds, message.kind);
      sent.push(message.kind);
      for (const no of message.storable) storable.add(no);
      for (const no of message.maybe ?? []) {
        if (no === "") serverNamed += 1;
        else maybe.add(no);
      }
      const cleanBefore = clean || (pre && i === 0);
      if (!CLEAN_KINDS.has(message.kind)) clean = false;
      const { data } = message;
      if (typeof data !== "string" && data.length > 2 && r.bool(0.05)) {
        const cut = r.int(1, data.length - 1);
        client.sendBytes(data.subarray(0, cut));
        client.sendBytes(data.subarray(cut));
        summary.frames += 2;
      } else {
        client.ws.send(data);
        summary.frames += 1;
      }
      const fatal = FATAL_KINDS.get(message.kind);
      if (cleanBefore && fatal !== undefined) {
        expectedClose = fatal;
        break;
      }
      if (r.bool(0.1)) await new Promise((resolve) => setImmediate(resolve));
    }
    if (expectedClose !== null) {
      try {
        const closed = await within(
          `connection ${id} close`,
          PATIENCE_MS,
          client.closed,
        );
        if (closed.code !== expectedClose)
          fail(
            `connection ${id} (v${version}, sent ${sent.join(" ")}) closed with ${closed.code} "${closed.reason}", expected ${expectedClose}`,
          );
      } catch {
        fail(
          `connection ${id} (v${version}, sent ${sent.join(" ")}): the server did not close it`,
        );
      }
    } else if (!clean)
      await Promise.race([
        client.closed,
        new Promise((resolve) => setTimeout(resolve, GRACE_MS)),
      ]);
    if (clean && !client.isClosed) {
      client.sendFrame({ op: Op.PING });
      try {
        await within(
          `connection ${id} PING`,
          PATIENCE_MS,
          Promise.race([
            client.next(Op.PONG, () => true, PATIENCE_MS),
            client.closed,
          ]),
        );
      } catch (error) {
        fail(
          `connection ${id}: a clean connection did not answer PING: ${String(error)}`,
        );
      }
    }
    const serverClosed = client.isClosed;
    let closed: { code: number; reason: string };
    try {
      closed = await within(
        `connection ${id} close`,
        PATIENCE_MS,
        client.close(),
      );
    } catch (error) {
      fail(`connection ${id}: ${String(error)}`);
      client.kill();
      return;
    }
    if (serverClosed) {
      summary.closed_by_server += 1;
      bump(summary.close_codes, closed.code);
      const known = closed.code >= 4000 && closed.code <= 4008;
      if (!known && !OTHER_ALLOWED_CLOSES.has(closed.code))
        fail(
          `connection ${id} (v${version}, sent ${sent.join(" ")}) closed with ${closed.code} "${closed.reason}"`,
        );
      if (known && closed.reason.trim() === "")
        fail(`connection ${id} closed with ${closed.code} but no reason`);
    }
    for (const frame of client.inbox) {
      if (frame.op !== Op.SENDACK) continue;
      bump(summary.sendack_reasons, frame.reasonCode);
      if (frame.reasonCode === ReasonCode.SYSTEM_ERROR)
        fail(
          `connection ${id} (v${version}, sent ${sent.join(" ")}): a SENDACK said systemError (15)`,
        );
      if (frame.reasonCode === ReasonCode.SUCCESS && frame.messageSeq > 0)
        summary.acked_fuzz_messages += 1;
    }
    if (!pre && version === client.version && client.violations.length > 0)
      fail(
        `connection ${id}: server messages that were not one frame: ${client.violations[0]}`,
      );
  };

  const worker = async (w: number) => {
    const r = new Prng((seed + w * 0x9e3779b1) >>> 0);
    let n = 0;
    while (!stopped && summary.frames < options.frames) {
      n += 1;
      try {
        await fuzzConnection(r, w * 1_000_000 + n);
      } catch (error) {
        fail(`worker ${w} connection ${n}: ${String(error)}`);
      }
      if (summary.connections % 500 === 0)
        log(
          `${summary.frames}/${options.frames} frames, ${summary.connections} connections, ${summary.control_messages} control messages, ${failures.length} failures`,
        );
    }
  };

  const background = [controlLoop(), healthLoop()];
  await Promise.all(
    Array.from({ length: options.concurrency ?? 4 }, (_v, w) => worker(w)),
  );
  stopped = true;
  await Promise.all(background);
  await control.a.close();
  await control.b.close();

  // NOTE: sends submitted before a connection closed may still be committing.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rows = await storedSince(target.db, firstId);
  const fuzzUids = new Set(fuzzUsers.map((u) => u.imId));
  const controlUids = new Set([alice.imId, bob.imId]);
  let controlRows = 0;
  for (const row of rows) {
    if (controlUids.has(row.from_uid)) {
      controlRows += 1;
      continue;
    }
    if (!fuzzUids.has(row.from_uid)) {
      fail(`a message from ${row.from_uid} was stored`);
      continue;
    }
    summary.stored_fuzz_messages += 1;
    const named = serverNamed > 0 && /^[0-9a-f]{32}$/.test(row.client_msg_no);
    if (named) serverNamed -= 1;
    else if (!storable.has(row.client_msg_no) && !maybe.has(row.client_msg_no))
      fail(
        `stored a message the fuzzer never sent well-formed: ${row.client_msg_no.slice(0, 60)}`,
      );
    const problem = rowProblem(row, peers);
    if (problem !== null)
      fail(
        `stored a malformed message ${row.client_msg_no.slice(0, 60)}: ${problem}`,
      );
  }
  if (controlRows !== summary.control_messages)
    fail(
      `${controlRows} control messages stored, ${summary.control_messages} acknowledged`,
    );
  if (summary.stored_fuzz_messages < summary.acked_fuzz_messages)
    fail(
      `${summary.acked_fuzz_messages} fuzz sends acknowledged as stored, ${summary.stored_fuzz_messages} found`,
    );
  if (summary.control_messages === 0)
    fail("the control pair exchanged nothing");

  summary.elapsed_ms = Math.round(performance.now() - started);
  summary.ok = failures.length === 0;
  return { summary, failures };
}
