// WebSocket close codes our gateway uses when it drops an IM connection (private range 4000–4999).
// The WuKongIM SDK only reacts to the close itself; the codes make logs and tests precise.

/** Close codes sent by the gateway. */
export const CloseCode = {
  /** Malformed bytes: a {@link ProtocolError} from the decoder. */
  PROTOCOL_ERROR: 4000,
  /** A frame over the frame-size cap (`TOO_LARGE`). */
  FRAME_TOO_LARGE: 4001,
  /** CONNECT asked for a protocol version the server does not speak. */
  UNSUPPORTED_VERSION: 4002,
  /** No CONNECT, or no successful CONNACK, within the handshake time (§12 idle timers). */
  HANDSHAKE_TIMEOUT: 4003,
  /** Authentication failed (after CONNACK reason 2, §0.5). */
  AUTH_FAILED: 4004,
  /** Kicked by a newer login (after DISCONNECT reason 12, §5.8). */
  KICKED: 4005,
  /** Silent for longer than the idle time (§12). */
  IDLE_TIMEOUT: 4006,
  /** The connection's login session was revoked (logout, token rotation) or the account banned; after DISCONNECT. */
  SESSION_REVOKED: 4007,
  /** The client does not read fast enough: outbound bytes piled up past the cap. */
  SLOW_CONSUMER: 4008,
} as const;
/** One of the {@link CloseCode} numbers. */
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];
