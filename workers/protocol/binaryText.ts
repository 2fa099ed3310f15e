// Standard base64 (RFC 4648 §4, with padding) and lowercase hex, the two text forms the protocol puts
// keys, ciphertexts and digests in (§8). Pure table code; strict decoding (BAD_BASE64).
import { ProtocolError } from "./errors";

const ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const ENC = new Uint8Array(64);
const DEC = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++) {
  const c = ALPHABET.charCodeAt(i);
  ENC[i] = c;
  DEC[c] = i;
}
const PAD = 0x3d; // "="
const HEX = Array.from({ length: 256 }, (_, i) =>
  i.toString(16).padStart(2, "0"),
);

/** Length of the base64 text of `n` bytes. */
export function base64Length(n: number): number {
  return Math.ceil(n / 3) * 4;
}

/**
 * Writes the base64 text of `src` as ASCII bytes into `out` at `pos` (needs
 * {@link base64Length}(src.length) bytes) and returns the new position.
 */
export function base64EncodeInto(
  src: Uint8Array,
  out: Uint8Array,
  pos: number,
): number {
  // NOTE: indices are in range by construction; `as number` only drops noUncheckedIndexedAccess's undefined.
  const n = src.length;
  const full = n - (n % 3);
  let i = 0;
  for (; i < full; i += 3) {
    const v =
      ((src[i] as number) << 16) |
      ((src[i + 1] as number) << 8) |
      (src[i + 2] as number);
    out[pos++] = ENC[v >>> 18] as number;
    out[pos++] = ENC[(v >>> 12) & 63] as number;
    out[pos++] = ENC[(v >>> 6) & 63] as number;
    out[pos++] = ENC[v & 63] as number;
  }
  if (n - full === 1) {
    const v = (src[i] as number) << 16;
    out[pos++] = ENC[v >>> 18] as number;
    out[pos++] = ENC[(v >>> 12) & 63] as number;
    out[pos++] = PAD;
    out[pos++] = PAD;
  } else if (n - full === 2) {
    const v = ((src[i] as number) << 16) | ((src[i + 1] as number) << 8);
    out[pos++] = ENC[v >>> 18] as number;
    out[pos++] = ENC[(v >>> 12) & 63] as number;
    out[pos++] = ENC[(v >>> 6) & 63] as number;
    out[pos++] = PAD;
  }
  return pos;
}

/** Base64 text of `src` as ASCII bytes (how encrypted payloads travel, §8.3). */
export function base64EncodeBytes(src: Uint8Array): Uint8Array {
  const out = new Uint8Array(base64Length(src.length));
  base64EncodeInto(src, out, 0);
  return out;
}

/** Base64 text of `src` as a string (how public keys travel, §8.1). */
export function base64Encode(src: Uint8Array): string {
  return String.fromCharCode.apply(
    null,
    base64EncodeBytes(src) as unknown as number[],
  );
}

/**
 * Decodes standard padded base64 given as ASCII bytes. Rejects other characters, missing padding
 * and non-zero bits after the last symbol with `BAD_BASE64`.
 */
export function base64DecodeBytes(
  text: Uint8Array,
  start = 0,
  end = text.length,
): Uint8Array {
  const n = end - start;
  if (n % 4 !== 0) throw bad("length is not a multiple of 4");
  if (n === 0) return new Uint8Array(0);
  let pad = 0;
  if (text[end - 1] === PAD) pad = text[end - 2] === PAD ? 2 : 1;
  const out = new Uint8Array((n / 4) * 3 - pad);
  let o = 0;
  const last = end - 4;
  for (let i = start; i < last; i += 4) {
    const v =
      (sym(text, i) << 18) |
      (sym(text, i + 1) << 12) |
      (sym(text, i + 2) << 6) |
      sym(text, i + 3);
    out[o++] = v >>> 16;
    out[o++] = (v >>> 8) & 0xff;
    out[o++] = v & 0xff;
  }
  const a = sym(text, last);
  const b = sym(text, last + 1);
  if (pad === 2) {
    if ((b & 0x0f) !== 0) throw bad("non-zero trailing bits");
    out[o] = (a << 2) | (b >> 4);
  } else if (pad === 1) {
    const c = sym(text, last + 2);
    if ((c & 0x03) !== 0) throw bad("non-zero trailing bits");
    out[o++] = (a << 2) | (b >> 4);
    out[o] = ((b & 0x0f) << 4) | (c >> 2);
  } else {
    const v =
      (a << 18) | (b << 12) | (sym(text, last + 2) << 6) | sym(text, last + 3);
    out[o++] = v >>> 16;
    out[o++] = (v >>> 8) & 0xff;
    out[o] = v & 0xff;
  }
  return out;
}

/** Decodes a standard padded base64 string (`BAD_BASE64` on anything else). */
export function base64Decode(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) throw bad("non-ASCII character");
    bytes[i] = c;
  }
  return base64DecodeBytes(bytes);
}

/** Lowercase hex of `bytes` (msgKey and md5 text, §8.2). */
export function toHex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += HEX[b] as string;
  return s;
}

function sym(text: Uint8Array, i: number): number {
  const v = DEC[text[i] as number] as number;
  if (v < 0) throw bad(`invalid character at offset ${i}`);
  return v;
}

function bad(why: string): ProtocolError {
  return new ProtocolError("BAD_BASE64", `not standard base64: ${why}`);
}
