// Growable big-endian byte writer used by the encoder (§2). Reserves room for the fixed header so a
// frame is assembled with a single final copy. Validates ranges; never logs.
import { ProtocolError } from "./errors";
import { MAX_STRING_BYTES } from "./constants";
import { maxUtf8Length, writeUtf8 } from "./utf8";

const U64_MAX = 0xffffffffffffffffn;
const I64_MIN = -0x8000000000000000n;
const I64_MAX = 0x7fffffffffffffffn;

/** Appends big-endian integers, u16-prefixed strings and raw bytes to a reusable buffer. */
export class ByteWriter {
  /** The backing buffer; valid bytes are `[0, pos)`. */
  buf: Uint8Array;
  /** Write position. */
  pos = 0;

  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(initialCapacity);
  }

  /** Empties the writer and moves the write position to `pos` (bytes before it are scratch). */
  reset(pos = 0): void {
    this.ensure(pos);
    this.pos = pos;
  }

  /** Makes sure `extra` more bytes fit after the write position. */
  ensure(extra: number): void {
    const need = this.pos + extra;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  u8(v: number, field: string): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xff) throw range(field, v);
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  u16(v: number, field: string): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xffff) throw range(field, v);
    this.ensure(2);
    const b = this.buf;
    b[this.pos++] = v >>> 8;
    b[this.pos++] = v & 0xff;
  }

  u32(v: number, field: string): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw range(field, v);
    this.raw32(v);
  }

  i32(v: number, field: string): void {
    if (!Number.isInteger(v) || v < -0x80000000 || v > 0x7fffffff)
      throw range(field, v);
    this.raw32(v);
  }

  u64(v: bigint, field: string): void {
    if (typeof v !== "bigint" || v < 0n || v > U64_MAX) throw range(field, v);
    this.raw64(v);
  }

  i64(v: bigint, field: string): void {
    if (typeof v !== "bigint" || v < I64_MIN || v > I64_MAX)
      throw range(field, v);
    this.raw64(v);
  }

  /** u16 byte length + UTF-8 bytes (§2). At most {@link MAX_STRING_BYTES} bytes. */
  str(s: string, field: string): void {
    if (typeof s !== "string")
      throw new ProtocolError("INVALID_FIELD", `${field} must be a string`);
    this.ensure(2 + maxUtf8Length(s));
    const start = this.pos + 2;
    const end = writeUtf8(s, this.buf, start);
    const len = end - start;
    if (len > MAX_STRING_BYTES) {
      throw new ProtocolError(
        "INVALID_FIELD",
        `${field} is ${len} bytes; the limit is ${MAX_STRING_BYTES}`,
      );
    }
    this.buf[this.pos] = len >>> 8;
    this.buf[this.pos + 1] = len & 0xff;
    this.pos = end;
  }

  /** Raw bytes with no length prefix ("rest" fields, §2). */
  bytes(b: Uint8Array, field: string): void {
    if (!(b instanceof Uint8Array))
      throw new ProtocolError("INVALID_FIELD", `${field} must be a Uint8Array`);
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  private raw32(v: number): void {
    this.ensure(4);
    const b = this.buf;
    b[this.pos++] = v >>> 24;
    b[this.pos++] = (v >>> 16) & 0xff;
    b[this.pos++] = (v >>> 8) & 0xff;
    b[this.pos++] = v & 0xff;
  }

  private raw64(v: bigint): void {
    const u = BigInt.asUintN(64, v);
    this.raw32(Number(u >> 32n));
    this.raw32(Number(u & 0xffffffffn));
  }
}

function range(field: string, v: unknown): ProtocolError {
  return new ProtocolError(
    "INVALID_FIELD",
    `${field} out of range: ${String(v)}`,
  );
}
