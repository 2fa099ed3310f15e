// Strict UTF-8 (§2): the hand-written short-string decoder agrees with a fatal TextDecoder on valid
// and invalid input, and the encoder agrees with TextEncoder.
import { ProtocolError, decodeUtf8, encodeUtf8 } from "#protocol";
import { decodeShort } from "../../../workers/protocol/utf8";
import { Prng } from "../../support/protocol/prng";

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

test("hand decoder = fatal TextDecoder on 20,000 random and near-valid byte strings", () => {
  const r = new Prng(8);
  const enc = new TextEncoder();
  for (let i = 0; i < 20_000; i++) {
    let bytes: Uint8Array;
    if (i % 2 === 0) {
      bytes = r.bytes(r.int(0, 12));
    } else {
      bytes = enc.encode(r.str(10));
      if (bytes.length > 0 && r.bool(0.7))
        bytes[r.int(0, bytes.length - 1)] = r.pick([
          0x80,
          0xbf,
          0xc0,
          0xc1,
          0xe0,
          0xed,
          0xf0,
          0xf4,
          0xf5,
          0xff,
          r.int(0, 255),
        ]);
    }
    expect(ours(bytes, (b) => decodeShort(b, 0, b.length))).toBe(
      reference(bytes),
    );
  }
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
  const r = new Prng(9);
  for (let i = 0; i < 2000; i++) {
    const s = r.str(30);
    expect(encodeUtf8(s)).toEqual(new TextEncoder().encode(s));
  }
});
