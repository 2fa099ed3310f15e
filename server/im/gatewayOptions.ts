// Tunables of the embedded IM gateway with their defaults and why they are what they are. Tests
// shrink the timers; nothing here reads the environment.
import { DeviceLevel } from "#protocol";

export interface GatewayOptions {
  /** A socket must complete CONNECT (incl. authentication) within this (Go: 2 s + 4 s, §12). */
  connectTimeoutMs: number;
  /** An authenticated socket silent for this long is closed (Go ConnIdleTime, §12; the SDK pings every 60 s). */
  idleTimeoutMs: number;
  /** How often the sweeper checks deadlines and due RECV re-sends. */
  sweepIntervalMs: number;
  /**
   * Device level of every login (§10): MASTER kicks older connections of the same uid and device
   * flag with a different deviceID (DISCONNECT 12); SLAVE lets them live side by side.
   */
  deviceLevel: DeviceLevel;
  /** Cap on one inbound frame's body (the codec refuses larger declared lengths: close 4001). */
  maxFrameBytes: number;
  /** Cap on one WebSocket message (several frames may share one, §0.4). */
  maxMessageBytes: number;
  /** Cap on a decrypted payload (SENDACK 11 notAllowSend above it). */
  maxPayloadBytes: number;
  /** Token bucket per connection: sustained SENDs per second … */
  sendRatePerSecond: number;
  /** … and burst (SENDACK 22 rateLimit when empty). */
  sendBurst: number;
  /**
   * The same token bucket per account, across all its connections (#19: five sockets of one account
   * stored ~440 messages/s): sustained SENDs per second …
   */
  accountSendRatePerSecond: number;
  /** … and burst (SENDACK 22 rateLimit when empty). */
  accountSendBurst: number;
  /**
   * Sockets one client IP (TRUST_PROXY-aware) may have before CONNECT succeeded; more upgrades are
   * answered 429 (#19: 3,000 unauthenticated sockets from one IP in 1.6 s).
   */
  maxHandshakesPerIp: number;
  /** Open connections one account may hold; a new one closes its oldest (DISCONNECT 12). */
  maxConnectionsPerAccount: number;
  /** Delays before re-sending an un-acked RECV to a live connection; its length bounds the re-sends. */
  recvRetryDelaysMs: readonly number[];
  /** Un-acked RECVs tracked per connection; beyond it the oldest is left to sync. */
  maxPendingRecvs: number;
  /** Outbound bytes queued on a socket before it is dropped as too slow (close 4008). */
  maxBufferedBytes: number;
  /** Messages per group-commit transaction at most. */
  maxBatch: number;
  /** Under load, batches start at most this often (ms; 0 = back to back; idle batches never wait). */
  commitLingerMs: number;
  /** Node id announced in CONNACK for v >= 4. */
  nodeId: bigint;
  /**
   * Time per event-loop turn for handshake work (upgrades, key exchanges) in a burst; the rest
   * waits for the next turns (0: one per turn, each in a later turn; tests use it).
   */
  handshakeSliceMs: number;
}

export const DEFAULT_GATEWAY_OPTIONS: GatewayOptions = {
  connectTimeoutMs: 5_000,
  idleTimeoutMs: 180_000,
  sweepIntervalMs: 1_000,
  // NOTE: the SDK invents a new deviceID per connection, so MASTER would make two browsers (or a
  // browser and a stale socket) of one user kick each other; "several devices per user are normal".
  deviceLevel: DeviceLevel.SLAVE,
  maxFrameBytes: 64 * 1024,
  maxMessageBytes: 1024 * 1024,
  maxPayloadBytes: 32 * 1024,
  // NOTE: the v4/v5 SDK sends at most 5 frames per 100 ms (50/s); resends after a reconnect burst.
  sendRatePerSecond: 100,
  sendBurst: 200,
  // NOTE: as much as one connection may send: one browser keeps one socket (SharedWorker), so a
  // person sending from two devices at once shares what one socket could do alone.
  accountSendRatePerSecond: 100,
  accountSendBurst: 200,
  // NOTE: a handshake takes milliseconds (5 s at most): 32 at once leaves room for a school, temple
  // or carrier-grade NAT reconnecting after a restart, while an attacker's sockets stay a handful.
  maxHandshakesPerIp: 32,
  // NOTE: one socket per browser (SharedWorker), two for a moment during a deploy (two workers):
  // 8 covers a phone, a tablet and a computer with two browsers each, with room for stale sockets.
  maxConnectionsPerAccount: 8,
  recvRetryDelaysMs: [15_000, 30_000, 60_000, 120_000],
  maxPendingRecvs: 1_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxBatch: 512,
  // NOTE: a PGlite batch costs ~0.3–1 ms plus ~0.05 ms per message; under load a few ms of waiting
  // turns hundreds of tiny commits per second into tens of larger ones (well inside the 30 ms p99).
  commitLingerMs: 5,
  nodeId: 1n,
  // NOTE: a storm's 7,000 upgrades in one read took 300–570 ms of one turn (#20); 10 ms slices
  // keep each turn short while a lone handshake still runs at once.
  handshakeSliceMs: 10,
};

/** Defaults overridden by `partial`. */
export function resolveGatewayOptions(
  partial: Partial<GatewayOptions> = {},
): GatewayOptions {
  return { ...DEFAULT_GATEWAY_OPTIONS, ...partial };
}
