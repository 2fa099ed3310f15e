// What a drawn signature must be: a real PNG (the 8-byte signature, then an IHDR chunk of length
// 13 as the first chunk) of at most 1 MB and 4096 × 4096 pixels. Judged by the bytes only.
// NOTE: hand-written, like files/imageInfo.ts (whose header says why not image-size): it is
// stricter than an upload's PNG check (IHDR length 13) and names its own refusals.
import { SIGNATURE_LIMITS } from "#contract";
import { HttpError } from "../../http/errors";

export { SIGNATURE_LIMITS };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function checkSignaturePng(bytes: Uint8Array): {
  width: number;
  height: number;
} {
  if (bytes.length > SIGNATURE_LIMITS.maxBytes)
    throw new HttpError(
      "SIGNATURE_TOO_LARGE",
      `the signature is larger than ${SIGNATURE_LIMITS.maxBytes} bytes`,
      { params: { max: SIGNATURE_LIMITS.maxBytes } },
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isPng =
    bytes.length >= 33 &&
    PNG_SIGNATURE.every((byte, i) => bytes[i] === byte) &&
    view.getUint32(8) === 13 &&
    String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR";
  if (!isPng)
    throw new HttpError(
      "SIGNATURE_NOT_PNG",
      "the signature must be a PNG image",
    );
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0)
    throw new HttpError("SIGNATURE_NOT_PNG", "the PNG has no pixels");
  if (width > SIGNATURE_LIMITS.maxSide || height > SIGNATURE_LIMITS.maxSide)
    throw new HttpError(
      "SIGNATURE_TOO_WIDE",
      `the signature is ${width}×${height} pixels; at most ${SIGNATURE_LIMITS.maxSide}×${SIGNATURE_LIMITS.maxSide} are accepted`,
      { params: { max: SIGNATURE_LIMITS.maxSide } },
    );
  return { width, height };
}
