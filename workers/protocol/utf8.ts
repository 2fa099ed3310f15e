// Strict UTF-8 for string fields and payload JSON (§2): a hand-written encoder/decoder for short
// strings and the platform's fatal TextDecoder for long ones. Never replaces bad input with U+FFFD.
import { ProtocolError } from "./errors";

interface FatalTextDecoder {
  decode(input: Uint8Array): string;
}
interface PlatformTextEncoder {
  encode(input: string): Uint8Array;
  encodeInto(
    input: string,
    dest: Uint8Array,
  ): { read: number; written: number };
}
interface TextCodecGlobals {
  TextDecoder: new (
    label: string,
    options: { fatal: boolean; ignoreBOM: boolean },
  ) => FatalTextDecoder;
  TextEncoder: new () => PlatformTextEncoder;
}

// NOTE: the protocol folder compiles without DOM or Node types; TextEncoder/TextDecoder exist in
// every runtime we target (browsers, workers, Node ≥ 11), so they are looked up on globalThis.
const platform = globalThis as unknown as TextCodecGlobals;
// NOTE: ignoreBOM keeps a leading U+FEFF as a character, as the SDK's decodeURIComponent does.
const fatalDecoder = new platform.TextDecoder("utf-8", {
  fatal: true,
  ignoreBOM: true,
});
const encoder = new platform.TextEncoder();

/** Strings up to this many bytes are decoded by hand (faster than a TextDecoder call). */
const HAND_DECODE_MAX = 16;
/** Strings longer than this are encoded natively once they are known to be well-formed. */
const HAND_ENCODE_MAX = 16;
/** A lone (unpaired) surrogate: the native encoder would silently turn it into U+FFFD. */
const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` has no lone surrogate, so it has an exact UTF-8 form. */
function isWellFormed(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

/**
 * Upper bound on the UTF-8 byte length of `s` (3 bytes per UTF-16 code unit).
 * @internal
 */
export function maxUtf8Length(s: string): number {
  return s.length * 3;
}

/**
 * Writes `s` as UTF-8 into `out` at `pos` (which must have {@link maxUtf8Length} bytes free) and
 * returns the new position. Throws `BAD_UTF8` on a lone surrogate, which has no UTF-8 form.
 */
export function writeUtf8(s: string, out: Uint8Array, pos: number): number {
  const n = s.length;
  if (n > HAND_ENCODE_MAX && isWellFormed(s))
    return pos + encoder.encodeInto(s, out.subarray(pos)).written;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out[pos++] = c;
    } else if (c < 0x800) {
      out[pos++] = 0xc0 | (c >> 6);
      out[pos++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      out[pos++] = 0xe0 | (c >> 12);
      out[pos++] = 0x80 | ((c >> 6) & 0x3f);
      out[pos++] = 0x80 | (c & 0x3f);
    } else {
      const lo = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || lo < 0xdc00 || lo > 0xdfff) {
        throw new ProtocolError("BAD_UTF8", `lone surrogate at index ${i}`);
      }
      i++;
      c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
      out[pos++] = 0xf0 | (c >> 18);
      out[pos++] = 0x80 | ((c >> 12) & 0x3f);
      out[pos++] = 0x80 | ((c >> 6) & 0x3f);
      out[pos++] = 0x80 | (c & 0x3f);
    }
  }
  return pos;
}

/** UTF-8 bytes of `s`. Throws `BAD_UTF8` on a lone surrogate. */
export function encodeUtf8(s: string): Uint8Array {
  const need = maxUtf8Length(s);
  // NOTE: encoding into a reused scratch and copying out beats a fresh exact-size encode.
  const tmp = need <= scratch.length ? scratch : new Uint8Array(need);
  const end = writeUtf8(s, tmp, 0);
  return tmp.slice(0, end);
}

const scratch = new Uint8Array(4096);

/** Decodes `bytes[start, end)` as strict UTF-8. Throws `BAD_UTF8` on any ill-formed sequence. */
export function decodeUtf8(
  bytes: Uint8Array,
  start = 0,
  end = bytes.length,
): string {
  if (end - start <= HAND_DECODE_MAX) return decodeShort(bytes, start, end);
  try {
    return fatalDecoder.decode(bytes.subarray(start, end));
  } catch (cause) {
    throw new ProtocolError("BAD_UTF8", "string is not valid UTF-8", { cause });
  }
}

const units: number[] = [];

/**
 * Hand-written strict decoder (Unicode 15 table 3-7 well-formed sequences).
 * @internal exported for the equivalence test against TextDecoder
 */
export function decodeShort(b: Uint8Array, start: number, end: number): string {
  // NOTE: indices are bounds-checked by the loop conditions, so `as number` only drops `undefined`.
  let i = start;
  while (i < end && (b[i] as number) < 0x80) i++;
  if (i === end)
    return String.fromCharCode.apply(
      null,
      b.subarray(start, end) as unknown as number[],
    );
  units.length = 0;
  for (let k = start; k < i; k++) units.push(b[k] as number);
  while (i < end) {
    const b0 = b[i] as number;
    if (b0 < 0x80) {
      units.push(b0);
      i += 1;
      continue;
    }
    let cp: number;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      if (i + 1 >= end) return bad();
      const b1 = b[i + 1] as number;
      if ((b1 & 0xc0) !== 0x80) return bad();
      cp = ((b0 & 0x1f) << 6) | (b1 & 0x3f);
      i += 2;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      if (i + 2 >= end) return bad();
      const b1 = b[i + 1] as number;
      const b2 = b[i + 2] as number;
      const lo = b0 === 0xe0 ? 0xa0 : 0x80;
      const hi = b0 === 0xed ? 0x9f : 0xbf;
      if (b1 < lo || b1 > hi || (b2 & 0xc0) !== 0x80) return bad();
      cp = ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      i += 3;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      if (i + 3 >= end) return bad();
      const b1 = b[i + 1] as number;
      const b2 = b[i + 2] as number;
      const b3 = b[i + 3] as number;
      const lo = b0 === 0xf0 ? 0x90 : 0x80;
      const hi = b0 === 0xf4 ? 0x8f : 0xbf;
      if (b1 < lo || b1 > hi || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80)
        return bad();
      cp =
        ((b0 & 0x07) << 18) |
        ((b1 & 0x3f) << 12) |
        ((b2 & 0x3f) << 6) |
        (b3 & 0x3f);
      i += 4;
      cp -= 0x10000;
      units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
      continue;
    } else {
      return bad();
    }
    units.push(cp);
  }
  return String.fromCharCode.apply(null, units);
}

function bad(): never {
  throw new ProtocolError("BAD_UTF8", "string is not valid UTF-8");
}
