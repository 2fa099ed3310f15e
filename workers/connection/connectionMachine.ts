// The connection lifecycle as a pure state machine: transition(state, event) → { state, effects }.
// It never touches a socket or a timer; the messenger service runs the effects (data) it returns.
import { ConnectionStatus, type KickReason } from "../api";
import { nextRandom, reconnectDelay } from "./backoff";
import {
  HANDSHAKE_TIMEOUT_MS,
  HEARTBEAT_INTERVAL_MS,
  heartbeatTick,
} from "./heartbeat";
import { countClose } from "./silentRefusal";

/** CONNACK/DISCONNECT reason codes the machine tells apart (protocol §11). */
const REASON_SUCCESS = 1;
const REASON_CONNECT_KICK = 12;

/** The machine's named one-shot timers. `startTimer` (re)arms one; `cancelTimer` disarms it. */
export type TimerName = "handshake" | "heartbeat" | "reconnect";

/**
 * Where the connection is. `socketId` is the generation of the socket the phase belongs to: events
 * carrying any other id come from a replaced (orphaned) socket and are ignored.
 * - `idle`: not started, or stopped deliberately.
 * - `connecting`: socket opening. `handshaking`: CONNECT sent, waiting for CONNACK.
 * - `open`: CONNACK reason 1; `unansweredPings` counts PINGs without PONG.
 * - `backoff`: lost; the `reconnect` timer runs. `offline`: lost while every tab reports offline;
 *   no timer, so no attempts are burnt; the next online hint reconnects at once.
 * - `failed`: the server refused the login (ConnectFail): a CONNACK with a reason other than 1
 *   (`reasonCode`), or, with no `reasonCode`, the server hung up on our CONNECT
 *   UNANSWERED_CONNECT_LIMIT times in a row without any CONNACK (how WuKongIM v2.2.5 refuses a token,
 *   see silentRefusal.ts). `kicked`: server DISCONNECT (ConnectKick). Both wait for an explicit
 *   `start` (a new token).
 */
export type ConnectionPhase =
  | { readonly kind: "idle" }
  | { readonly kind: "connecting"; readonly socketId: number }
  | { readonly kind: "handshaking"; readonly socketId: number }
  | {
      readonly kind: "open";
      readonly socketId: number;
      readonly unansweredPings: number;
    }
  | { readonly kind: "backoff" }
  | { readonly kind: "offline" }
  | { readonly kind: "failed"; readonly reasonCode?: number }
  | { readonly kind: "kicked"; readonly reasonCode: number };

/** The whole machine state: plain data, cheap to copy and compare. */
export interface ConnectionState {
  readonly phase: ConnectionPhase;
  /** Failed attempts since the last CONNACK reason 1; picks the next reconnect delay. */
  readonly attempt: number;
  /**
   * CONNECTs in a row the server closed the socket on without a CONNACK (silentRefusal.ts); back to
   * 0 at any CONNACK, at `start` and at a deliberate stop.
   */
  readonly unansweredConnects: number;
  /** Whether any tab reports the network online (true until a tab says otherwise). */
  readonly online: boolean;
  /** Generation of the newest socket; the next one gets `lastSocketId + 1`. */
  readonly lastSocketId: number;
  /** Seed of the jitter PRNG (see backoff.ts `nextRandom`). */
  readonly rngSeed: number;
  /** The status last emitted, so each change is reported once. */
  readonly status: ConnectionStatus;
}

/** Inputs. Socket events carry the `socketId` of the socket that produced them. */
export type ConnectionEvent =
  | { readonly type: "start" }
  | { readonly type: "stop"; readonly deliberate: boolean }
  | { readonly type: "socketOpened"; readonly socketId: number }
  | {
      readonly type: "connack";
      readonly socketId: number;
      readonly reasonCode: number;
    }
  | {
      readonly type: "serverDisconnect";
      readonly socketId: number;
      readonly reasonCode: number;
    }
  | { readonly type: "pong"; readonly socketId: number }
  /**
   * The socket closed or failed (report both; the second is ignored as orphaned). `byClient`: the
   * runner dropped it itself (an unusable stream or handshake), which says nothing about the token.
   */
  | {
      readonly type: "socketClosed";
      readonly socketId: number;
      readonly byClient?: boolean;
    }
  | { readonly type: "timerFired"; readonly timer: TimerName }
  /** The tabs' aggregated `online` hint. */
  | { readonly type: "network"; readonly online: boolean };

