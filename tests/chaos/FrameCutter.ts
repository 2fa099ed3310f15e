// Cuts a WuKongIM byte stream into whole raw frames (§3) without decrypting or decoding bodies, so
// the fault proxy can drop, duplicate or reorder SENDACK/RECV frames and re-send them byte for byte.
// Uses the protocol library's remaining-length reader; PING and PONG are one byte (§3.1).
import { Op, isOp } from "#protocol";
import {
  lengthBytes,
  lengthValue,
  readLength,
} from "../../workers/protocol/remainingLength";

/** One frame exactly as it crossed the wire. */
export interface RawFrame {
  readonly op: Op;
  readonly bytes: Uint8Array;
}

/** Incremental: `push(chunk)` returns every frame the stream now completes, in order. */
export class FrameCutter {
  #buf = new Uint8Array(0);

  /** Bytes of a partial frame waiting for the rest. */
  get pending(): number {
    return this.#buf.length;
  }

  push(chunk: Uint8Array): RawFrame[] {
    const buf = new Uint8Array(this.#buf.length + chunk.length);
    buf.set(this.#buf, 0);
    buf.set(chunk, this.#buf.length);
    const out: RawFrame[] = [];
    let off = 0;
    while (off < buf.length) {
      const header = buf[off] as number;
      const op = header >> 4;
      if (!isOp(op))
        throw new Error(`not a WuKongIM frame: header byte ${header}`);
      if (op === Op.PING || op === Op.PONG) {
        out.push({ op, bytes: buf.slice(off, off + 1) });
        off += 1;
        continue;
      }
      const packed = readLength(buf, off + 1, buf.length);
      if (packed < 0) break;
      const total = 1 + lengthBytes(packed) + lengthValue(packed);
      if (off + total > buf.length) break;
      out.push({ op, bytes: buf.slice(off, off + total) });
      off += total;
    }
    this.#buf = buf.slice(off);
    return out;
  }
}
