// AES-128-CBC with PKCS#7 (§8.3) on @noble/ciphers' audited block function, keeping each key's
// expanded schedule for the session instead of re-expanding it per call as `cbc()` must.
import { unsafe } from "@noble/ciphers/aes.js";

// NOTE: `unsafe` exposes noble's own round functions (the ones its cbc() runs); only the CBC
// chaining and the padding live here. @noble/ciphers is pinned, and the tests check this code
// against noble's cbc() and node:crypto on the §8.6 vector and thousands of random messages.

interface Schedules {
  /** The key bytes the schedules were expanded from (a caller may reuse and refill its array). */
  bytes: Uint8Array;
  enc?: Uint32Array;
  dec?: Uint32Array;
}

/** Expanded keys by the identity of the key array (ConnectionCrypto keeps one array per session). */
const cache = new WeakMap<Uint8Array, Schedules>();

function schedules(key: Uint8Array): Schedules {
  if (key.length !== 16) throw new Error("AES-128 needs a 16-byte key");
  let s = cache.get(key);
  if (s === undefined || !sameKey(s.bytes, key)) {
    s = { bytes: key.slice() };
    cache.set(key, s);
  }
  return s;
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < 16; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Little-endian 32-bit word at `b[i]` (noble's state words are LE). */
function le32(b: Uint8Array, i: number): number {
  return (
    ((b[i] as number) |
      ((b[i + 1] as number) << 8) |
      ((b[i + 2] as number) << 16) |
      ((b[i + 3] as number) << 24)) >>>
    0
  );
}

function put32(b: Uint8Array, i: number, w: number): void {
  b[i] = w & 0xff;
  b[i + 1] = (w >>> 8) & 0xff;
  b[i + 2] = (w >>> 16) & 0xff;
  b[i + 3] = w >>> 24;
}

function checkIv(iv: Uint8Array): void {
  if (iv.length !== 16) throw new Error("AES-CBC needs a 16-byte IV");
}

/** True on little-endian hosts, where a Uint32Array view already holds noble's LE state words. */
const IS_LE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** AES-128-CBC encryption with PKCS#7 padding. */
export function aesCbcEncrypt(
  key: Uint8Array,
  iv: Uint8Array,
  plaintext: Uint8Array,
): Uint8Array {
  checkIv(iv);
  const s = schedules(key);
  const xk = (s.enc ??= unsafe.expandKeyLE(key));
  const n = plaintext.length;
  const total = (n & ~15) + 16;
  const out = new Uint8Array(total);
  out.set(plaintext);
  out.fill(total - n, n);
  let s0 = le32(iv, 0);
  let s1 = le32(iv, 4);
  let s2 = le32(iv, 8);
  let s3 = le32(iv, 12);
  if (IS_LE) {
    // NOTE: `out` is freshly allocated, so the word view is aligned.
    const w = new Uint32Array(out.buffer, 0, total >> 2);
    for (let i = 0; i < w.length; i += 4) {
      ({ s0, s1, s2, s3 } = unsafe.encrypt(
        xk,
        s0 ^ (w[i] as number),
        s1 ^ (w[i + 1] as number),
        s2 ^ (w[i + 2] as number),
        s3 ^ (w[i + 3] as number),
      ));
      w[i] = s0;
      w[i + 1] = s1;
      w[i + 2] = s2;
      w[i + 3] = s3;
    }
    return out;
  }
  for (let i = 0; i < total; i += 16) {
    ({ s0, s1, s2, s3 } = unsafe.encrypt(
      xk,
      s0 ^ le32(out, i),
      s1 ^ le32(out, i + 4),
      s2 ^ le32(out, i + 8),
      s3 ^ le32(out, i + 12),
    ));
    put32(out, i, s0);
    put32(out, i + 4, s1);
    put32(out, i + 8, s2);
    put32(out, i + 12, s3);
  }
  return out;
}

/** AES-128-CBC decryption; throws on a partial block or bad PKCS#7 padding. */
export function aesCbcDecrypt(
  key: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Uint8Array {
  checkIv(iv);
  const total = ciphertext.length;
  if (total === 0 || total % 16 !== 0)
    throw new Error("ciphertext is not whole AES blocks");
  const s = schedules(key);
  const xk = (s.dec ??= unsafe.expandKeyDecLE(key));
  const out = new Uint8Array(total);
  let p0 = le32(iv, 0);
  let p1 = le32(iv, 4);
  let p2 = le32(iv, 8);
  let p3 = le32(iv, 12);
  for (let i = 0; i < total; i += 16) {
    const c0 = le32(ciphertext, i);
    const c1 = le32(ciphertext, i + 4);
    const c2 = le32(ciphertext, i + 8);
    const c3 = le32(ciphertext, i + 12);
    const d = unsafe.decrypt(xk, c0, c1, c2, c3);
    put32(out, i, d.s0 ^ p0);
    put32(out, i + 4, d.s1 ^ p1);
    put32(out, i + 8, d.s2 ^ p2);
    put32(out, i + 12, d.s3 ^ p3);
    p0 = c0;
    p1 = c1;
    p2 = c2;
    p3 = c3;
  }
  const pad = out[total - 1] as number;
  let bad = pad === 0 || pad > 16 ? 1 : 0;
  for (let i = 1; i <= 16; i++) if (i <= pad && out[total - i] !== pad) bad = 1;
  if (bad !== 0) throw new Error("invalid PKCS#7 padding");
  return out.subarray(0, total - pad);
}