/** Outputs, run in order by the messenger service. */
export type ConnectionEffect =
  | { readonly type: "openSocket"; readonly socketId: number }
  | { readonly type: "closeSocket"; readonly socketId: number }
  | { readonly type: "sendConnect"; readonly socketId: number }
  | { readonly type: "sendPing"; readonly socketId: number }
  | {
      readonly type: "startTimer";
      readonly timer: TimerName;
      readonly delayMs: number;
    }
  | { readonly type: "cancelTimer"; readonly timer: TimerName }
  | {
      readonly type: "emitStatus";
      readonly status: ConnectionStatus;
      readonly reasonCode?: number;
    }
  /** Re-send every unacknowledged message (new clientSeqs, DUP set; see outboxScheduler). */
  | { readonly type: "resendPending" }
  /** Re-send the SUBs of every subscribed data channel. */
  | { readonly type: "resubscribe" }
  /** Catch up: conversation list and channels with gaps. */
  | { readonly type: "syncAll" };

/** What {@link transition} returns. */
export interface Transition {
  readonly state: ConnectionState;
  readonly effects: readonly ConnectionEffect[];
}

/** A fresh machine: idle, online, seeded with `seed` (any 32-bit integer from a real random source). */
export function initialConnectionState(seed: number): ConnectionState {
  return {
    phase: { kind: "idle" },
    attempt: 0,
    unansweredConnects: 0,
    online: true,
    lastSocketId: 0,
    rngSeed: seed >>> 0,
    status: ConnectionStatus.DISCONNECT,
  };
}

/** DISCONNECT reason 12 means another login replaced this one; anything else means sign in again. */
export function kickReason(reasonCode: number): KickReason {
  return reasonCode === REASON_CONNECT_KICK
    ? "SIGNED_IN_ELSEWHERE"
    : "SIGN_IN_AGAIN";
}

/** The socket the current phase owns, if any. */
export function currentSocketId(phase: ConnectionPhase): number | undefined {
  return phase.kind === "connecting" ||
    phase.kind === "handshaking" ||
    phase.kind === "open"
    ? phase.socketId
    : undefined;
}

function status(
  state: ConnectionState,
  next: ConnectionStatus,
  reasonCode?: number,
): { state: ConnectionState; effects: ConnectionEffect[] } {
  if (state.status === next && reasonCode === undefined)
    return { state, effects: [] };
  const effect: ConnectionEffect =
    reasonCode === undefined
      ? { type: "emitStatus", status: next }
      : { type: "emitStatus", status: next, reasonCode };
  return { state: { ...state, status: next }, effects: [effect] };
}

const cancelSocketTimers: readonly ConnectionEffect[] = [
  { type: "cancelTimer", timer: "handshake" },
  { type: "cancelTimer", timer: "heartbeat" },
];

/** Opens a new socket generation (the caller has already dealt with any old one). */
function connect(
  state: ConnectionState,
  prefix: readonly ConnectionEffect[],
): Transition {
  const socketId = state.lastSocketId + 1;
  const opened: ConnectionState = {
    ...state,
    phase: { kind: "connecting", socketId },
    lastSocketId: socketId,
  };
  const reported = status(opened, ConnectionStatus.CONNECTING);
  return {
    state: reported.state,
    effects: [
      ...prefix,
      { type: "openSocket", socketId },
      { type: "startTimer", timer: "handshake", delayMs: HANDSHAKE_TIMEOUT_MS },
      ...reported.effects,
    ],
  };
}

