// The connection machine run on fake timers: the wall-clock rules (3 s reconnect, 60 s heartbeat,
// 4th tick drop, handshake timeout) hold when its timer effects are executed for real.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  initialConnectionState,
  transition,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionState,
  type TimerName,
} from "../../../workers/connection/connectionMachine";
import { createTimerRunner } from "../support/timerRunner";

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
});
