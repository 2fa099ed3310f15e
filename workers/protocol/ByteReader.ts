// Bounds-checked big-endian reader over one frame body (§2). Every read past the end throws
// ProtocolError("TRUNCATED"); string reads are strict UTF-8. Reads never allocate beyond the frame.
import { ProtocolError } from "./errors";
import { decodeUtf8 } from "./utf8";

// NOTE: every index below is checked against `end` first, so `as number` only drops the
// `undefined` that noUncheckedIndexedAccess adds to typed-array reads.

/** Reads fields from `buf[pos, end)`; reusable via {@link reset}. */
export class ByteReader {
  buf: Uint8Array = new Uint8Array(0);
  pos = 0;
  end = 0;

  /** Points the reader at `buf[pos, end)`. */
  reset(buf: Uint8Array, pos: number, end: number): this {
    this.buf = buf;
    this.pos = pos;
    this.end = end;
    return this;
  }

  /** Bytes left. */
  get remaining(): number {
    return this.end - this.pos;
  }

  u8(field: string): number {
    this.need(1, field);
    return this.buf[this.pos++] as number;
  }

  u16(field: string): number {
    this.need(2, field);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return ((b[p] as number) << 8) | (b[p + 1] as number);
  }

  u32(field: string): number {
    this.need(4, field);
    return this.raw32() >>> 0;
  }

  i32(field: string): number {
    this.need(4, field);
    return this.raw32() | 0;
  }

  u64(field: string): bigint {
    this.need(8, field);
    const hi = this.raw32() >>> 0;
    const lo = this.raw32() >>> 0;
    return (BigInt(hi) << 32n) | BigInt(lo);
  }

  i64(field: string): bigint {
    return BigInt.asIntN(64, this.u64(field));
  }

  /** u16 length + strict UTF-8 (§2). */
  str(field: string): string {
    const len = this.u16(field);
    this.need(len, field);
    const p = this.pos;
    this.pos = p + len;
    return len === 0 ? "" : decodeUtf8(this.buf, p, p + len);
  }

  /** All remaining bytes, copied so the frame owns them ("rest", §2). */
  rest(): Uint8Array {
    const out = this.buf.slice(this.pos, this.end);
    this.pos = this.end;
    return out;
  }

  /** Moves to the end of the body, past bytes no field describes (see trailingBytes.ts). */
  skipRest(): void {
    this.pos = this.end;
  }

  /** Throws `TRAILING_BYTES` unless the body was read to its end. */
  done(packet: string): void {
    if (this.pos !== this.end) {
      throw new ProtocolError(
        "TRAILING_BYTES",
        `${packet}: ${this.end - this.pos} unread byte(s) at the end`,
      );
    }
  }

  private need(n: number, field: string): void {
    if (this.end - this.pos < n) {
      throw new ProtocolError("TRUNCATED", `frame ends inside ${field}`);
    }
  }

  private raw32(): number {
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 4;
    return (
      ((b[p] as number) << 24) |
      ((b[p + 1] as number) << 16) |
      ((b[p + 2] as number) << 8) |
      (b[p + 3] as number)
    );
  }
}
