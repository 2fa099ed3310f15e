// The one error type of the wire protocol: every malformed input, invalid frame to encode or failed
// crypto check surfaces as a ProtocolError with a stable code. Nothing here logs or recovers.

/** Stable, machine-readable reasons a {@link ProtocolError} is raised. */
export type ProtocolErrorCode =
  /** The bytes ended before a field or frame was complete (§3, §5). */
  | "TRUNCATED"
  /** A declared remaining length exceeds the frame-size cap (§3.2, Go: 1 MiB). */
  | "TOO_LARGE"
  /** The remaining-length varint runs past 4 bytes (§3.2). */
  | "BAD_LENGTH"
  /** Packet type 0 or 13–15, or a packet the negotiated version does not have (§4). */
  | "BAD_TYPE"
  /** A string field is not well-formed UTF-8 (decode) or UTF-16 (encode) (§2). */
  | "BAD_UTF8"
  /**
   * Bytes left over after the last field of a client → server packet (§5), or after the frame in
   * the input of `decodeFrame`. Server → client packets may end in fields a newer server appends;
   * those bytes are skipped (trailingBytes.ts).
   */
  | "TRAILING_BYTES"
  /** A field value the wire cannot carry: out of range, too long, or inconsistent with the setting byte. */
  | "INVALID_FIELD"
  /** A protocol version outside {@link MIN_PROTOCOL_VERSION}..{@link MAX_PROTOCOL_VERSION} (§7). */
  | "UNSUPPORTED_VERSION"
  /** The streaming decoder already failed; the connection must be dropped. */
  | "DECODER_FAILED"
  /** Text that should be standard base64 is not (§8.1, §8.3). */
  | "BAD_BASE64"
  /** An X25519 public key, private key or salt that cannot be used (§8.1, §8.2). */
  | "BAD_KEY"
  /** The msgKey of a SEND or RECV does not match its fields (§8.4, §8.5). */
  | "BAD_MSG_KEY"
  /** AES-CBC decryption or PKCS#7 unpadding failed (§8.3). */
  | "DECRYPT_FAILED"
  /** A decrypted payload is not a JSON object with a numeric `type` (§9). */
  | "BAD_CONTENT";

/**
 * Raised for any malformed protocol input or unusable value. Callers branch on {@link code},
 * never on the message text.
 *
 * @example
 * try { decoder.push(chunk) } catch (e) {
 *   if (e instanceof ProtocolError && e.code === "TOO_LARGE") socket.close(CloseCode.FRAME_TOO_LARGE);
 * }
 */
export class ProtocolError extends Error {
  override readonly name = "ProtocolError";
  /** Why the input was rejected. */
  readonly code: ProtocolErrorCode;

  constructor(
    code: ProtocolErrorCode,
    message?: string,
    options?: ErrorOptions,
  ) {
    super(message ?? code, options);
    this.code = code;
  }
}
