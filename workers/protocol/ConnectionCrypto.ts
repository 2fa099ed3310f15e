// Per-connection crypto after the handshake (§8.2–§8.5): the derived AES key/IV, payload
// encryption to base64 text, and the SEND/RECV msgKey. Buffers are reused across calls; not re-entrant.
import { ProtocolError } from "./errors";
import type { RecvFrame, SendFrame } from "./frames";
import { Op } from "./opcodes";
import { maxUtf8Length, writeUtf8 } from "./utf8";
import type { BoundAesCbc, CryptoBackend } from "./CryptoBackend";
import {
  base64DecodeBytes,
  base64EncodeBytes,
  base64EncodeInto,
  base64Length,
  toHex,
} from "./binaryText";
import { sharedSecret } from "./keyPair";
import { nobleBackend } from "./nobleBackend";

/** The two 16-character strings both sides derive (§8.2). */
export interface ConnectionKeys {
  /** First 16 hex chars of md5(base64(shared secret)); used as 16 ASCII key bytes. */
  aesKey: string;
  /** First 16 chars of the CONNACK salt; used as 16 ASCII IV bytes. */
  aesIV: string;
}

/** What {@link deriveConnectionKeys} needs. */
export interface KeyExchange {
  /** Our 32-byte X25519 private key. */
  privateKey: Uint8Array;
  /** The peer's base64 public key (CONNECT clientKey on the server, CONNACK serverKey on the client). */
  peerPublicKey: string;
  /** The CONNACK salt (16 alphanumerics). */
  salt: string;
}

/** The fields a SEND msgKey signs, in order (§8.4). */
export type SendSignFields = Pick<
  SendFrame,
  "clientSeq" | "clientMsgNo" | "channelID" | "channelType" | "payload"
>;
/** The fields a RECV msgKey signs, in order (§8.5). */
export type RecvSignFields = Pick<
  RecvFrame,
  | "messageID"
  | "messageSeq"
  | "clientMsgNo"
  | "timestamp"
  | "fromUID"
  | "channelID"
  | "channelType"
  | "payload"
>;
/** A SEND without the fields {@link ConnectionCrypto.sealSend} computes. */
export type SendDraft = Omit<SendFrame, "op" | "msgKey" | "payload">;
/** A RECV without the fields {@link ConnectionCrypto.sealRecv} computes. */
export type RecvDraft = Omit<RecvFrame, "op" | "msgKey" | "payload">;

/**
 * Derives the AES key and IV (§8.2): `aesKey = md5hex(base64(X25519(priv, peerPub))).slice(0, 16)`,
 * `aesIV = salt.slice(0, 16)`. The salt must give 16 ASCII characters (`BAD_KEY` otherwise).
 */
export function deriveConnectionKeys(
  exchange: KeyExchange,
  backend: CryptoBackend = nobleBackend,
): ConnectionKeys {
  const secret = sharedSecret(
    exchange.privateKey,
    exchange.peerPublicKey,
    backend,
  );
  const aesKey = toHex(backend.md5(base64EncodeBytes(secret))).slice(0, 16);
  return { aesKey, aesIV: exchange.salt.slice(0, 16) };
}

/**
 * One connection's payload cipher and msgKey signer (§8.3–§8.5). Create it once per successful
 * CONNACK; it keeps the key bytes and scratch buffers for the life of the session.
 *
 * @example
 * const session = ConnectionCrypto.fromKeyExchange({ privateKey: kp.privateKey, peerPublicKey: connack.serverKey, salt: connack.salt });
 * const send = session.sealSend({ setting: {}, clientSeq: 1, clientMsgNo, channelID: "bob", channelType: 1, redDot: true }, encodeContent({ kind: "text", type: 1, content: "hi" }));
 * socket.send(encodeFrame(send, 4));
 */
export class ConnectionCrypto {
  readonly aesKey: string;
  readonly aesIV: string;
  readonly backend: CryptoBackend;
  readonly #aes: BoundAesCbc;
  #sign = new Uint8Array(512);
  #b64 = new Uint8Array(512);

