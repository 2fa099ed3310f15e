// Table tests for the pure connection machine: every rule of spec §4 "Messaging connection" and
// protocol §12, including orphaned sockets, the 4th heartbeat tick, online hints and backoff.
// NOTE: long because it is one table of rules; each row is a few lines of expected effects.
import { describe, expect, it } from "vitest";
import {
  initialConnectionState,
  kickReason,
  transition,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionState,
} from "../../../workers/connection/connectionMachine";
import {
  RECONNECT_BASE_DELAY_MS,
  nextRandom,
  reconnectDelay,
} from "../../../workers/connection/backoff";
import {
  HANDSHAKE_TIMEOUT_MS,
  HEARTBEAT_INTERVAL_MS,
} from "../../../workers/connection/heartbeat";

const SEED = 42;

/** Runs events from a fresh machine; returns the final state and the effects of the LAST event. */
function run(
  events: readonly ConnectionEvent[],
  from: ConnectionState = initialConnectionState(SEED),
) {
  let state = from;
  let effects: readonly ConnectionEffect[] = [];
  for (const event of events) ({ state, effects } = transition(state, event));
  return { state, effects };
}

const connected: ConnectionEvent[] = [
  { type: "start" },
  { type: "socketOpened", socketId: 1 },
  { type: "connack", socketId: 1, reasonCode: 1 },
];
const lostOnce: ConnectionEvent[] = [
  ...connected,
  { type: "socketClosed", socketId: 1 },
];
const tick: ConnectionEvent = { type: "timerFired", timer: "heartbeat" };

interface Row {
  readonly name: string;
  readonly given: readonly ConnectionEvent[];
  readonly when: ConnectionEvent;
  readonly phase: ConnectionState["phase"]["kind"];
  readonly status: ConnectionState["status"];
  readonly effects: readonly ConnectionEffect[];
}

