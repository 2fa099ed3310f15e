// Seeded fuzzing of the decoding surface, as one fast-check property: random, mutated and
// structure-aware byte streams fed in random splits to FrameDecoder, plus decodeFrame, decodeContent
// and decryptPayload. Checks that only ProtocolError is thrown, that no case hangs, and that the
// decoder never allocates beyond its cap. A failure is shrunk and reported with the fast-check seed
// and path that replay it (`runFuzz(seed, count, path)`).
import fc from "fast-check";
import {
  FrameDecoder,
  MAX_FRAME_BYTES,
  ProtocolError,
  ConnectionCrypto,
  decodeContent,
  decodeFrame,
  encodeFrame,
  type Frame,
  type ProtocolVersion,
} from "#protocol";
import { frameArb } from "./arbitraryFrame";
import { applyMutations, mutations } from "./byteMutation";
import { concat } from "./decodeHelpers";
import { chance } from "./fieldArbitraries";

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

/** Thrown when a case breaks a property; its message carries the seed, path and shrunk case. */
export class FuzzFailure extends Error {
  override readonly name = "FuzzFailure";
}

const VERSIONS: ProtocolVersion[] = [2, 3, 4, 5];
const SMALL_CAP = 300;
/** Chunk sizes the input is fed in, cycled; the last one means "all the rest". */
const CHUNK_SIZES = [1, 2, 3, 7, 16, 64, Number.MAX_SAFE_INTEGER];
const session = new ConnectionCrypto({
  aesKey: "0123456789abcdef",
  aesIV: "fedcba9876543210",
});

interface FuzzCase {
  v: ProtocolVersion;
  cap: number;
  input: Uint8Array;
  /** Decode without a version first (as the server does before CONNECT), then set it. */
  serverMode: boolean;
  chunks: number[];
}

const randomBytes = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max });

/** The input: 40% a mutated frame, 20% a mutated stream, 20% a random header + bytes, 10% a
 * known type with a long varint, 10% a valid stream. */
function inputFor(v: ProtocolVersion): fc.Arbitrary<Uint8Array> {
  const valid = frameArb(v).map((f) => encodeFrame(f, v));
  const stream = (min: number, max: number) =>
    fc.array(valid, { minLength: min, maxLength: max }).map(concat);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, mutations)
        .map(([b, ms]) => applyMutations(b, ms)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(stream(2, 6), mutations)
        .map(([b, ms]) => applyMutations(b, ms)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: 255 }), randomBytes(0, 48))
        .map(([h, rest]) => concat([new Uint8Array([h]), rest])),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 1, max: 12 }),
          randomBytes(1, 4),
          randomBytes(0, 32),
        )
        .map(([type, len, rest]) =>
          concat([new Uint8Array([type << 4]), len.map((x) => x | 0x80), rest]),
        ),
    },
    { weight: 1, arbitrary: stream(1, 4) },
  );
}

/** Built once per version (building arbitraries inside `chain` for every case costs 4x the run). */
const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  ...VERSIONS.map((v) =>
    fc.record({
      v: fc.constant(v),
      cap: chance(0.2).map((small) => (small ? SMALL_CAP : MAX_FRAME_BYTES)),
      input: inputFor(v),
      serverMode: chance(0.15),
      chunks: fc.array(fc.constantFrom(...CHUNK_SIZES), {
        minLength: 1,
        maxLength: 16,
      }),
    }),
  ),
);

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Runs `count` fuzz cases from `seed` (and `path`, to replay one reported failure). Throws
 * {@link FuzzFailure} on the first property violation (a non-ProtocolError, an allocation over the
 * cap, an unstable re-encoding), after shrinking it.
 */
export function runFuzz(
  seed: number,
  count: number,
  path?: string,
): FuzzSummary {
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

  // Record every `new Uint8Array(n)` / `new ArrayBuffer(n)` made while the decoder runs. The traps
  // are installed only around FrameDecoder.push: generating under them made the run 2x slower.
  const RealU8 = globalThis.Uint8Array;
  const RealAB = globalThis.ArrayBuffer;
  let largest = 0;
  const trap = <T extends object>(): ProxyHandler<T> => ({
    construct(target, args: unknown[]) {
      if (typeof args[0] === "number" && args[0] > largest) largest = args[0];
      return Reflect.construct(target as new (...a: unknown[]) => object, args);
    },
  });
  const TrackedU8 = new Proxy(RealU8, trap<typeof Uint8Array>());
  const TrackedAB = new Proxy(RealAB, trap<typeof ArrayBuffer>());

  const fail = (what: string, cause?: unknown): never => {
    throw new FuzzFailure(what, { cause });
  };

  const property = ({ v, cap, input, serverMode, chunks }: FuzzCase) => {
    const t0 = performance.now();
    const decoder = new FrameDecoder(
      serverMode ? { maxFrameBytes: cap } : { version: v, maxFrameBytes: cap },
    );
    const frames: Frame[] = [];
    let failedWith: ProtocolError | undefined;
    largest = 0;
    globalThis.Uint8Array = TrackedU8;
    globalThis.ArrayBuffer = TrackedAB;
    try {
      for (let at = 0, k = 0; at < input.length; k++) {
        const next = Math.min(input.length, at + chunks[k % chunks.length]!);
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
        fail(`non-ProtocolError from FrameDecoder.push: ${String(e)}`, e);
      }
      failedWith = e as ProtocolError;
    } finally {
      globalThis.Uint8Array = RealU8;
      globalThis.ArrayBuffer = RealAB;
    }
    if (largest > cap + 5)
      fail(`decoder allocated ${largest} bytes with a cap of ${cap}`);
    summary.maxAllocBytes = Math.max(summary.maxAllocBytes, largest);

    if (failedWith !== undefined) {
      summary.errors[failedWith.code] =
        (summary.errors[failedWith.code] ?? 0) + 1;
      if (!decoder.failed) fail("decoder not marked failed after an error");
      try {
        decoder.push(new Uint8Array([0x70]));
        fail("a failed decoder accepted more input");
      } catch (e) {
        if (!(e instanceof ProtocolError) || e.code !== "DECODER_FAILED")
          fail("a failed decoder threw something else", e);
      }
    }

    // Decoded frames re-encode stably: encode(decode(encode(f))) = encode(f).
    for (const f of frames) {
      summary.framesDecoded++;
      let bytes: Uint8Array;
      try {
        bytes = encodeFrame(f, v, { maxFrameBytes: cap });
      } catch (e) {
        if (e instanceof ProtocolError && e.code === "INVALID_FIELD") continue; // e.g. a >32767-byte string
        fail("re-encoding a decoded frame failed", e);
      }
      const again = encodeFrame(
        decodeFrame(bytes!, v, { maxFrameBytes: cap }),
        v,
        { maxFrameBytes: cap },
      );
      if (!sameBytes(again, bytes!)) fail("unstable re-encoding");
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
          fail(`non-ProtocolError: ${String(e)}`, e);
        }
      }
    }
    summary.maxCaseMs = Math.max(summary.maxCaseMs, performance.now() - t0);
  };

  try {
    fc.assert(fc.property(fuzzCase, property), {
      seed,
      numRuns: count,
      ...(path === undefined ? {} : { path }),
    });
  } catch (e) {
    throw new FuzzFailure(`fuzz seed ${seed}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  summary.elapsedMs = Math.round(performance.now() - started);
  summary.maxCaseMs = Math.round(summary.maxCaseMs * 100) / 100;
  return summary;
}
