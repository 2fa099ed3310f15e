// JPEG files for the browser tests: a camera-sized photo of noise (encoded by Chromium itself, so
// it does not compress: 4000×3000 at quality 1 is about 33 MiB, like the 36 MB photo), an
// EXIF orientation tag spliced in, and readers for a JPEG's pixel size and metadata. Test support.
import type { Page } from "playwright-core";

/** A `width`×`height` JPEG of random noise at `quality`, encoded in `page`. */
export async function noiseJpeg(
  page: Page,
  width: number,
  height: number,
  quality = 1,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, quality }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext("2d");
      if (context === null) throw new Error("no 2d context");
      const image = context.createImageData(width, height);
      const random = new Uint8Array(65_536);
      for (let at = 0; at < image.data.length; at += random.length) {
        crypto.getRandomValues(random);
        image.data.set(random.subarray(0, image.data.length - at), at);
      }
      for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;
      context.putImageData(image, 0, 0);
      const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let at = 0; at < bytes.length; at += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      return btoa(binary);
    },
    { width, height, quality },
  );
  return Buffer.from(base64, "base64");
}

/**
 * `jpeg` with an EXIF APP1 segment (big-endian TIFF, one IFD entry: Orientation = `orientation`,
 * e.g. 6 for "rotate 90° clockwise", as phones write for portrait photos) after its JFIF segment.
 */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // first IFD offset
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  // NOTE: after SOI and, when present, the JFIF APP0 segment.
  const at =
    jpeg[2] === 0xff && jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, at), header, body, jpeg.subarray(at)]);
}

/** Whether `jpeg` has an EXIF segment. */
export function hasExif(jpeg: Buffer): boolean {
  return jpeg.includes(Buffer.from("Exif\0\0", "latin1"));
}

/** Width and height from a JPEG's SOF segment (the stored pixels, before any EXIF rotation). */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 < jpeg.length) {
    const marker = jpeg[at + 1] ?? 0;
    const length = jpeg.readUInt16BE(at + 2);
    const isSof =
      marker >= 0xc0 &&
      marker <= 0xcf &&
      marker !== 0xc4 &&
      marker !== 0xc8 &&
      marker !== 0xcc;
    if (isSof)
      return {
        height: jpeg.readUInt16BE(at + 5),
        width: jpeg.readUInt16BE(at + 7),
      };
    at += 2 + length;
  }
  throw new Error("no SOF segment");
}
