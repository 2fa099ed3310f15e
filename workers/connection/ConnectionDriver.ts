// Runs the pure connection machine: its effects become sockets (through a Transport), CONNECT /
// PING frames, named one-shot timers and status reports; socket bytes become frames and events.
// Handshake crypto lives here (X25519 per socket, keys derived at CONNACK). Messages go up as frames:
// each run of RECVs to the receive path (inbox/), each SENDACK straight to the outbox, in order.
import {
  DeviceFlag,
  FrameDecoder,
  Op,
  PROTOCOL_VERSION,
  ReasonCode,
  ConnectionCrypto,
  encodeFrame,
  generateKeyPair,
  nobleBackend,
  type CryptoBackend,
  type Frame,
  type KeyPair,
  type RecvFrame,
  type SendackFrame,
} from "#protocol";
import { ConnectionStatus } from "../api";
import {
  initialConnectionState,
  transition,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionState,
  type TimerName,
} from "./connectionMachine";
import type { Transport, TransportSocket } from "./socketTransport";
import { NamedTimers } from "../lib/NamedTimers";

/** What CONNECT needs; read when a socket opens, so a token update applies to the next socket. */
export interface ConnectCredentials {
  readonly wsUrl: string;
  readonly uid: string;
  readonly token: string;
  /** The profile's stable device id (src/db getDeviceId). */
  readonly deviceId: string;
}

/** The connected socket with its session keys: what the send and receive paths write through. */
export interface LiveSocket {
  readonly socketId: number;
  readonly crypto: ConnectionCrypto;
  /** Writes one WebSocket message; a no-op once this socket was replaced. */
  send(bytes: Uint8Array): void;
  /** True while this is still the connected socket. */
  readonly current: boolean;
}

/** How the driver reports to the messenger service. */
export interface DriverHooks {
  credentials(): ConnectCredentials | null;
  status(status: ConnectionStatus, reasonCode?: number): void;
  /** CONNACK reason 1 was handled (the machine's `resendPending` effect). */
  connected(live: LiveSocket): void;
  /** The connected socket is gone (status left Connected). */
  disconnected(): void;
  /** Catch up after a connect (the machine's `syncAll` effect). */
  syncAll(): void;
  /** A run of RECVs of one WebSocket message (the receive path). */
  recvs(live: LiveSocket, recvs: readonly RecvFrame[]): void;
  /** A SENDACK (the outbox): after the RECVs before it, before the RECVs after it. */
  sendAck(frame: SendackFrame): void;
  /** A malformed stream or unusable handshake (the socket is dropped and replaced). */
  protocolError(error: unknown): void;
}

export interface DriverOptions {
  readonly transport: Transport;
  readonly hooks: DriverHooks;
  readonly now: () => number;
  /** Seed of the backoff jitter (any 32-bit integer from a real random source). */
  readonly seed: number;
  readonly crypto?: CryptoBackend;
}

interface Slot {
  readonly socketId: number;
  readonly socket: TransportSocket;
  readonly decoder: FrameDecoder;
  keyPair?: KeyPair;
  live?: LiveSocket;
}

/** One IM connection, driven by the connection machine. */
export class ConnectionDriver {
  readonly #options: DriverOptions;
  readonly #backend: CryptoBackend;
  readonly #timers = new NamedTimers<TimerName>();
  #state: ConnectionState;
  #slot: Slot | null = null;
  readonly #queue: ConnectionEvent[] = [];
  #running = false;