const rows: readonly Row[] = [
  {
    name: "start opens socket 1 and reports Connecting",
    given: [],
    when: { type: "start" },
    phase: "connecting",
    status: "Connecting",
    effects: [
      { type: "openSocket", socketId: 1 },
      { type: "startTimer", timer: "handshake", delayMs: HANDSHAKE_TIMEOUT_MS },
      { type: "emitStatus", status: "Connecting" },
    ],
  },
  {
    name: "start while connected changes nothing",
    given: connected,
    when: { type: "start" },
    phase: "open",
    status: "Connected",
    effects: [],
  },
  {
    name: "socket open sends CONNECT",
    given: [{ type: "start" }],
    when: { type: "socketOpened", socketId: 1 },
    phase: "handshaking",
    status: "Connecting",
    effects: [{ type: "sendConnect", socketId: 1 }],
  },
  {
    name: "[CONN-1] CONNACK reason 1 → Connected; resubscribe, heartbeat, resend, sync",
    given: [{ type: "start" }, { type: "socketOpened", socketId: 1 }],
    when: { type: "connack", socketId: 1, reasonCode: 1 },
    phase: "open",
    status: "Connected",
    effects: [
      { type: "cancelTimer", timer: "handshake" },
      { type: "resubscribe" },
      { type: "emitStatus", status: "Connected" },
      {
        type: "startTimer",
        timer: "heartbeat",
        delayMs: HEARTBEAT_INTERVAL_MS,
      },
      { type: "resendPending" },
      { type: "syncAll" },
    ],
  },
  {
    name: "[CONN-2] CONNACK reason 2 → ConnectFail, socket closed, no reconnect timer",
    given: [{ type: "start" }, { type: "socketOpened", socketId: 1 }],
    when: { type: "connack", socketId: 1, reasonCode: 2 },
    phase: "failed",
    status: "ConnectFail",
    effects: [
      { type: "cancelTimer", timer: "handshake" },
      { type: "closeSocket", socketId: 1 },
      { type: "emitStatus", status: "ConnectFail", reasonCode: 2 },
    ],
  },
  {
    name: "ConnectFail: the close of the refused socket does not reconnect",
    given: [
      { type: "start" },
      { type: "socketOpened", socketId: 1 },
      { type: "connack", socketId: 1, reasonCode: 2 },
    ],
    when: { type: "socketClosed", socketId: 1 },
    phase: "failed",
    status: "ConnectFail",
    effects: [],
  },
  {
    name: "ConnectFail: start again (new token) connects with a new socket",
    given: [
      { type: "start" },
      { type: "socketOpened", socketId: 1 },
      { type: "connack", socketId: 1, reasonCode: 2 },
    ],
    when: { type: "start" },
    phase: "connecting",
    status: "Connecting",
    effects: [
      { type: "openSocket", socketId: 2 },
      { type: "startTimer", timer: "handshake", delayMs: HANDSHAKE_TIMEOUT_MS },
      { type: "emitStatus", status: "Connecting" },
    ],
  },
  {
    name: "[CONN-3] server DISCONNECT 12 → ConnectKick, everything stopped, no reconnect",
    given: connected,
    when: { type: "serverDisconnect", socketId: 1, reasonCode: 12 },
    phase: "kicked",
    status: "ConnectKick",
    effects: [
      { type: "closeSocket", socketId: 1 },
      { type: "cancelTimer", timer: "handshake" },
      { type: "cancelTimer", timer: "heartbeat" },
      { type: "cancelTimer", timer: "reconnect" },
      { type: "emitStatus", status: "ConnectKick", reasonCode: 12 },
    ],
  },
  {
    name: "kick: the socket close that follows is ignored",
    given: [
      ...connected,
      { type: "serverDisconnect", socketId: 1, reasonCode: 2 },
    ],
    when: { type: "socketClosed", socketId: 1 },
    phase: "kicked",
    status: "ConnectKick",
    effects: [],
  },
  {
    name: "kick: a later online hint does not reconnect",
    given: [
      ...connected,
      { type: "serverDisconnect", socketId: 1, reasonCode: 12 },
      { type: "network", online: false },
    ],
    when: { type: "network", online: true },
    phase: "kicked",
    status: "ConnectKick",
    effects: [],
  },
  {
    name: "[CONN-4] socket close → Disconnect and reconnect after exactly 3 s",
    given: connected,
    when: { type: "socketClosed", socketId: 1 },
    phase: "backoff",
    status: "Disconnect",
    effects: [
      { type: "cancelTimer", timer: "handshake" },
      { type: "cancelTimer", timer: "heartbeat" },
      { type: "emitStatus", status: "Disconnect" },
      {
        type: "startTimer",
        timer: "reconnect",
        delayMs: RECONNECT_BASE_DELAY_MS,
      },
    ],
  },
  {
    name: "reconnect timer opens socket 2",
    given: lostOnce,
    when: { type: "timerFired", timer: "reconnect" },
    phase: "connecting",
    status: "Connecting",
    effects: [
      { type: "openSocket", socketId: 2 },
      { type: "startTimer", timer: "handshake", delayMs: HANDSHAKE_TIMEOUT_MS },
      { type: "emitStatus", status: "Connecting" },
    ],
  },
  {
    name: "[CONN-5] orphaned socket: events of socket 1 are ignored once socket 2 exists",
    given: [...lostOnce, { type: "timerFired", timer: "reconnect" }],
    when: { type: "socketClosed", socketId: 1 },
    phase: "connecting",
    status: "Connecting",
    effects: [],
  },
  {
    name: "orphaned socket: a late CONNACK of socket 1 does not connect socket 2's session",
    given: [
      ...lostOnce,
      { type: "timerFired", timer: "reconnect" },
      { type: "socketOpened", socketId: 2 },
    ],
    when: { type: "connack", socketId: 1, reasonCode: 1 },
    phase: "handshaking",
    status: "Connecting",
    effects: [],
  },
  {
    name: "orphaned socket: a DISCONNECT from socket 1 does not kick",
    given: [...lostOnce, { type: "timerFired", timer: "reconnect" }],
    when: { type: "serverDisconnect", socketId: 1, reasonCode: 12 },
    phase: "connecting",
    status: "Connecting",
    effects: [],
  },
  {
    name: "heartbeat tick 1 sends PING and re-arms",
    given: connected,
    when: tick,
    phase: "open",
    status: "Connected",
    effects: [
      { type: "sendPing", socketId: 1 },
      {
        type: "startTimer",
        timer: "heartbeat",
        delayMs: HEARTBEAT_INTERVAL_MS,
      },
    ],
  },
  {
    name: "[CONN-6] 4th tick with 3 PINGs unanswered drops the socket and reconnects at once",
    given: [...connected, tick, tick, tick],
    when: tick,
    phase: "connecting",
    status: "Connecting",
    effects: [
      { type: "closeSocket", socketId: 1 },
      { type: "openSocket", socketId: 2 },
      { type: "startTimer", timer: "handshake", delayMs: HANDSHAKE_TIMEOUT_MS },
      { type: "emitStatus", status: "Connecting" },
    ],
  },
  {
    name: "a PONG resets the count: 4th tick after a PONG only pings",
    given: [...connected, tick, tick, { type: "pong", socketId: 1 }, tick],
    when: tick,
    phase: "open",
    status: "Connected",
    effects: [
      { type: "sendPing", socketId: 1 },
      {
        type: "startTimer",
        timer: "heartbeat",
        delayMs: HEARTBEAT_INTERVAL_MS,
      },
    ],
  },
  {
    name: "dead link while every tab is offline: drop and wait for the network",
    given: [...connected, { type: "network", online: false }, tick, tick, tick],
    when: tick,
    phase: "offline",
    status: "Disconnect",
    effects: [
      { type: "closeSocket", socketId: 1 },
      { type: "cancelTimer", timer: "handshake" },
      { type: "cancelTimer", timer: "heartbeat" },
      { type: "emitStatus", status: "Disconnect" },
    ],
  },
  {
    name: "handshake timeout closes the socket and backs off",
    given: [{ type: "start" }, { type: "socketOpened", socketId: 1 }],
    when: { type: "timerFired", timer: "handshake" },
    phase: "backoff",
    status: "Disconnect",
    effects: [
      { type: "closeSocket", socketId: 1 },
      { type: "cancelTimer", timer: "handshake" },
      { type: "cancelTimer", timer: "heartbeat" },
      { type: "emitStatus", status: "Disconnect" },
      {
        type: "startTimer",
        timer: "reconnect",
        delayMs: RECONNECT_BASE_DELAY_MS,
      },
    ],
  },
  {
    name: "[CONN-7] network back during backoff: reconnect at once, not when the timer says",
    given: [...lostOnce, { type: "network", online: false }],
    when: { type: "network", online: true },
    phase: "connecting",
    status: "Connecting",
    effects: [
      { type: "openSocket", socketId: 2 },
      { type: "startTimer", timer: "handshake", delayMs: HANDSHAKE_TIMEOUT_MS },
      { type: "emitStatus", status: "Connecting" },
    ],
  },
  {
    name: "back online after waiting offline: connect at once",
    given: [
      ...connected,
      { type: "network", online: false },
      { type: "socketClosed", socketId: 1 },
    ],
    when: { type: "network", online: true },
    phase: "connecting",
    status: "Connecting",
    effects: [
      { type: "openSocket", socketId: 2 },
      { type: "startTimer", timer: "handshake", delayMs: HANDSHAKE_TIMEOUT_MS },
      { type: "emitStatus", status: "Connecting" },
    ],
  },
  {
    name: "offline during backoff cancels the reconnect timer",
    given: lostOnce,
    when: { type: "network", online: false },
    phase: "offline",
    status: "Disconnect",
    effects: [{ type: "cancelTimer", timer: "reconnect" }],
  },
  {
    name: "a repeated online hint does not cut the backoff short",
    given: lostOnce,
    when: { type: "network", online: true },
    phase: "backoff",
    status: "Disconnect",
    effects: [],
  },
  {
    name: "a stale reconnect timer while offline does nothing",
    given: [...lostOnce, { type: "network", online: false }],
    when: { type: "timerFired", timer: "reconnect" },
    phase: "offline",
    status: "Disconnect",
    effects: [],
  },
  {
    name: "[CONN-8] deliberate stop closes, cancels every timer, no reconnect",
    given: connected,
    when: { type: "stop", deliberate: true },
    phase: "idle",
    status: "Disconnect",
    effects: [
      { type: "closeSocket", socketId: 1 },
      { type: "cancelTimer", timer: "handshake" },
      { type: "cancelTimer", timer: "heartbeat" },
      { type: "cancelTimer", timer: "reconnect" },
      { type: "emitStatus", status: "Disconnect" },
    ],
  },
  {
    name: "deliberate stop: the close event of the stopped socket is ignored",
    given: [...connected, { type: "stop", deliberate: true }],
    when: { type: "socketClosed", socketId: 1 },
    phase: "idle",
    status: "Disconnect",
    effects: [],
  },
  {
    name: "deliberate stop during backoff cancels the reconnect",
    given: lostOnce,
    when: { type: "stop", deliberate: true },
    phase: "idle",
    status: "Disconnect",
    effects: [
      { type: "cancelTimer", timer: "handshake" },
      { type: "cancelTimer", timer: "heartbeat" },
      { type: "cancelTimer", timer: "reconnect" },
    ],
  },
  {
    name: "non-deliberate stop behaves like a lost socket",
    given: connected,
    when: { type: "stop", deliberate: false },
    phase: "backoff",
    status: "Disconnect",
    effects: [
      { type: "closeSocket", socketId: 1 },
      { type: "cancelTimer", timer: "handshake" },
      { type: "cancelTimer", timer: "heartbeat" },
      { type: "emitStatus", status: "Disconnect" },
      {
        type: "startTimer",
        timer: "reconnect",
        delayMs: RECONNECT_BASE_DELAY_MS,
      },
    ],
  },
  {
    name: "a heartbeat timer firing after the socket is gone is ignored",
    given: lostOnce,
    when: tick,
    phase: "backoff",
    status: "Disconnect",
    effects: [],
  },
];

