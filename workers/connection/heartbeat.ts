// Heartbeat and handshake timing of one connection (protocol §5.7, §12; spec §9). Numbers only; the
// connection machine applies them.

/** A PING goes out this often while connected (the SDK's `heartbeatInterval`). */
export const HEARTBEAT_INTERVAL_MS = 60_000;
/**
 * PINGs that may stay unanswered (the SDK's `pingMaxRetryCount`). At the next heartbeat tick with this
 * many outstanding — the moment the SDK's counter exceeds 3 — the socket is dropped and replaced.
 */
export const MAX_UNANSWERED_PINGS = 3;
/**
 * Longest wait from opening a socket to its CONNACK. The SDK has none; without it a server that
 * accepts the socket but never answers would leave the client "Connecting" for good. The Go server's
 * own pre-auth timers are 2 s + 4 s (protocol §12), so a healthy server always answers well before.
 */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** What a heartbeat tick does, given the PINGs still unanswered. */
export function heartbeatTick(unansweredPings: number): "ping" | "drop" {
  return unansweredPings >= MAX_UNANSWERED_PINGS ? "drop" : "ping";
}