/** The current socket is gone (closed, failed, timed out): Disconnect, then reconnect later. */
function lose(
  state: ConnectionState,
  prefix: readonly ConnectionEffect[],
): Transition {
  const reported = status(state, ConnectionStatus.DISCONNECT);
  const effects = [...prefix, ...cancelSocketTimers, ...reported.effects];
  if (!state.online) {
    return {
      state: { ...reported.state, phase: { kind: "offline" } },
      effects,
    };
  }
  const jitter = nextRandom(state.rngSeed);
  const delayMs = reconnectDelay(state.attempt, jitter.value);
  return {
    state: {
      ...reported.state,
      phase: { kind: "backoff" },
      attempt: state.attempt + 1,
      rngSeed: jitter.seed,
    },
    effects: [...effects, { type: "startTimer", timer: "reconnect", delayMs }],
  };
}

/**
 * The server refused this login: ConnectFail (with the CONNACK's reason, when there was one), no
 * reconnect timer; only `start` (a new token) connects again.
 */
function refuse(
  state: ConnectionState,
  prefix: readonly ConnectionEffect[],
  reasonCode: number | undefined,
): Transition {
  const failed: ConnectionState = {
    ...state,
    unansweredConnects: 0,
    phase:
      reasonCode === undefined
        ? { kind: "failed" }
        : { kind: "failed", reasonCode },
  };
  const reported = status(failed, ConnectionStatus.CONNECT_FAIL, reasonCode);
  return { state: reported.state, effects: [...prefix, ...reported.effects] };
}

/** Closes the current socket (if any) and cancels every timer. */
function teardown(state: ConnectionState): ConnectionEffect[] {
  const socketId = currentSocketId(state.phase);
  return [
    ...(socketId === undefined
      ? []
      : [{ type: "closeSocket", socketId } as const]),
    ...cancelSocketTimers,
    { type: "cancelTimer", timer: "reconnect" },
  ];
}

const unchanged = (state: ConnectionState): Transition => ({
  state,
  effects: [],
});