describe("transition()", () => {
  it.each(rows)("$name", (row) => {
    const { state, effects } = run([...row.given, row.when]);
    expect(state.phase.kind).toBe(row.phase);
    expect(state.status).toBe(row.status);
    expect(effects).toEqual(row.effects);
  });

  it("is pure: the same state and event give equal results, the input state is untouched", () => {
    const before = run(connected).state;
    const snapshot = structuredClone(before);
    const a = transition(before, { type: "socketClosed", socketId: 1 });
    const b = transition(before, { type: "socketClosed", socketId: 1 });
    expect(a).toEqual(b);
    expect(before).toEqual(snapshot);
  });

  it("failed attempts grow the backoff; a CONNACK resets it to 3 s", () => {
    let state = run(lostOnce).state;
    const delays: number[] = [];
    let socketId = 1;
    for (let i = 0; i < 4; i += 1) {
      ({ state } = transition(state, {
        type: "timerFired",
        timer: "reconnect",
      }));
      socketId += 1;
      const lost = transition(state, { type: "socketClosed", socketId });
      state = lost.state;
      const timer = lost.effects.find((e) => e.type === "startTimer");
      delays.push(timer?.type === "startTimer" ? timer.delayMs : -1);
    }
    // Attempt 1..4 with the machine's own seeded jitter.
    let seed = run(lostOnce).state.rngSeed;
    const expected = [1, 2, 3, 4].map((attempt) => {
      const r = nextRandom(seed);
      seed = r.seed;
      return reconnectDelay(attempt, r.value);
    });
    expect(delays).toEqual(expected);
    expect(delays[0]).toBeGreaterThan(RECONNECT_BASE_DELAY_MS);

    ({ state } = transition(state, { type: "timerFired", timer: "reconnect" }));
    socketId += 1;
    ({ state } = transition(state, { type: "socketOpened", socketId }));
    ({ state } = transition(state, {
      type: "connack",
      socketId,
      reasonCode: 1,
    }));
    expect(state.attempt).toBe(0);
    const again = transition(state, { type: "socketClosed", socketId });
    expect(again.effects).toContainEqual({
      type: "startTimer",
      timer: "reconnect",
      delayMs: RECONNECT_BASE_DELAY_MS,
    });
  });

  it("offline time burns no attempts: the attempt count stays while waiting", () => {
    const waiting = run([
      ...connected,
      { type: "network", online: false },
      { type: "socketClosed", socketId: 1 },
    ]).state;
    expect(waiting.attempt).toBe(0);
    expect(
      run([{ type: "timerFired", timer: "reconnect" }], waiting).state,
    ).toEqual(waiting);
  });

  it("reports each status change once", () => {
    const { state } = run([
      ...connected,
      { type: "socketClosed", socketId: 1 },
    ]);
    const repeated = transition(state, { type: "stop", deliberate: true });
    expect(repeated.effects.filter((e) => e.type === "emitStatus")).toEqual([]);
  });

  it("maps DISCONNECT reasons to kick reasons", () => {
    expect(kickReason(12)).toBe("SIGNED_IN_ELSEWHERE");
    expect(kickReason(2)).toBe("SIGN_IN_AGAIN");
    expect(kickReason(0)).toBe("SIGN_IN_AGAIN");
  });
});
