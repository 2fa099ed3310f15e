// Byte-level damage to an encoded frame or stream, as fast-check data: a list of 1–3 mutations drawn
// independently of the input (offsets are taken modulo its length), applied by `applyMutations`.
// Shrinking drops mutations and moves offsets and values toward 0, so a failure ends as the fewest,
// plainest edits of the input that still break the property.
import fc from "fast-check";
import { concat } from "./decodeHelpers";

export type Mutation =
  | { kind: "flipBit"; at: number; bit: number }
  | { kind: "setByte"; at: number; byte: number }
  | { kind: "truncate"; at: number }
  | { kind: "appendGarbage"; bytes: Uint8Array }
  | { kind: "replaceLength"; varint: Uint8Array }
  | { kind: "setType"; nibble: number }
  | { kind: "largeStringLength"; at: number; byte: number }
  | { kind: "duplicateSlice"; from: number; length: number };

const INTERESTING_BYTES = [0x00, 0x7f, 0x80, 0xff, 0xc0, 0xed, 0xf4];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("flipBit" as const),
    at: fc.nat(),
    bit: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({
    kind: fc.constant("setByte" as const),
    at: fc.nat(),
    byte: fc.oneof(
      fc.constantFrom(...INTERESTING_BYTES),
      fc.integer({ min: 0, max: 255 }),
    ),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("appendGarbage" as const),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant("replaceLength" as const),
    varint: fc.uint8Array({ minLength: 1, maxLength: 5 }),
  }),
  fc.record({
    kind: fc.constant("setType" as const),
    nibble: fc.integer({ min: 0, max: 15 }),
  }),
  fc.record({
    kind: fc.constant("largeStringLength" as const),
    at: fc.nat(),
    byte: fc.integer({ min: 0x40, max: 0xff }),
  }),
  fc.record({
    kind: fc.constant("duplicateSlice" as const),
    from: fc.nat(),
    length: fc.nat(),
  }),
);

/** One to three mutations. */
export const mutations = fc.array(mutation, { minLength: 1, maxLength: 3 });

/** A varint-shaped run: every byte but the last has its continuation bit set. */
function asVarint(b: Uint8Array): Uint8Array {
  return b.map((x, k, a) => (k < a.length - 1 ? x | 0x80 : x));
}

function applyOne(b: Uint8Array, m: Mutation): Uint8Array {
  const n = b.length;
  switch (m.kind) {
    case "flipBit":
      if (n > 0) b[m.at % n] = b[m.at % n]! ^ (1 << m.bit);
      return b;
    case "setByte":
      if (n > 0) b[m.at % n] = m.byte;
      return b;
    case "truncate":
      return b.slice(0, n === 0 ? 0 : m.at % n);
    case "appendGarbage":
      return concat([b, m.bytes]);
    case "replaceLength":
      return n > 1
        ? concat([b.subarray(0, 1), asVarint(m.varint), b.subarray(2)])
        : b;
    case "setType":
      if (n > 0) b[0] = (m.nibble << 4) | (b[0]! & 0x0f);
      return b;
    case "largeStringLength":
      if (n > 4) b[2 + (m.at % (n - 3))] = m.byte;
      return b;
    case "duplicateSlice": {
      if (n <= 2) return b;
      const from = m.from % (n - 1);
      const to = from + 1 + (m.length % (n - from));
      return concat([b, b.subarray(from, to)]);
    }
  }
}

/** `input` with `ms` applied in order (a new buffer; `input` is left as it was). */
export function applyMutations(
  input: Uint8Array,
  ms: readonly Mutation[],
): Uint8Array {
  return ms.reduce(applyOne, input.slice());
}
