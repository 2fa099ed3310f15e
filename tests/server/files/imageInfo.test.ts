// The image sniffer: each format recognised by its magic bytes with its header size, and
// everything else (wrong magic, truncated or zero-sized headers) refused.
import { readImageInfo } from "../../../server/domain/files/imageInfo";
import {
  gif,
  jpeg,
  png,
  pngHeaderOnly,
  webpExtended,
  webpLossless,
  webpLossy,
} from "./imageFixtures";

describe("readImageInfo", () => {
  it.each([
    ["png", png(17, 9), "image/png", 17, 9],
    ["png header", pngHeaderOnly(10_000, 5_000), "image/png", 10_000, 5_000],
    ["jpeg", jpeg(1920, 1080), "image/jpeg", 1920, 1080],
    ["gif", gif(320, 200), "image/gif", 320, 200],
    ["webp VP8L", webpLossless(16384, 1), "image/webp", 16384, 1],
    ["webp VP8", webpLossy(1000, 16383), "image/webp", 1000, 16383],
    ["webp VP8X", webpExtended(16_777_216, 2), "image/webp", 16_777_216, 2],
  ])("%s", (_label, bytes, mime, width, height) => {
    expect(readImageInfo(bytes)).toMatchObject({ mime, width, height });
  });

  it("finds the JPEG frame after other segments and fill bytes", () => {
    const plain = jpeg(33, 44);
    const withFill = Buffer.concat([
      plain.subarray(0, 2),
      Buffer.from([0xff]),
      plain.subarray(2),
    ]);
    expect(readImageInfo(withFill)).toMatchObject({ width: 33, height: 44 });
  });

  it.each([
    ["empty", Buffer.alloc(0)],
    ["html", Buffer.from("<html><body>hi</body></html>")],
    ["png signature only", png(1, 1).subarray(0, 12)],
    ["png zero width", pngHeaderOnly(0, 5)],
    ["jpeg without a frame", Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    [
      "jpeg scan before frame",
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]),
    ],
    ["gif truncated", gif().subarray(0, 8)],
    [
      "webp unknown chunk",
      Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPABCD"), Buffer.alloc(20)]),
    ],
    [
      "webp VP8 without start code",
      Buffer.concat([webpLossy(5, 5).subarray(0, 23), Buffer.alloc(10)]),
    ],
  ])("refuses %s", (_label, bytes) => {
    expect(readImageInfo(bytes)).toBeNull();
  });
});
