// Seeded fuzzing of the decoding surface: random, mutated and structure-aware byte streams fed in
// random splits to FrameDecoder, plus decodeFrame, decodeContent and decryptPayload. Checks that only
// ProtocolError is thrown, that no case hangs, and that the decoder never allocates beyond its cap.
import {
  FrameDecoder,
  MAX_FRAME_BYTES,
  ProtocolError,
  SessionCrypto,
  decodeContent,
  decodeFrame,
  encodeFrame,
  type Frame,
  type ProtocolVersion,
} from "#protocol";
import { arbitraryFrame } from "./arbitraryFrame";
import { Prng } from "./prng";
import { concat } from "./decodeHelpers";

/** What a fuzz run found. */
export interface FuzzSummary {
  fuzz: "protocol";
  seed: number;
  /** Inputs tried (each a random, mutated or generated frame or stream). */
  count: number;
  framesDecoded: number;
  errors: Record<string, number>;
  nonProtocolErrors: number;
  maxCaseMs: number;
  maxAllocBytes: number;
  maxBufferedBytes: number;
  elapsedMs: number;
}

/** Thrown when a case breaks a property; carries what is needed to replay it. */
export class FuzzFailure extends Error {
  override readonly name = "FuzzFailure";
}

const VERSIONS: ProtocolVersion[] = [2, 3, 4, 5];
const SMALL_CAP = 300;
const session = new SessionCrypto({
  aesKey: "0123456789abcdef",
  aesIV: "fedcba9876543210",
});

