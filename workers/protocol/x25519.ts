// X25519 (RFC 7748) built from noble's Montgomery ladder alone. NOTE: importing `x25519` from
// @noble/curves/ed25519.js also bundles the Edwards curve and SHA-512 (about 4 kB gzip in the
// worker); the key exchange (§8.1) needs only the ladder, the clamping and p = 2^255 − 19.
import { montgomery } from "@noble/curves/abstract/montgomery.js";
import { pow } from "@noble/curves/abstract/modular.js";

const P = 2n ** 255n - 19n;

/** RFC 7748 §5: clear the 3 low bits, clear bit 255, set bit 254. */
function adjustScalarBytes(bytes: Uint8Array): Uint8Array {
  bytes[0] = (bytes[0] ?? 0) & 248;
  bytes[31] = ((bytes[31] ?? 0) & 127) | 64;
  return bytes;
}

export const x25519 = montgomery({
  P,
  type: "x25519",
  adjustScalarBytes,
  powPminus2: (x: bigint) => pow(x, P - 2n, P),
});