/** The pure transition function. Events that do not apply to the current phase change nothing. */
export function transition(
  state: ConnectionState,
  event: ConnectionEvent,
): Transition {
  const { phase } = state;
  switch (event.type) {
    case "start":
      return start(state);

    case "stop": {
      if (!event.deliberate) {
        const socketId = currentSocketId(phase);
        return socketId === undefined
          ? unchanged(state)
          : lose(state, [{ type: "closeSocket", socketId }]);
      }
      const effects = teardown(state);
      const reported = status(
        {
          ...state,
          phase: { kind: "idle" },
          attempt: 0,
          unansweredConnects: 0,
        },
        ConnectionStatus.DISCONNECT,
      );
      return {
        state: reported.state,
        effects: [...effects, ...reported.effects],
      };
    }

    case "socketOpened":
      if (phase.kind !== "connecting" || phase.socketId !== event.socketId)
        return unchanged(state);
      return {
        state: {
          ...state,
          phase: { kind: "handshaking", socketId: event.socketId },
        },
        effects: [{ type: "sendConnect", socketId: event.socketId }],
      };

    case "connack": {
      if (phase.kind !== "handshaking" || phase.socketId !== event.socketId)
        return unchanged(state);
      const cancel: ConnectionEffect = {
        type: "cancelTimer",
        timer: "handshake",
      };
      if (event.reasonCode !== REASON_SUCCESS) {
        // NOTE: the SDK leaves the socket open after a refused CONNACK; we close it ourselves.
        return refuse(
          state,
          [cancel, { type: "closeSocket", socketId: event.socketId }],
          event.reasonCode,
        );
      }
      const open = {
        ...state,
        attempt: 0,
        unansweredConnects: 0,
        phase: { kind: "open", socketId: event.socketId, unansweredPings: 0 },
      } as const;
      const reported = status(open, ConnectionStatus.CONNECTED);
      // NOTE: the SDK's order after a good CONNACK: subscriptions, status, heartbeat, re-sends.
      return {
        state: reported.state,
        effects: [
          cancel,
          { type: "resubscribe" },
          ...reported.effects,
          {
            type: "startTimer",
            timer: "heartbeat",
            delayMs: HEARTBEAT_INTERVAL_MS,
          },
          { type: "resendPending" },
          { type: "syncAll" },
        ],
      };
    }

    case "serverDisconnect": {
      if (currentSocketId(phase) !== event.socketId) return unchanged(state);
      const effects = teardown(state);
      const kicked = {
        ...state,
        phase: { kind: "kicked", reasonCode: event.reasonCode },
      } as const;
      const reported = status(
        kicked,
        ConnectionStatus.CONNECT_KICK,
        event.reasonCode,
      );
      return {
        state: reported.state,
        effects: [...effects, ...reported.effects],
      };
    }

    case "pong":
      if (phase.kind !== "open" || phase.socketId !== event.socketId)
        return unchanged(state);
      return {
        state: { ...state, phase: { ...phase, unansweredPings: 0 } },
        effects: [],
      };

    case "socketClosed": {
      if (currentSocketId(phase) !== event.socketId) return unchanged(state);
      const counted = countClose(state.unansweredConnects, {
        afterConnect: phase.kind === "handshaking",
        online: state.online,
        byClient: event.byClient === true,
      });
      const next = { ...state, unansweredConnects: counted.unanswered };
      // NOTE: the socket is already gone; only its timers are left to cancel.
      return counted.refused
        ? refuse(next, cancelSocketTimers, undefined)
        : lose(next, []);
    }

    case "timerFired":
      return timerFired(state, event.timer);

    case "network": {
      const next = { ...state, online: event.online };
      if (event.online && !state.online) {
        if (phase.kind === "backoff")
          return connect(next, [{ type: "cancelTimer", timer: "reconnect" }]);
        if (phase.kind === "offline") return connect(next, []);
      }
      if (!event.online && phase.kind === "backoff") {
        return {
          state: { ...next, phase: { kind: "offline" } },
          effects: [{ type: "cancelTimer", timer: "reconnect" }],
        };
      }
      return unchanged(next);
    }
  }
}

function start(state: ConnectionState): Transition {
  switch (state.phase.kind) {
    case "idle":
    case "failed":
    case "kicked":
      return connect({ ...state, attempt: 0, unansweredConnects: 0 }, []);
    case "backoff":
    case "offline":
      // NOTE: `start` brings credentials (maybe a new token or user): earlier hang-ups do not count.
      return connect({ ...state, unansweredConnects: 0 }, [
        { type: "cancelTimer", timer: "reconnect" },
      ]);
    case "connecting":
    case "handshaking":
    case "open":
      return unchanged(state);
  }
}

function timerFired(state: ConnectionState, timer: TimerName): Transition {
  const { phase } = state;
  switch (timer) {
    case "reconnect":
      return phase.kind === "backoff" ? connect(state, []) : unchanged(state);

    case "handshake": {
      if (phase.kind !== "connecting" && phase.kind !== "handshaking")
        return unchanged(state);
      return lose(state, [{ type: "closeSocket", socketId: phase.socketId }]);
    }

    case "heartbeat": {
      if (phase.kind !== "open") return unchanged(state);
      if (heartbeatTick(phase.unansweredPings) === "ping") {
        return {
          state: {
            ...state,
            phase: { ...phase, unansweredPings: phase.unansweredPings + 1 },
          },
          effects: [
            { type: "sendPing", socketId: phase.socketId },
            {
              type: "startTimer",
              timer: "heartbeat",
              delayMs: HEARTBEAT_INTERVAL_MS,
            },
          ],
        };
      }
      // NOTE: like the SDK, a dead link is replaced at once (no 3 s wait) — unless every tab is offline.
      const close: ConnectionEffect = {
        type: "closeSocket",
        socketId: phase.socketId,
      };
      if (!state.online) return lose(state, [close]);
      return connect(state, [close]);
    }
  }
}
