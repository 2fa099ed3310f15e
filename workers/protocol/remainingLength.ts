// The MQTT-style remaining length of the fixed header (§3.2): little-endian base-128 groups, at most
// 4 bytes. Parsing is incremental so a header split across chunks is handled without copying.
import { ProtocolError } from "./errors";

/** Largest number of varint bytes (§3.2: decoders stop after shift 21). */
export const MAX_LENGTH_BYTES = 4;

/** Bytes needed to encode `len` (1 for 0: we write `00`, which Go and JS both accept; §3.2). */
export function lengthSize(len: number): number {
  return len < 0x80 ? 1 : len < 0x4000 ? 2 : len < 0x200000 ? 3 : 4;
}

/** Writes `len` at `buf[pos]` and returns the new position. */
export function writeLength(buf: Uint8Array, pos: number, len: number): number {
  let v = len;
  do {
    let digit = v & 0x7f;
    v >>>= 7;
    if (v > 0) digit |= 0x80;
    buf[pos++] = digit;
  } while (v > 0);
  return pos;
}

/**
 * Reads a remaining length starting at `buf[pos]`, not reading at or past `end`.
 * Returns `-1` when more bytes are needed, else `value * 4 + (size - 1)` where `size` is the number
 * of varint bytes (1–4); unpack with {@link lengthValue} and {@link lengthBytes}. Packing avoids an
 * allocation per frame. Throws `BAD_LENGTH` when a 4th byte still has its continuation bit set.
 */
export function readLength(buf: Uint8Array, pos: number, end: number): number {
  let value = 0;
  for (let i = 0; i < MAX_LENGTH_BYTES; i++) {
    if (pos + i >= end) return -1;
    const b = buf[pos + i] as number;
    value |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return value * 4 + i;
  }
  throw new ProtocolError(
    "BAD_LENGTH",
    "remaining length is longer than 4 bytes",
  );
}

/** The length encoded in a {@link readLength} result. */
export function lengthValue(packed: number): number {
  return Math.floor(packed / 4);
}

/** The varint size (1–4 bytes) encoded in a {@link readLength} result. */
export function lengthBytes(packed: number): number {
  return (packed % 4) + 1;
}
