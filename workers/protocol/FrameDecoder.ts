// Streaming decoder for the inbound byte stream (§0.4, §3, §16.1): cuts frames out of arbitrary
// chunks, keeps partial ones, checks declared lengths against the cap before allocating anything,
// and fails for good on the first malformed byte (the connection must then be dropped).
import { ByteReader } from "./ByteReader";
import {
  MAX_FRAME_BYTES,
  MAX_REMAINING_LENGTH,
  isSupportedVersion,
  type ProtocolVersion,
} from "./constants";
import { checkHeader, decodeBody, needsVersion } from "./decode";
import { ProtocolError } from "./errors";
import type { Frame } from "./frames";
import { Op } from "./opcodes";
import {
  MAX_LENGTH_BYTES,
  lengthBytes,
  lengthValue,
  readLength,
} from "./remainingLength";

/** Options of {@link FrameDecoder}. */
export interface FrameDecoderOptions {
  /** The negotiated version, when known up front (a client knows it; a server learns it from CONNECT). */
  version?: number;
  /** Cap on a frame's remaining length (default {@link MAX_FRAME_BYTES}). */
  maxFrameBytes?: number;
}

const EMPTY = new Uint8Array(0);
/** Backlog buffers larger than this are released once emptied. */
const KEEP_CAPACITY = 64 * 1024;
/** Fixed header byte + the longest remaining length. */
const MAX_HEADER_BYTES = 1 + MAX_LENGTH_BYTES;

/**
 * Incremental frame decoder in the style of the nats parser: `push(chunk)` returns every frame the
 * bytes so far complete, in order.
 *
 * Server side, the version is unknown until CONNECT (§0.2). While it is unset, decoding stops
 * right after a CONNECT, and before any frame whose layout depends on the version (SEND, RECV,
 * EVENT); everything after that point is held. Once {@link setVersion} is called, `push()` (no
 * argument) returns the held frames in order. A client knows its version and passes it up front.
 * At most `maxFrameBytes + 5` bytes are ever buffered.
 *
 * Any malformed input throws a {@link ProtocolError}; every later call then throws `DECODER_FAILED`.
 *
 * @example
 * const decoder = new FrameDecoder();                  // server side: version unknown
 * ws.on("message", (data) => {
 *   for (const frame of decoder.push(data)) handle(frame);
 * });
 * function handle(frame: Frame) {
 *   if (frame.op === Op.CONNECT) {                     // always the last frame of its batch
 *     if (!isSupportedVersion(frame.version)) return refuse(frame);
 *     decoder.setVersion(frame.version);
 *     for (const next of decoder.push()) handle(next); // frames the client sent behind CONNECT
 *   } else route(frame);
 * }
 */
export class FrameDecoder {
  /** Cap on a frame's remaining length. */
  readonly maxFrameBytes: number;
  #version: ProtocolVersion | undefined;
  #buf: Uint8Array = EMPTY;
  #len = 0;
  /** True while the backlog holds bytes that wait for the version (see the class comment). */
  #held = false;
  #failure: unknown = undefined;
  #failed = false;
  readonly #reader = new ByteReader();

  constructor(options: FrameDecoderOptions = {}) {
    const max = options.maxFrameBytes ?? MAX_FRAME_BYTES;
    if (!Number.isInteger(max) || max < 0 || max > MAX_REMAINING_LENGTH) {
      throw new ProtocolError(
        "INVALID_FIELD",
        `maxFrameBytes must be an integer in 0..${MAX_REMAINING_LENGTH}`,
      );
    }
    this.maxFrameBytes = max;
    if (options.version !== undefined) this.setVersion(options.version);
  }

  /** The negotiated version, or `undefined` until set. */
  get version(): ProtocolVersion | undefined {
    return this.#version;
  }

  /** Bytes buffered for a partial (or held) frame. */
  get bufferedBytes(): number {
    return this.#len;
  }

  /** True once a push has thrown; the decoder then refuses all input. */
  get failed(): boolean {
    return this.#failed;
  }

  /** Sets the negotiated version (§7). Throws `UNSUPPORTED_VERSION` outside 2..5. */
  setVersion(version: number): void {
    if (!isSupportedVersion(version))
      throw new ProtocolError(
        "UNSUPPORTED_VERSION",
        `protocol version ${version}`,
      );
    this.#version = version;
  }

