// Small helpers the protocol tests share: the ProtocolError code a call throws, byte concatenation
// and feeding a FrameDecoder in pieces. Kept here so each test file states only its cases.
import {
  ProtocolError,
  type Frame,
  type FrameDecoder,
  type ProtocolErrorCode,
} from "#protocol";

/** The code of the {@link ProtocolError} `fn` throws (anything else fails the test), or "no error". */
export function codeOf(fn: () => unknown): ProtocolErrorCode | "no error" {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as Error).name).toBe("ProtocolError");
    return (e as ProtocolError).code;
  }
  return "no error";
}

/** `parts` joined into one new buffer. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Feeds `bytes` to `d` split at the offsets `cuts`; returns every frame decoded, in order. */
export function feed(
  d: FrameDecoder,
  bytes: Uint8Array,
  cuts: readonly number[],
): Frame[] {
  const out: Frame[] = [];
  let at = 0;
  for (const c of [...cuts, bytes.length]) {
    out.push(...d.push(bytes.subarray(at, c)));
    at = c;
  }
  return out;
}