  constructor(options: DriverOptions) {
    this.#options = options;
    this.#backend = options.crypto ?? nobleBackend;
    this.#state = initialConnectionState(options.seed);
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** The connected socket, when Connected. */
  get live(): LiveSocket | null {
    return this.#state.phase.kind === "open"
      ? (this.#slot?.live ?? null)
      : null;
  }

  start(): void {
    this.dispatch({ type: "start" });
  }

  stop(deliberate: boolean): void {
    this.dispatch({ type: "stop", deliberate });
  }

  network(online: boolean): void {
    this.dispatch({ type: "network", online });
  }

  /** Feeds one event; events raised while effects run are queued, so effects never interleave. */
  dispatch(event: ConnectionEvent): void {
    this.#queue.push(event);
    if (this.#running) return;
    this.#running = true;
    try {
      for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
        const before = this.#state.status;
        const result = transition(this.#state, next);
        this.#state = result.state;
        for (const effect of result.effects) this.#run(effect, before);
      }
    } finally {
      this.#running = false;
    }
  }

  #run(effect: ConnectionEffect, statusBefore: ConnectionStatus): void {
    const { hooks } = this.#options;
    switch (effect.type) {
      case "openSocket":
        this.#open(effect.socketId);
        return;
      case "closeSocket":
        this.#close(effect.socketId);
        return;
      case "sendConnect":
        this.#sendConnect(effect.socketId);
        return;
      case "sendPing":
        if (this.#slot?.socketId === effect.socketId)
          this.#slot.socket.send(
            encodeFrame({ op: Op.PING }, PROTOCOL_VERSION),
          );
        return;
      case "startTimer":
        this.#timers.start(effect.timer, effect.delayMs, () => {
          this.dispatch({ type: "timerFired", timer: effect.timer });
        });
        return;
      case "cancelTimer":
        this.#timers.cancel(effect.timer);
        return;
      case "emitStatus":
        hooks.status(effect.status, effect.reasonCode);
        if (
          statusBefore === ConnectionStatus.CONNECTED &&
          effect.status !== ConnectionStatus.CONNECTED
        )
          hooks.disconnected();
        return;
      case "resendPending": {
        const live = this.#slot?.live;
        if (live !== undefined) hooks.connected(live);
        return;
      }
      case "resubscribe":
        // NOTE: the messenger subscribes no data channels (SUB, §5.9), so there is nothing to re-send.
        return;
      case "syncAll":
        hooks.syncAll();
        return;
    }
  }

