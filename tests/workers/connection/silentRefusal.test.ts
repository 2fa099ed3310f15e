// Issue 18: WuKongIM v2.2.5 answers a wrong token by closing the socket without a CONNACK. The pure
// machine must turn UNANSWERED_CONNECT_LIMIT such hang-ups in a row into ConnectFail (the state a
// refusing CONNACK gives) and stop, while the closes that are not evidence of a refusal — before the
// socket opened, timeouts, offline, our own drops, or any CONNACK in between — never add up to one.
import { describe, expect, it } from "vitest";
import {
  initialConnectionState,
  transition,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionState,
} from "../../../workers/connection/connectionMachine";
import { HANDSHAKE_TIMEOUT_MS } from "../../../workers/connection/heartbeat";
import {
  UNANSWERED_CONNECT_LIMIT,
  countClose,
  isUnansweredConnect,
} from "../../../workers/connection/silentRefusal";

/** Runs events from `from`; returns the final state and the effects of the LAST event. */
function run(
  events: readonly ConnectionEvent[],
  from: ConnectionState = initialConnectionState(42),
) {
  let state = from;
  let effects: readonly ConnectionEffect[] = [];
  for (const event of events) ({ state, effects } = transition(state, event));
  return { state, effects };
}

/** The next attempt (the reconnect timer, or `start` when not backing off), then `then(socketId)`. */
function attempt(
  state: ConnectionState,
  then: (socketId: number) => ConnectionEvent[],
): ConnectionEvent[] {
  const begin: ConnectionEvent =
    state.phase.kind === "backoff"
      ? { type: "timerFired", timer: "reconnect" }
      : { type: "start" };
  return [begin, ...then(state.lastSocketId + 1)];
}

/** The state after {@link attempt}. */
function attempted(
  state: ConnectionState,
  then: (socketId: number) => ConnectionEvent[],
): ConnectionState {
  return run(attempt(state, then), state).state;
}

/** The socket opens, CONNECT goes out, and the server hangs up without a CONNACK. */
const hangUp = (socketId: number): ConnectionEvent[] => [
  { type: "socketOpened", socketId },
  { type: "socketClosed", socketId },
];

/** `n` hang-ups in a row from `from`. */
function hangUps(n: number, from?: ConnectionState): ConnectionState {
  let state = from ?? initialConnectionState(42);
  for (let i = 0; i < n; i += 1) state = attempted(state, hangUp);
  return state;
}

const online = { afterConnect: true, online: true, byClient: false };

describe("the rule (silentRefusal.ts)", () => {
  it("counts only a server close after CONNECT, while online", () => {
    expect(isUnansweredConnect(online)).toBe(true);
    expect(isUnansweredConnect({ ...online, afterConnect: false })).toBe(false);
    expect(isUnansweredConnect({ ...online, online: false })).toBe(false);
    expect(isUnansweredConnect({ ...online, byClient: true })).toBe(false);
  });

  it("refuses at the limit, which is small", () => {
    expect(UNANSWERED_CONNECT_LIMIT).toBe(3);
    expect(countClose(0, online)).toEqual({ unanswered: 1, refused: false });
    expect(countClose(UNANSWERED_CONNECT_LIMIT - 1, online)).toEqual({
      unanswered: UNANSWERED_CONNECT_LIMIT,
      refused: true,
    });
    expect(countClose(2, { ...online, online: false })).toEqual({
      unanswered: 2,
      refused: false,
    });
  });
});