  constructor(keys: ConnectionKeys, backend: CryptoBackend = nobleBackend) {
    const key = asciiBytes(keys.aesKey, "aesKey");
    const iv = asciiBytes(keys.aesIV, "aesIV");
    this.#aes = backend.bindAesCbc?.(key, iv) ?? {
      encrypt: (plaintext) => backend.aesCbcEncrypt(key, iv, plaintext),
      decrypt: (ciphertext) => backend.aesCbcDecrypt(key, iv, ciphertext),
    };
    this.aesKey = keys.aesKey;
    this.aesIV = keys.aesIV;
    this.backend = backend;
  }

  /** Derives the keys (§8.2) and returns the session cipher. */
  static fromKeyExchange(
    exchange: KeyExchange,
    backend: CryptoBackend = nobleBackend,
  ): ConnectionCrypto {
    return new ConnectionCrypto(
      deriveConnectionKeys(exchange, backend),
      backend,
    );
  }

  /** AES-128-CBC/PKCS#7 of `plaintext`, as base64 ASCII bytes: the wire payload (§8.3). */
  encryptPayload(plaintext: Uint8Array): Uint8Array {
    return base64EncodeBytes(this.#aes.encrypt(plaintext));
  }

  /** Inverse of {@link encryptPayload}. Throws `BAD_BASE64` or `DECRYPT_FAILED`. */
  decryptPayload(payload: Uint8Array): Uint8Array {
    const cipher = base64DecodeBytes(payload);
    if (cipher.length === 0 || cipher.length % 16 !== 0) {
      throw new ProtocolError(
        "DECRYPT_FAILED",
        `ciphertext of ${cipher.length} bytes is not whole AES blocks`,
      );
    }
    try {
      return this.#aes.decrypt(cipher);
    } catch (cause) {
      throw new ProtocolError(
        "DECRYPT_FAILED",
        "AES-CBC decryption failed (bad padding: wrong key or IV?)",
        { cause },
      );
    }
  }

  /** msgKey of a SEND: md5hex(base64(AES(clientSeq‖clientMsgNo‖channelID‖channelType‖payload))) (§8.4). */
  sendMsgKey(f: SendSignFields): string {
    let p = 0;
    p = this.#text(String(f.clientSeq), p);
    p = this.#text(f.clientMsgNo, p);
    p = this.#text(f.channelID, p);
    p = this.#text(String(f.channelType), p);
    p = this.#bytes(f.payload, p);
    return this.#digest(p);
  }

  /** msgKey of a RECV over the fields as sent (§8.5). */
  recvMsgKey(f: RecvSignFields): string {
    let p = 0;
    p = this.#text(String(f.messageID), p);
    p = this.#text(String(f.messageSeq), p);
    p = this.#text(f.clientMsgNo, p);
    p = this.#text(String(f.timestamp), p);
    p = this.#text(f.fromUID, p);
    p = this.#text(f.channelID, p);
    p = this.#text(String(f.channelType), p);
    p = this.#bytes(f.payload, p);
    return this.#digest(p);
  }

  /** A complete SEND: encrypts `plaintext` and signs it (§8.3, §8.4). */
  sealSend(draft: SendDraft, plaintext: Uint8Array): SendFrame {
    const payload = this.encryptPayload(plaintext);
    const { clientSeq, clientMsgNo, channelID, channelType } = draft;
    const msgKey = this.sendMsgKey({
      clientSeq,
      clientMsgNo,
      channelID,
      channelType,
      payload,
    });
    const frame: SendFrame = Object.assign(
      { op: Op.SEND, msgKey, payload },
      draft,
    );
    return frame;
  }

  /** Verifies a SEND's msgKey (`BAD_MSG_KEY`), then returns its decrypted payload (§8.4). */
  openSend(frame: SendFrame): Uint8Array {
    if (!sameText(this.sendMsgKey(frame), frame.msgKey))
      throw new ProtocolError("BAD_MSG_KEY", "SEND msgKey mismatch");
    return this.decryptPayload(frame.payload);
  }

  /** A complete RECV for this session's receiver: encrypts `plaintext` and signs it (§8.5). */
  sealRecv(draft: RecvDraft, plaintext: Uint8Array): RecvFrame {
    const payload = this.encryptPayload(plaintext);
    const {
      messageID,
      messageSeq,
      clientMsgNo,
      timestamp,
      fromUID,
      channelID,
      channelType,
    } = draft;
    const msgKey = this.recvMsgKey({
      messageID,
      messageSeq,
      clientMsgNo,
      timestamp,
      fromUID,
      channelID,
      channelType,
      payload,
    });
    const frame: RecvFrame = Object.assign(
      { op: Op.RECV, msgKey, payload },
      draft,
    );
    return frame;
  }

  /** Verifies a RECV's msgKey (`BAD_MSG_KEY`; the SDK drops such packets), then decrypts (§8.5). */
  openRecv(frame: RecvFrame): Uint8Array {
    if (!sameText(this.recvMsgKey(frame), frame.msgKey))
      throw new ProtocolError("BAD_MSG_KEY", "RECV msgKey mismatch");
    return this.decryptPayload(frame.payload);
  }

  #text(s: string, p: number): number {
    this.#ensureSign(p + maxUtf8Length(s));
    return writeUtf8(s, this.#sign, p);
  }

  #bytes(b: Uint8Array, p: number): number {
    this.#ensureSign(p + b.length);
    this.#sign.set(b, p);
    return p + b.length;
  }

  #ensureSign(n: number): void {
    if (n <= this.#sign.length) return;
    const next = new Uint8Array(Math.max(n, this.#sign.length * 2));
    next.set(this.#sign);
    this.#sign = next;
  }

  /** md5hex(base64(AES(sign[0, n)))) */
  #digest(n: number): string {
    const cipher = this.#aes.encrypt(this.#sign.subarray(0, n));
    const len = base64Length(cipher.length);
    if (len > this.#b64.length)
      this.#b64 = new Uint8Array(Math.max(len, this.#b64.length * 2));
    base64EncodeInto(cipher, this.#b64, 0);
    return toHex(this.backend.md5(this.#b64.subarray(0, len)));
  }
}

function asciiBytes(s: string, what: string): Uint8Array {
  if (s.length !== 16)
    throw new ProtocolError(
      "BAD_KEY",
      `${what} must be 16 characters, got ${s.length}`,
    );
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) throw new ProtocolError("BAD_KEY", `${what} must be ASCII`);
    out[i] = c;
  }
  return out;
}

/** Compares two msgKeys without an early exit. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
