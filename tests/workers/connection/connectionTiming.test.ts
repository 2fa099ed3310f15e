// The connection machine run on fake timers: the wall-clock rules (3 s reconnect, 60 s heartbeat,
// 4th tick drop, handshake timeout, a bounded number of attempts against a server that hangs up on
// every CONNECT) hold when its timer effects are executed for real.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  initialConnectionState,
  transition,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionState,
  type TimerName,
} from "../../../workers/connection/connectionMachine";
import { UNANSWERED_CONNECT_LIMIT } from "../../../workers/connection/silentRefusal";
import { createTimerRunner } from "../../support/workers/timerRunner";

function machine() {
  return createTimerRunner<
    ConnectionState,
    ConnectionEvent,
    ConnectionEffect,
    TimerName
  >({
    initial: initialConnectionState(1),
    transition,
    onTimer: (timer) => ({ type: "timerFired", timer }),
  });
}

function connect(m: ReturnType<typeof machine>, socketId: number): void {
  m.send({ type: "socketOpened", socketId });
  m.send({ type: "connack", socketId, reasonCode: 1 });
}

const opens = (m: ReturnType<typeof machine>) =>
  m.recorded
    .filter((r) => r.effect.type === "openSocket")
    .map((r) => ({ at: r.at, effect: r.effect }));

describe("connection machine on fake timers", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reconnects 3 s after a lost socket, not a millisecond earlier", () => {
    const m = machine();
    m.send({ type: "start" });
    connect(m, 1);
    vi.advanceTimersByTime(1_000);
    m.send({ type: "socketClosed", socketId: 1 });
    vi.advanceTimersByTime(2_999);
    expect(opens(m)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(opens(m)).toEqual([
      { at: 0, effect: { type: "openSocket", socketId: 1 } },
      { at: 4_000, effect: { type: "openSocket", socketId: 2 } },
    ]);
  });

  it("pings every 60 s and replaces a silent socket at the 4th tick (240 s)", () => {
    const m = machine();
    m.send({ type: "start" });
    connect(m, 1);
    vi.advanceTimersByTime(240_000);
    const pings = m.recorded
      .filter((r) => r.effect.type === "sendPing")
      .map((r) => r.at);
    expect(pings).toEqual([60_000, 120_000, 180_000]);
    const close = m.recorded.find((r) => r.effect.type === "closeSocket");
    expect(close).toEqual({
      at: 240_000,
      effect: { type: "closeSocket", socketId: 1 },
    });
    expect(opens(m).at(-1)).toEqual({
      at: 240_000,
      effect: { type: "openSocket", socketId: 2 },
    });
  });

  it("keeps a socket that answers its PINGs", () => {
    const m = machine();
    m.send({ type: "start" });
    connect(m, 1);
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(60_000);
      m.send({ type: "pong", socketId: 1 });
    }
    expect(m.recorded.filter((r) => r.effect.type === "sendPing")).toHaveLength(
      10,
    );
    expect(m.recorded.some((r) => r.effect.type === "closeSocket")).toBe(false);
    expect(m.state.status).toBe("Connected");
  });

  it("gives up on a server that never answers CONNECT after 10 s and backs off", () => {
    const m = machine();
    m.send({ type: "start" });
    m.send({ type: "socketOpened", socketId: 1 });
    vi.advanceTimersByTime(10_000);
    expect(m.state.phase.kind).toBe("backoff");
    vi.advanceTimersByTime(3_000);
    expect(opens(m).map((o) => o.at)).toEqual([0, 13_000]);
  });

  it("a deliberate stop leaves no timer armed and never reconnects", () => {
    const m = machine();
    m.send({ type: "start" });
    connect(m, 1);
    m.send({ type: "stop", deliberate: true });
    m.send({ type: "socketClosed", socketId: 1 });
    expect(m.armed()).toEqual([]);
    vi.advanceTimersByTime(3_600_000);
    expect(opens(m)).toHaveLength(1);
  });

  it("does not burn attempts while offline, and reconnects the moment a tab is back online", () => {
    const m = machine();
    m.send({ type: "start" });
    connect(m, 1);
    m.send({ type: "network", online: false });
    m.send({ type: "socketClosed", socketId: 1 });
    vi.advanceTimersByTime(600_000);
    expect(opens(m)).toHaveLength(1);
    expect(m.armed()).toEqual([]);
    m.send({ type: "network", online: true });
    expect(opens(m).at(-1)).toEqual({
      at: 600_000,
      effect: { type: "openSocket", socketId: 2 },
    });
  });

  it("stops after a few CONNECTs a server hangs up on (issue 18); only a new start reconnects", () => {
    const m = machine();
    let answered = 0;
    /** WuKongIM v2.2.5 and a wrong token: each new socket opens, takes CONNECT and is closed. */
    const hangUpOnNew = () => {
      // NOTE: sockets are numbered 1, 2, … in the order they are opened.
      while (answered < opens(m).length) {
        answered += 1;
        m.send({ type: "socketOpened", socketId: answered });
        m.send({ type: "socketClosed", socketId: answered });
      }
    };
    m.send({ type: "start" });
    hangUpOnNew();
    for (let s = 0; s < 3_600; s += 1) {
      vi.advanceTimersByTime(1_000);
      hangUpOnNew();
    }
    expect(opens(m)).toHaveLength(UNANSWERED_CONNECT_LIMIT);
    // 0 s, then the 3 s and the jittered ~6 s backoff waits: refused within about 10 s.
    expect(opens(m).at(-1)!.at).toBeLessThanOrEqual(10_000);
    expect(m.state.status).toBe("ConnectFail");
    expect(m.armed()).toEqual([]);
    const reported = m.recorded.filter(
      (r) =>
        r.effect.type === "emitStatus" && r.effect.status === "ConnectFail",
    );
    expect(reported).toHaveLength(1);

    m.send({ type: "start" });
    const socketId = UNANSWERED_CONNECT_LIMIT + 1;
    expect(opens(m).at(-1)!.effect).toEqual({ type: "openSocket", socketId });
    connect(m, socketId);
    expect(m.state.status).toBe("Connected");
  });
});
