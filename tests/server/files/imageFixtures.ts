// Small but well-formed images of each accepted format, built byte by byte, plus header-only
// variants (a claimed size with no real pixels) for the size and pixel-count limits.
import { crc32, deflateSync } from "node:zlib";

function u32be(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.from(type, "latin1");
  return Buffer.concat([
    u32be(data.length),
    head,
    data,
    u32be(crc32(Buffer.concat([head, data]))),
  ]);
}

/** A real RGB PNG of `width`×`height` grey pixels (decodable by any viewer). */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([
    u32be(width),
    u32be(height),
    Buffer.from([8, 2, 0, 0, 0]),
  ]);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG whose IHDR claims `width`×`height` but that carries no pixel data, padded to `size` bytes. */
export function pngHeaderOnly(
  width: number,
  height: number,
  size = 64,
): Buffer {
  const head = png(1, 1).subarray(0, 33);
  const claimed = Buffer.from(head);
  claimed.writeUInt32BE(width, 16);
  claimed.writeUInt32BE(height, 20);
  return Buffer.concat([
    claimed,
    Buffer.alloc(Math.max(0, size - claimed.length)),
  ]);
}

/** A real 1×1 GIF89a, with the logical screen size set to `width`×`height`. */
export function gif(width = 1, height = 1): Buffer {
  const bytes = Buffer.from(
    "47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b",
    "hex",
  );
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

/** A baseline JPEG's marker structure: SOI, APP0 (JFIF), DQT, SOF0 with the size, SOS, EOI. */
export function jpeg(width: number, height: number): Buffer {
  const segment = (marker: number, body: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker]), u16be(body.length + 2), body]);
  const sof = Buffer.concat([
    Buffer.from([8]),
    u16be(height),
    u16be(width),
    Buffer.from([1, 1, 0x11, 0]),
  ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from("4a46494600010100000100010000", "hex")),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, sof),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x00, 0x00, 0xff, 0xd9]),
  ]);
}

function u16be(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function riff(chunkType: string, chunk: Buffer): Buffer {
  const body = Buffer.concat([
    Buffer.from("WEBP", "latin1"),
    Buffer.from(chunkType, "latin1"),
    Buffer.from([chunk.length & 0xff, (chunk.length >> 8) & 0xff, 0, 0]),
    chunk,
    chunk.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), size, body]);
}

/** A lossless (VP8L) WebP header of `width`×`height`. */
export function webpLossless(width: number, height: number): Buffer {
  const bits = (width - 1) | ((height - 1) << 14);
  const chunk = Buffer.alloc(10);
  chunk[0] = 0x2f;
  chunk.writeUInt32LE(bits >>> 0, 1);
  return riff("VP8L", chunk);
}

/** A lossy (VP8) WebP header of `width`×`height`. */
export function webpLossy(width: number, height: number): Buffer {
  const chunk = Buffer.alloc(18);
  chunk.set([0x9d, 0x01, 0x2a], 3);
  chunk.writeUInt16LE(width, 6);
  chunk.writeUInt16LE(height, 8);
  return riff("VP8 ", chunk);
}

/** An extended (VP8X) WebP header of `width`×`height`. */
export function webpExtended(width: number, height: number): Buffer {
  const chunk = Buffer.alloc(10);
  chunk.writeUIntLE(width - 1, 4, 3);
  chunk.writeUIntLE(height - 1, 7, 3);
  return riff("VP8X", chunk);
}