describe("the machine after CONNECTs the server hangs up on", () => {
  it("backs off after the first hang-ups and counts them", () => {
    const state = hangUps(UNANSWERED_CONNECT_LIMIT - 1);
    expect(state.phase.kind).toBe("backoff");
    expect(state.status).toBe("Disconnect");
    expect(state.unansweredConnects).toBe(UNANSWERED_CONNECT_LIMIT - 1);
  });

  it("reports ConnectFail without a reason code at the limit, and arms no reconnect", () => {
    const before = hangUps(UNANSWERED_CONNECT_LIMIT - 1);
    const { state, effects } = run(attempt(before, hangUp), before);
    expect(state.phase).toEqual({ kind: "failed" });
    expect(state.status).toBe("ConnectFail");
    expect(state.unansweredConnects).toBe(0);
    expect(effects).toEqual([
      { type: "cancelTimer", timer: "handshake" },
      { type: "cancelTimer", timer: "heartbeat" },
      { type: "emitStatus", status: "ConnectFail" },
    ]);
  });

  it("stays refused: network changes, stale timers and late closes do not reconnect", () => {
    const refused = hangUps(UNANSWERED_CONNECT_LIMIT);
    const socketId = refused.lastSocketId;
    for (const event of [
      { type: "network", online: false },
      { type: "network", online: true },
      { type: "timerFired", timer: "reconnect" },
      { type: "timerFired", timer: "handshake" },
      { type: "socketClosed", socketId },
    ] as const) {
      const next = transition(refused, event);
      expect(next.effects).toEqual([]);
      expect(next.state.phase.kind).toBe("failed");
    }
  });

  it("start (a new token) connects again with a fresh count", () => {
    const refused = hangUps(UNANSWERED_CONNECT_LIMIT);
    const { state, effects } = run([{ type: "start" }], refused);
    expect(effects).toEqual([
      { type: "openSocket", socketId: refused.lastSocketId + 1 },
      { type: "startTimer", timer: "handshake", delayMs: HANDSHAKE_TIMEOUT_MS },
      { type: "emitStatus", status: "Connecting" },
    ]);
    expect(state.attempt).toBe(0);
    const after = hangUps(UNANSWERED_CONNECT_LIMIT - 1, refused);
    expect(after.phase.kind).toBe("backoff");
    expect(after.unansweredConnects).toBe(UNANSWERED_CONNECT_LIMIT - 1);
  });

  it("a good CONNACK in between resets the count", () => {
    let state = attempted(hangUps(UNANSWERED_CONNECT_LIMIT - 1), (id) => [
      { type: "socketOpened", socketId: id },
      { type: "connack", socketId: id, reasonCode: 1 },
    ]);
    expect(state.unansweredConnects).toBe(0);
    // Lost while connected: not a hang-up on CONNECT.
    state = run(
      [{ type: "socketClosed", socketId: state.lastSocketId }],
      state,
    ).state;
    expect(state.unansweredConnects).toBe(0);
    state = hangUps(UNANSWERED_CONNECT_LIMIT - 1, state);
    expect(state.phase.kind).toBe("backoff");
    state = hangUps(1, state);
    expect(state.status).toBe("ConnectFail");
  });

  it("a refusing CONNACK resets the count too", () => {
    const state = attempted(hangUps(UNANSWERED_CONNECT_LIMIT - 1), (id) => [
      { type: "socketOpened", socketId: id },
      { type: "connack", socketId: id, reasonCode: 2 },
    ]);
    expect(state.phase).toEqual({ kind: "failed", reasonCode: 2 });
    expect(state.unansweredConnects).toBe(0);
  });

  it("sockets that never opened (server down, a proxy's 502) do not count", () => {
    let state = initialConnectionState(42);
    for (let i = 0; i < 10; i += 1)
      state = attempted(state, (id) => [
        { type: "socketClosed", socketId: id },
      ]);
    expect(state.phase.kind).toBe("backoff");
    expect(state.unansweredConnects).toBe(0);
    expect(hangUps(UNANSWERED_CONNECT_LIMIT, state).status).toBe("ConnectFail");
  });

  it("a handshake timeout does not count and does not reset", () => {
    const state = attempted(hangUps(1), (id) => [
      { type: "socketOpened", socketId: id },
      { type: "timerFired", timer: "handshake" },
    ]);
    expect(state.phase.kind).toBe("backoff");
    expect(state.unansweredConnects).toBe(1);
    expect(hangUps(UNANSWERED_CONNECT_LIMIT - 1, state).status).toBe(
      "ConnectFail",
    );
  });

  it("closes while every tab is offline do not count", () => {
    const state = attempted(hangUps(UNANSWERED_CONNECT_LIMIT - 1), (id) => [
      { type: "socketOpened", socketId: id },
      { type: "network", online: false },
      { type: "socketClosed", socketId: id },
    ]);
    expect(state.phase.kind).toBe("offline");
    expect(state.unansweredConnects).toBe(UNANSWERED_CONNECT_LIMIT - 1);
    // Back online: the machine reconnects at once, and this hang-up is the one that counts.
    const back = run([{ type: "network", online: true }], state).state;
    expect(back.phase.kind).toBe("connecting");
    expect(run(hangUp(back.lastSocketId), back).state.status).toBe(
      "ConnectFail",
    );
  });

  it("our own drops of an unusable stream (byClient) do not count", () => {
    let state = initialConnectionState(42);
    for (let i = 0; i < UNANSWERED_CONNECT_LIMIT + 2; i += 1)
      state = attempted(state, (id) => [
        { type: "socketOpened", socketId: id },
        { type: "socketClosed", socketId: id, byClient: true },
      ]);
    expect(state.phase.kind).toBe("backoff");
    expect(state.unansweredConnects).toBe(0);
  });

  it("a deliberate stop and a start during backoff reset the count", () => {
    const counted = hangUps(UNANSWERED_CONNECT_LIMIT - 1);
    expect(counted.unansweredConnects).toBe(UNANSWERED_CONNECT_LIMIT - 1);
    expect(
      run([{ type: "stop", deliberate: true }], counted).state
        .unansweredConnects,
    ).toBe(0);
    expect(run([{ type: "start" }], counted).state.unansweredConnects).toBe(0);
  });
});