function mutate(r: Prng, input: Uint8Array): Uint8Array {
  let b: Uint8Array = input.slice();
  const rounds = r.int(1, 3);
  for (let i = 0; i < rounds; i++) {
    const at = b.length === 0 ? 0 : r.int(0, b.length - 1);
    switch (r.int(0, 7)) {
      case 0: // flip a bit
        if (b.length > 0) b[at] = b[at]! ^ (1 << r.int(0, 7));
        break;
      case 1: // overwrite a byte with an interesting value
        if (b.length > 0)
          b[at] = r.pick([
            0x00,
            0x7f,
            0x80,
            0xff,
            0xc0,
            0xed,
            0xf4,
            r.int(0, 255),
          ]);
        break;
      case 2: // truncate
        b = b.slice(0, at);
        break;
      case 3: // append garbage
        b = concat([b, r.bytes(r.int(1, 8))]);
        break;
      case 4: // replace the remaining length with a random varint
        if (b.length > 1)
          b = concat([
            b.subarray(0, 1),
            r
              .bytes(r.int(1, 5))
              .map((x, k, a) => (k < a.length - 1 ? x | 0x80 : x)),
            b.subarray(2),
          ]);
        break;
      case 5: // change the packet type / flags nibble
        if (b.length > 0) b[0] = (r.int(0, 15) << 4) | (b[0]! & 0x0f);
        break;
      case 6: // set a string length to something large
        if (b.length > 4) {
          const p = r.int(2, b.length - 2);
          b[p] = r.int(0x40, 0xff);
        }
        break;
      default: // duplicate a slice
        if (b.length > 2) {
          const from = r.int(0, b.length - 2);
          b = concat([b, b.subarray(from, r.int(from + 1, b.length))]);
        }
    }
  }
  return b;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Runs `count` fuzz cases from `seed`. Throws {@link FuzzFailure} on the first property violation
 * (a non-ProtocolError, an allocation over the cap, an unstable re-encoding).
 */
export function runFuzz(seed: number, count: number): FuzzSummary {
  const r = new Prng(seed);
  const summary: FuzzSummary = {
    fuzz: "protocol",
    seed,
    count,
    framesDecoded: 0,
    errors: {},
    nonProtocolErrors: 0,
    maxCaseMs: 0,
    maxAllocBytes: 0,
    maxBufferedBytes: 0,
    elapsedMs: 0,
  };
  const started = performance.now();

  // Record every `new Uint8Array(n)` / `new ArrayBuffer(n)` made while the decoder runs.
  const RealU8 = globalThis.Uint8Array;
  const RealAB = globalThis.ArrayBuffer;
  let tracking = false;
  let largest = 0;
  const trap = <T extends object>(): ProxyHandler<T> => ({
    construct(target, args: unknown[]) {
      if (tracking && typeof args[0] === "number" && args[0] > largest)
        largest = args[0];
      return Reflect.construct(target as new (...a: unknown[]) => object, args);
    },
  });
  globalThis.Uint8Array = new Proxy(RealU8, trap<typeof Uint8Array>());
  globalThis.ArrayBuffer = new Proxy(RealAB, trap<typeof ArrayBuffer>());

  const fail = (i: number, what: string, cause?: unknown): never => {
    throw new FuzzFailure(`fuzz seed ${seed}, case ${i}: ${what}`, { cause });
  };

  try {
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const v = r.pick(VERSIONS);
      const cap = r.bool(0.2) ? SMALL_CAP : MAX_FRAME_BYTES;
      const valid = () => encodeFrame(arbitraryFrame(r, v), v);
      let input: Uint8Array;
      const kind = r.int(0, 9);
      if (kind < 4) input = mutate(r, valid());
      else if (kind < 6)
        input = mutate(r, concat(Array.from({ length: r.int(2, 6) }, valid)));
      else if (kind < 8)
        input = concat([
          new Uint8Array([(r.int(0, 15) << 4) | r.int(0, 15)]),
          r.bytes(r.int(0, 48)),
        ]);
      else if (kind < 9)
        input = concat([
          new Uint8Array([r.int(1, 12) << 4]),
          r.bytes(r.int(1, 4)).map((x) => x | 0x80),
          r.bytes(r.int(0, 32)),
        ]);
      else input = concat(Array.from({ length: r.int(1, 4) }, valid));

      const serverMode = r.bool(0.15);
      const decoder = new FrameDecoder(
        serverMode
          ? { maxFrameBytes: cap }
          : { version: v, maxFrameBytes: cap },
      );
      const frames: Frame[] = [];
      let failedWith: ProtocolError | undefined;
      tracking = true;
      largest = 0;
      try {
        for (let at = 0; at < input.length;) {
          const next = Math.min(
            input.length,
            at + r.pick([1, 2, 3, 7, 16, 64, input.length]),
          );
          frames.push(...decoder.push(input.subarray(at, next)));
          summary.maxBufferedBytes = Math.max(
            summary.maxBufferedBytes,
            decoder.bufferedBytes,
          );
          at = next;
        }
        if (serverMode) {
          decoder.setVersion(v);
          frames.push(...decoder.push());
        }
      } catch (e) {
        if (!(e instanceof ProtocolError)) {
          summary.nonProtocolErrors++;
          fail(i, `non-ProtocolError from FrameDecoder.push: ${String(e)}`, e);
        }
        failedWith = e as ProtocolError;
      }
      if (largest > cap + 5)
        fail(i, `decoder allocated ${largest} bytes with a cap of ${cap}`);
      summary.maxAllocBytes = Math.max(summary.maxAllocBytes, largest);
      tracking = false;

      if (failedWith !== undefined) {
        summary.errors[failedWith.code] =
          (summary.errors[failedWith.code] ?? 0) + 1;
        if (!decoder.failed)
          fail(i, "decoder not marked failed after an error");
        try {
          decoder.push(new RealU8([0x70]));
          fail(i, "a failed decoder accepted more input");
        } catch (e) {
          if (!(e instanceof ProtocolError) || e.code !== "DECODER_FAILED")
            fail(i, "a failed decoder threw something else", e);
        }
      }

      // Decoded frames re-encode stably: encode(decode(encode(f))) = encode(f).
      for (const f of frames) {
        summary.framesDecoded++;
        let bytes: Uint8Array;
        try {
          bytes = encodeFrame(f, v, { maxFrameBytes: cap });
        } catch (e) {
          if (e instanceof ProtocolError && e.code === "INVALID_FIELD")
            continue; // e.g. a >32767-byte string
          fail(i, "re-encoding a decoded frame failed", e);
        }
        if (
          !sameBytes(
            encodeFrame(decodeFrame(bytes!, v, { maxFrameBytes: cap }), v, {
              maxFrameBytes: cap,
            }),
            bytes!,
          )
        ) {
          fail(i, "unstable re-encoding");
        }
      }

      // One-shot decode, content and payload decoding of the same bytes: only ProtocolError.
      for (const attempt of [
        () => decodeFrame(input, v, { maxFrameBytes: cap }),
        () => decodeContent(input),
        () => session.decryptPayload(input),
      ]) {
        try {
          attempt();
        } catch (e) {
          if (!(e instanceof ProtocolError)) {
            summary.nonProtocolErrors++;
            fail(i, `non-ProtocolError: ${String(e)}`, e);
          }
        }
      }
      summary.maxCaseMs = Math.max(summary.maxCaseMs, performance.now() - t0);
    }
  } finally {
    globalThis.Uint8Array = RealU8;
    globalThis.ArrayBuffer = RealAB;
  }
  summary.elapsedMs = Math.round(performance.now() - started);
  summary.maxCaseMs = Math.round(summary.maxCaseMs * 100) / 100;
  return summary;
}
