// Strict UTF-8 (§2): the hand-written short-string decoder agrees with a fatal TextDecoder on valid
// and invalid input, and the encoder agrees with TextEncoder.
import { ProtocolError, decodeUtf8, encodeUtf8 } from "#protocol";
import { decodeShort } from "../../../workers/protocol/utf8";
import fc from "fast-check";
import { bytes, maybe, text } from "../../support/protocol/fieldArbitraries";

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The decoded text, or `null` for invalid input. */
function reference(bytes: Uint8Array): string | null {
  try {
    return fatal.decode(bytes);
  } catch {
    return null;
  }
}

function ours(
  bytes: Uint8Array,
  decode: (b: Uint8Array) => string,
): string | null {
  try {
    return decode(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as ProtocolError).code).toBe("BAD_UTF8");
    return null;
  }
}

const LIKELY_BAD = [0x80, 0xbf, 0xc0, 0xc1, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff];

/** Valid UTF-8 of a random string, 70% of the time with one byte overwritten by a likely-bad value. */
const nearValid = fc
  .record({
    s: text(10),
    damage: maybe(
      0.7,
      fc.record({
        at: fc.nat(),
        // a likely-bad byte, or (1 in 11) any byte
        byte: fc.oneof(
          { arbitrary: fc.constantFrom(...LIKELY_BAD), weight: 10 },
          { arbitrary: fc.integer({ min: 0, max: 255 }), weight: 1 },
        ),
      }),
    ),
  })
  .map(({ s, damage }) => {
    const b = new TextEncoder().encode(s);
    if (b.length > 0 && damage !== undefined)
      b[damage.at % b.length] = damage.byte;
    return b;
  });

test("hand decoder = fatal TextDecoder on 20,000 random and near-valid byte strings", () => {
  fc.assert(
    fc.property(fc.oneof(bytes(12), nearValid), (b) => {
      expect(ours(b, (x) => decodeShort(x, 0, x.length))).toBe(reference(b));
    }),
    { seed: 8, numRuns: 20_000 },
  );
});

test("every code point boundary decodes the same both ways", () => {
  for (const cp of [
    0, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xfeff, 0xfffd, 0xffff,
    0x10000, 0x10ffff,
  ]) {
    const bytes = new TextEncoder().encode(String.fromCodePoint(cp));
    expect(decodeShort(bytes, 0, bytes.length)).toBe(String.fromCodePoint(cp));
  }
});

test("a leading BOM is kept as a character (like the SDK's decodeURIComponent)", () => {
  expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe("\ufeffa");
  const long = new Uint8Array([
    0xef,
    0xbb,
    0xbf,
    ...new Array<number>(300).fill(0x61),
  ]);
  expect(decodeUtf8(long)).toBe("\ufeff" + "a".repeat(300));
});

test("encodeUtf8 = TextEncoder for well-formed strings", () => {
  fc.assert(
    fc.property(text(30), (s) => {
      expect(encodeUtf8(s)).toEqual(new TextEncoder().encode(s));
    }),
    { seed: 9, numRuns: 2000 },
  );
});