  #open(socketId: number): void {
    const credentials = this.#options.hooks.credentials();
    if (credentials === null) {
      queueMicrotask(() => {
        this.dispatch({ type: "socketClosed", socketId });
      });
      return;
    }
    const socket = this.#options.transport(credentials.wsUrl, {
      onOpen: () => {
        this.dispatch({ type: "socketOpened", socketId });
      },
      onMessage: (bytes) => {
        this.#receive(socketId, bytes);
      },
      onClose: () => {
        this.dispatch({ type: "socketClosed", socketId });
      },
    });
    this.#slot = {
      socketId,
      socket,
      decoder: new FrameDecoder({ version: PROTOCOL_VERSION }),
    };
  }

  #close(socketId: number): void {
    if (this.#slot?.socketId !== socketId) return;
    this.#slot.socket.close();
    this.#slot = null;
  }

  #sendConnect(socketId: number): void {
    const slot = this.#slot;
    const credentials = this.#options.hooks.credentials();
    if (slot?.socketId !== socketId) return;
    if (credentials === null) {
      this.dispatch({ type: "stop", deliberate: false });
      return;
    }
    slot.keyPair = generateKeyPair(this.#backend);
    slot.socket.send(
      encodeFrame(
        {
          op: Op.CONNECT,
          version: PROTOCOL_VERSION,
          deviceFlag: DeviceFlag.WEB,
          deviceID: credentials.deviceId,
          uid: credentials.uid,
          token: credentials.token,
          clientTimestamp: BigInt(Math.round(this.#options.now())),
          clientKey: slot.keyPair.publicKeyBase64,
        },
        PROTOCOL_VERSION,
      ),
    );
  }

  /**
   * Drops a socket whose stream or handshake is unusable; the machine reconnects as after a loss.
   * `byClient`: our own drop is no sign of a refused token (see connection/silentRefusal.ts).
   */
  #fail(slot: Slot, error: unknown): void {
    this.#options.hooks.protocolError(error);
    if (this.#slot !== slot) return;
    slot.socket.close();
    this.#slot = null;
    this.dispatch({
      type: "socketClosed",
      socketId: slot.socketId,
      byClient: true,
    });
  }

  #receive(socketId: number, bytes: Uint8Array): void {
    const slot = this.#slot;
    if (slot?.socketId !== socketId) return;
    let frames: Frame[];
    try {
      frames = slot.decoder.push(bytes);
    } catch (error) {
      this.#fail(slot, error);
      return;
    }
    const batch: (RecvFrame | SendackFrame)[] = [];
    for (const frame of frames) {
      if (this.#slot !== slot) return;
      if (frame.op === Op.CONNACK) {
        if (!this.#connack(slot, frame)) return;
      } else if (frame.op === Op.PONG) {
        this.dispatch({ type: "pong", socketId });
      } else if (frame.op === Op.DISCONNECT) {
        this.#flush(slot, batch);
        this.dispatch({
          type: "serverDisconnect",
          socketId,
          reasonCode: frame.reasonCode,
        });
        return;
      } else if (frame.op === Op.RECV || frame.op === Op.SENDACK) {
        batch.push(frame);
      }
      // NOTE: SUBACK and EVENT need no handling: no data channels, and v4 has no EVENT (§5.10).
    }
    this.#flush(slot, batch);
  }

  /** Hands up the message-level frames in order: runs of RECVs as one batch, each SENDACK alone. */
  #flush(slot: Slot, batch: (RecvFrame | SendackFrame)[]): void {
    const { live } = slot;
    if (batch.length === 0 || live === undefined) return;
    const { hooks } = this.#options;
    let recvs: RecvFrame[] = [];
    for (const frame of batch.splice(0)) {
      if (frame.op === Op.RECV) {
        recvs.push(frame);
        continue;
      }
      if (recvs.length > 0) hooks.recvs(live, recvs);
      recvs = [];
      hooks.sendAck(frame);
    }
    if (recvs.length > 0) hooks.recvs(live, recvs);
  }

  /** Handles CONNACK; false when the socket was dropped. */
  #connack(
    slot: Slot,
    frame: Extract<Frame, { op: typeof Op.CONNACK }>,
  ): boolean {
    const { socketId } = slot;
    if (frame.reasonCode !== ReasonCode.SUCCESS) {
      this.dispatch({
        type: "connack",
        socketId,
        reasonCode: frame.reasonCode,
      });
      return false;
    }
    if (
      frame.serverVersion !== undefined &&
      frame.serverVersion !== PROTOCOL_VERSION
    ) {
      // NOTE: frames after this would be laid out for another version (§7): refuse, do not guess.
      this.#options.hooks.protocolError(
        new Error(
          `The server answered protocol version ${frame.serverVersion}, not ${PROTOCOL_VERSION}`,
        ),
      );
      this.dispatch({
        type: "connack",
        socketId,
        reasonCode: ReasonCode.UNKNOWN,
      });
      return false;
    }
    if (slot.keyPair === undefined) {
      this.#fail(slot, new Error("CONNACK before CONNECT"));
      return false;
    }
    let crypto: ConnectionCrypto;
    try {
      crypto = ConnectionCrypto.fromKeyExchange(
        {
          privateKey: slot.keyPair.privateKey,
          peerPublicKey: frame.serverKey,
          salt: frame.salt,
        },
        this.#backend,
      );
    } catch (error) {
      this.#fail(slot, error);
      return false;
    }
    const isCurrent = () => this.#slot === slot;
    slot.live = {
      socketId,
      crypto,
      send: (bytes) => {
        if (isCurrent()) slot.socket.send(bytes);
      },
      get current() {
        return isCurrent();
      },
    };
    this.dispatch({ type: "connack", socketId, reasonCode: frame.reasonCode });
    return true;
  }

  /** Closes everything (the service is being disposed). */
  dispose(): void {
    this.stop(true);
    this.#timers.cancelAll();
  }
}
