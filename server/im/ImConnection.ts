// One IM WebSocket: its phase, inbound decoder, session crypto, send budget, un-acked RECVs and
// data-channel subscriptions, and the only code that writes to the socket (one frame per
// WebSocket message, §0.4). Kept small: 10,000 idle ones must fit in a few hundred MB.
import type { WebSocket } from "ws";
import {
  type Frame,
  FrameDecoder,
  type ProtocolVersion,
  type ConnectionCrypto,
  encodeFrame,
} from "#protocol";
import type { ConnectionPhase } from "./frameRouting";
import { GatewayCloseCode } from "./gatewayCloseCodes";
import type { GatewayOptions } from "./gatewayOptions";
import { PendingRecvs } from "./PendingRecvs";
import { SendRateLimiter } from "./SendRateLimiter";

/** Who an authenticated connection belongs to. */
export interface ConnectionIdentity {
  uid: string;
  userId: number;
  sessionId: string;
  /** Wall-clock ms at which the session ends; the sweeper disconnects the link then. */
  sessionExpiresAt: number;
  deviceFlag: number;
  deviceID: string;
  version: ProtocolVersion;
  crypto: ConnectionCrypto;
}

export class ImConnection {
  readonly socket: WebSocket;
  readonly decoder: FrameDecoder;
  readonly openedAt: number;
  /** The client's IP (TRUST_PROXY-aware), for per-IP limits. */
  readonly ip: string;
  readonly #options: GatewayOptions;
  phase: ConnectionPhase = "awaitingConnect";
  /** Monotonic ms of the last inbound bytes. */
  lastSeenAt: number;
  /** Set once CONNECT succeeded. */
  identity: ConnectionIdentity | null = null;
  #limiter: SendRateLimiter | null = null;
  #pending: PendingRecvs | null = null;
  #subscriptions: Set<string> | null = null;

  constructor(
    socket: WebSocket,
    ip: string,
    options: GatewayOptions,
    now: number,
  ) {
    this.socket = socket;
    this.ip = ip;
    this.#options = options;
    this.decoder = new FrameDecoder({ maxFrameBytes: options.maxFrameBytes });
    this.openedAt = now;
    this.lastSeenAt = now;
  }

  /** The identity of an open connection (throws before CONNECT succeeded). */
  get who(): ConnectionIdentity {
    if (this.identity === null) throw new Error("connection is not open");
    return this.identity;
  }

  /** Marks the connection open for `identity`. */
  open(identity: ConnectionIdentity, now: number): void {
    this.identity = identity;
    this.phase = "open";
    this.lastSeenAt = now;
  }

  /** Takes one SEND from the per-connection budget. */
  allowSend(now: number): boolean {
    this.#limiter ??= new SendRateLimiter(
      this.#options.sendRatePerSecond,
      this.#options.sendBurst,
      now,
    );
    return this.#limiter.take(now);
  }

  /** Un-acked RECVs (created on first use). */
  get pending(): PendingRecvs {
    this.#pending ??= new PendingRecvs(
      this.#options.recvRetryDelaysMs,
      this.#options.maxPendingRecvs,
    );
    return this.#pending;
  }

  get hasPending(): boolean {
    return this.#pending !== null && this.#pending.size > 0;
  }

  /** Data channels this connection subscribed to (created on first use). */
  get subscriptions(): Set<string> {
    this.#subscriptions ??= new Set();
    return this.#subscriptions;
  }

  isSubscribed(channelId: string): boolean {
    return this.#subscriptions?.has(channelId) === true;
  }

  /** Encodes `frame` in this connection's version and sends it as one WebSocket message. */
  sendFrame(
    frame: Frame,
    version: number = this.identity?.version ?? 2,
  ): boolean {
    return this.sendBytes(encodeFrame(frame, version));
  }

  /** Sends one encoded frame; drops the connection when the client is not reading. */
  sendBytes(bytes: Uint8Array): boolean {
    if (this.phase === "closed" || this.socket.readyState !== 1) return false;
    if (this.socket.bufferedAmount > this.#options.maxBufferedBytes) {
      this.close(GatewayCloseCode.SLOW_CONSUMER, "slow consumer");
      return false;
    }
    this.socket.send(bytes);
    return true;
  }

  /** Closes the socket with a close frame (reason ≤ 123 bytes); the phase becomes closed. */
  close(code: number, reason: string): void {
    if (this.phase === "closed") return;
    this.phase = "closed";
    this.socket.close(code, reason.slice(0, 100));
  }
}
