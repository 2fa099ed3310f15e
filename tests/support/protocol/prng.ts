// A small seeded PRNG (mulberry32) and value pickers, so every generated case replays from its seed.
// The protocol property tests use fast-check (fieldArbitraries.ts, arbitraryFrame.ts). This stays
// for what fast-check's run-and-shrink model does not fit: the REST and gateway fuzzers and the
// chaos runs, which drive one live server over many async requests and sockets, where a case is a
// long sequence against state the earlier requests changed (a shrink step would need a fresh
// server: the 3,000-frame gateway fuzz takes ~43 s per database), and the chaos tests that assert
// on plans recorded from these seeds. They draw single frames from the fast-check arbitraries with
// a seed taken from here (gatewayFrames.ts).

/** Deterministic random source. */
export class Prng {
  #s: number;

  constructor(seed: number) {
    this.#s = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    let t = (this.#s = (this.#s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  bool(p = 0.5): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.int(0, 255);
    return out;
  }

  /** u8 with boundary values favoured. */
  u8(): number {
    return this.bool(0.3)
      ? this.pick([0, 1, 127, 128, 254, 255])
      : this.int(0, 255);
  }

  /** u32 with boundary values favoured. */
  u32(): number {
    return this.bool(0.3)
      ? this.pick([0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff])
      : this.int(0, 0xffffffff);
  }

  /** i32 with boundary values favoured. */
  i32(): number {
    return this.bool(0.3)
      ? this.pick([0, 1, -1, 0x7fffffff, -0x80000000])
      : this.int(-0x80000000, 0x7fffffff);
  }

  /** Full-range u64. */
  u64(): bigint {
    if (this.bool(0.3))
      return this.pick([
        0n,
        1n,
        0x7fffffffffffffffn,
        0x8000000000000000n,
        0xffffffffffffffffn,
      ]);
    return (BigInt(this.u32()) << 32n) | BigInt(this.u32());
  }

  /** Full-range i64. */
  i64(): bigint {
    return BigInt.asIntN(64, this.u64());
  }

  /** Non-negative i64 below 2^53 (what the JS SDK's number/BigNumber paths carry exactly). */
  safeU53(): bigint {
    return BigInt(this.int(0, 0x1fffff)) * 0x100000000n + BigInt(this.u32());
  }

  /** A string mixing ASCII, CJK, emoji and the odd long run (exercises both UTF-8 decode paths). */
  str(maxLen = 24): string {
    const len = this.bool(0.05) ? this.int(100, 400) : this.int(0, maxLen);
    let s = "";
    for (let i = 0; i < len; i++) {
      const kind = this.int(0, 9);
      if (kind < 6) s += String.fromCharCode(this.int(0x20, 0x7e));
      else if (kind < 8) s += String.fromCharCode(this.int(0x4e00, 0x9fa5));
      else if (kind < 9)
        s += this.pick(["é", "ß", "Ж", "\u00a0", "\ufeff", "\u0000"]);
      else s += String.fromCodePoint(this.int(0x1f600, 0x1f64f));
    }
    return s;
  }

  /** Printable ASCII text (base64 look-alike payloads, msgKeys). */
  ascii(min: number, max: number): string {
    const n = this.int(min, max);
    let s = "";
    for (let i = 0; i < n; i++) s += String.fromCharCode(this.int(0x21, 0x7e));
    return s;
  }
}
