// The server side of CONNECT → CONNACK (§5.1, §5.2, §8, §16.3–4): version negotiation, the
// CONNACK layout of the client's version, the random salt, and the key exchange. No I/O.
import {
  type ConnackFrame,
  type CryptoBackend,
  MAX_PROTOCOL_VERSION,
  MIN_PROTOCOL_VERSION,
  type ProtocolVersion,
  Op,
  ProtocolError,
  type ReasonCode,
  ConnectionCrypto,
  decodePublicKey,
  generateKeyPair,
} from "#protocol";

const SALT_ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * The version both sides use from now on: the client's, capped at the newest we speak (v6 clients
 * follow the CONNACK's serverVersion, like Go's `min(clientVersion, latest)`). Null below v2.
 */
export function negotiateVersion(
  clientVersion: number,
): ProtocolVersion | null {
  if (!Number.isInteger(clientVersion) || clientVersion < MIN_PROTOCOL_VERSION)
    return null;
  return Math.min(clientVersion, MAX_PROTOCOL_VERSION) as ProtocolVersion;
}

/** 16 CSPRNG characters from [A-Za-z0-9] (the AES IV, §8.2), without modulo bias. */
export function randomSalt(backend: CryptoBackend): string {
  let salt = "";
  while (salt.length < 16) {
    for (const byte of backend.randomBytes(32)) {
      // NOTE: 248 = 4 * 62; bytes above it would favour the first characters.
      if (byte < 248 && salt.length < 16)
        salt += SALT_ALPHABET.charAt(byte % 62);
    }
  }
  return salt;
}

export interface ConnackFields {
  /** The client's CONNECT version (decides the layout). */
  clientVersion: number;
  reasonCode: ReasonCode;
  /** Server ms − client ms. */
  timeDiff: bigint;
  serverKey: string;
  salt: string;
  nodeId: bigint;
}

/**
 * CONNACK in the client's layout: v ≤ 3 gets `0x20` with no serverVersion/nodeId (JS104 reads
 * nothing else); v ≥ 4 gets HasServerVersion, `serverVersion = min(v, 5)` and the nodeId.
 */
export function buildConnack(fields: ConnackFields): ConnackFrame {
  const frame: ConnackFrame = {
    op: Op.CONNACK,
    timeDiff: fields.timeDiff,
    reasonCode: fields.reasonCode,
    serverKey: fields.serverKey,
    salt: fields.salt,
  };
  if (fields.clientVersion > 3) {
    frame.serverVersion = Math.min(fields.clientVersion, MAX_PROTOCOL_VERSION);
    frame.nodeId = fields.nodeId;
  }
  return frame;
}

/** The server half of the key exchange: its public key for CONNACK and the session cipher. */
export interface ServerKeys {
  serverKey: string;
  salt: string;
  crypto: ConnectionCrypto;
}

/**
 * A fresh X25519 key pair and salt, and the session keys derived with the client's key (§8.2).
 * Null when the client key is not a usable 32-byte X25519 public key (CONNACK 21).
 */
export function serverKeysFor(
  clientKey: string,
  backend: CryptoBackend,
): ServerKeys | null {
  try {
    decodePublicKey(clientKey);
    const pair = generateKeyPair(backend);
    const salt = randomSalt(backend);
    const crypto = ConnectionCrypto.fromKeyExchange(
      { privateKey: pair.privateKey, peerPublicKey: clientKey, salt },
      backend,
    );
    return { serverKey: pair.publicKeyBase64, salt, crypto };
  } catch (error) {
    if (error instanceof ProtocolError && error.code === "BAD_KEY") return null;
    throw error;
  }
}