  /**
   * Appends `chunk` (may be empty or omitted) and returns every frame now complete. Keeps partial
   * frames for the next call. Throws {@link ProtocolError} on malformed input.
   */
  push(chunk: Uint8Array = EMPTY): Frame[] {
    if (this.#failed) {
      throw new ProtocolError(
        "DECODER_FAILED",
        "the decoder failed earlier; drop the connection",
        {
          cause: this.#failure,
        },
      );
    }
    const out: Frame[] = [];
    try {
      if (this.#held && this.#version !== undefined) {
        const saved = this.#buf.slice(0, this.#len);
        this.#clear();
        this.#feed(saved, out);
      }
      this.#feed(chunk, out);
    } catch (e) {
      this.#failed = true;
      this.#failure = e;
      this.#clear();
      throw e;
    }
    return out;
  }

  #feed(chunk: Uint8Array, out: Frame[]): void {
    const end = chunk.length;
    let off = 0;
    if (this.#held) {
      this.#append(chunk, 0, end);
      return;
    }
    // 1. Finish the partial frame in the backlog, taking from `chunk` only the bytes it needs.
    while (this.#len > 0) {
      const buf = this.#buf;
      const op = checkHeader(buf[0] as number, this.#version);
      if (needsVersion(op) && this.#version === undefined) {
        this.#held = true;
        this.#append(chunk, off, end);
        return;
      }
      const packed = readLength(buf, 1, this.#len);
      if (packed < 0) {
        if (off >= end) return;
        this.#append(chunk, off, off + 1);
        off += 1;
        continue;
      }
      const total = this.#frameSize(packed);
      if (this.#len < total) {
        if (off >= end) return;
        const take = Math.min(total - this.#len, end - off);
        this.#append(chunk, off, off + take);
        off += take;
      }
      if (this.#len === total) {
        const frame = this.#decode(this.#buf, 0, packed);
        out.push(frame);
        this.#clear();
        if (this.#stopsAt(frame)) {
          this.#held = true;
          this.#append(chunk, off, end);
          return;
        }
      }
    }
    // 2. Decode whole frames straight from the chunk (no copy but the fields themselves).
    while (off < end) {
      const header = chunk[off] as number;
      const op = checkHeader(header, this.#version);
      if (op === Op.PING || op === Op.PONG) {
        out.push(this.#decode(chunk, off, -1));
        off += 1;
        continue;
      }
      if (needsVersion(op) && this.#version === undefined) {
        this.#held = true;
        break;
      }
      const packed = readLength(chunk, off + 1, end);
      if (packed < 0) break;
      const total = this.#frameSize(packed);
      if (off + total > end) break;
      const frame = this.#decode(chunk, off, packed);
      out.push(frame);
      off += total;
      if (this.#stopsAt(frame)) {
        this.#held = true;
        break;
      }
    }
    // 3. Keep the rest: a partial frame (≤ cap + 5 bytes by the checks above) or held frames.
    if (off < end) this.#append(chunk, off, end);
  }

  /** True after a CONNECT while the version is unset: the caller must set it before we go on. */
  #stopsAt(frame: Frame): boolean {
    return frame.op === Op.CONNECT && this.#version === undefined;
  }

  /** Total frame size for a packed remaining length; throws `TOO_LARGE` over the cap. */
  #frameSize(packed: number): number {
    const len = lengthValue(packed);
    if (len > this.maxFrameBytes) {
      throw new ProtocolError(
        "TOO_LARGE",
        `declared body of ${len} bytes; the cap is ${this.maxFrameBytes}`,
      );
    }
    return 1 + lengthBytes(packed) + len;
  }

  /** Decodes the frame at `buf[at]`; `packed` is its remaining length (-1 for PING/PONG). */
  #decode(buf: Uint8Array, at: number, packed: number): Frame {
    const header = buf[at] as number;
    const bodyStart = packed < 0 ? at + 1 : at + 1 + lengthBytes(packed);
    const bodyEnd = packed < 0 ? bodyStart : bodyStart + lengthValue(packed);
    // NOTE: needsVersion() frames never get here without a version; the others ignore it.
    return decodeBody(
      header,
      this.#reader.reset(buf, bodyStart, bodyEnd),
      this.#version ?? 4,
    );
  }

  #append(src: Uint8Array, from: number, to: number): void {
    const n = to - from;
    if (n <= 0) return;
    const need = this.#len + n;
    const limit = this.maxFrameBytes + MAX_HEADER_BYTES;
    if (need > limit) {
      throw new ProtocolError(
        "TOO_LARGE",
        `more than ${limit} bytes buffered before the protocol version is set`,
      );
    }
    if (need > this.#buf.length) {
      const next = new Uint8Array(
        Math.min(limit, Math.max(need, this.#buf.length * 2, 64)),
      );
      next.set(this.#buf.subarray(0, this.#len));
      this.#buf = next;
    }
    this.#buf.set(src.subarray(from, to), this.#len);
    this.#len = need;
  }

  #clear(): void {
    this.#len = 0;
    this.#held = false;
    if (this.#buf.length > KEEP_CAPACITY) this.#buf = EMPTY;
  }
}
