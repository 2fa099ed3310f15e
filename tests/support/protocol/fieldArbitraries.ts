// fast-check arbitraries for the protocol's field types, with the boundary values favoured and
// shrinking toward the smallest, plainest value (0, false, "", empty bytes).
import fc from "fast-check";

/** `true` with probability `p` (two decimals); shrinks to `false`. */
export function chance(p: number): fc.Arbitrary<boolean> {
  return maybe(p, fc.constant(true)).map((x) => x === true);
}

/** A value of `arb` with probability `p`, else `undefined` (what it shrinks to). */
export function maybe<T>(
  p: number,
  arb: fc.Arbitrary<T>,
): fc.Arbitrary<T | undefined> {
  const yes = Math.round(p * 100);
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 100 - yes },
    { arbitrary: arb, weight: yes },
  );
}

/** A value of `any`, or (30% of the time) one of `edges`. */
function withEdges<T>(
  edges: readonly T[],
  any: fc.Arbitrary<T>,
): fc.Arbitrary<T> {
  return fc.oneof(
    { arbitrary: any, weight: 7 },
    { arbitrary: fc.constantFrom(...edges), weight: 3 },
  );
}

export const u8 = withEdges(
  [0, 1, 127, 128, 254, 255],
  fc.integer({ min: 0, max: 0xff }),
);

export const u32 = withEdges(
  [0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff],
  fc.integer({ min: 0, max: 0xffffffff }),
);

export const i32 = withEdges(
  [0, 1, -1, 0x7fffffff, -0x80000000],
  fc.integer({ min: -0x80000000, max: 0x7fffffff }),
);

/** Full-range u64. */
export const u64 = withEdges(
  [0n, 1n, 0x7fffffffffffffffn, 0x8000000000000000n, 0xffffffffffffffffn],
  fc.bigInt({ min: 0n, max: 0xffffffffffffffffn }),
);

/** Full-range i64. */
export const i64 = u64.map((n) => BigInt.asIntN(64, n));

/** Non-negative i64 below 2^53 (what the JS SDK's number/BigNumber paths carry exactly). */
export const safeU53 = fc.bigInt({ min: 0n, max: 2n ** 53n - 1n });

const codeUnit = (min: number, max: number) =>
  fc.integer({ min, max }).map((c) => String.fromCharCode(c));

/** One character: mostly ASCII, some CJK, the odd tricky BMP character or emoji. */
const textChar = fc.oneof(
  { arbitrary: codeUnit(0x20, 0x7e), weight: 6 },
  { arbitrary: codeUnit(0x4e00, 0x9fa5), weight: 2 },
  {
    arbitrary: fc.constantFrom("é", "ß", "Ж", "\u00a0", "\ufeff", "\u0000"),
    weight: 1,
  },
  {
    arbitrary: fc
      .integer({ min: 0x1f600, max: 0x1f64f })
      .map((c) => String.fromCodePoint(c)),
    weight: 1,
  },
);

/** A string mixing ASCII, CJK, emoji and (5%) a long run of 100–400 (both UTF-8 decode paths). */
export function text(maxLen = 24): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.string({ unit: textChar, maxLength: maxLen }), weight: 19 },
    {
      arbitrary: fc.string({ unit: textChar, minLength: 100, maxLength: 400 }),
      weight: 1,
    },
  );
}

/** Printable ASCII text (base64 look-alike payloads, msgKeys). */
export function ascii(
  minLength: number,
  maxLength: number,
): fc.Arbitrary<string> {
  return fc.string({ unit: codeUnit(0x21, 0x7e), minLength, maxLength });
}

/** Up to `maxLength` random bytes. */
export function bytes(maxLength: number): fc.Arbitrary<Uint8Array> {
  return fc.uint8Array({ maxLength });
}
