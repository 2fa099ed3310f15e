// What happens to a picked photo before it is queued (pure; src/features/messenger/imageFile.ts does
// the decoding and encoding): kept as it is, re-encoded at most CHAT_IMAGE_MAX_SIDE on its longest
// side (which also applies the orientation and drops the metadata), or refused with the reason the
// user reads. The limits are #contract's, the ones the worker and the server check.
import {
  CHAT_IMAGE_MAX_SIDE,
  isUploadImageType,
  UPLOAD_LIMITS,
  type UploadLimits,
} from "#contract";

/** Why a picked file cannot be sent (worker error codes, translated in src/i18n/errorMessages.ts). */
export type ImageRefusal =
  "IMAGE_TOO_LARGE" | "IMAGE_NOT_ACCEPTED" | "IMAGE_DAMAGED";

/** The types the device encodes to: JPEG for photos, WebP where transparency may matter. */
export type EncodeType = "image/jpeg" | "image/webp";

/** A decoded source: its declared type, file size and pixel size with the orientation applied. */
export interface SourceImage {
  readonly mime: string;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
}

export type ImagePlan =
  | { readonly kind: "keep" }
  | {
      readonly kind: "encode";
      readonly width: number;
      readonly height: number;
      /** The encodings to try, best first; each with falling quality until one fits. */
      readonly attempts: readonly {
        readonly type: EncodeType;
        readonly quality: number;
      }[];
    }
  | { readonly kind: "refuse"; readonly reason: ImageRefusal };

/** Encoder qualities tried in turn until the file fits the byte limit. */
export const ENCODE_QUALITIES: readonly number[] = [0.85, 0.7, 0.5];

/** `width`×`height` scaled (never up) so the longest side is at most `maxSide` and the area fits. */
export function targetSize(
  width: number,
  height: number,
  maxSide: number = CHAT_IMAGE_MAX_SIDE,
  maxPixels: number = UPLOAD_LIMITS.maxPixels,
): { width: number; height: number } {
  const scale = Math.min(
    1,
    maxSide / Math.max(width, height),
    Math.sqrt(maxPixels / (width * height)),
  );
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  };
}

/**
 * What to do with a decoded picture. GIFs (maybe animated) and PNGs (screenshots, lossless) within
 * the limits and the side stay as they are; everything else is re-encoded (a JPEG always, so its
 * EXIF metadata, GPS included, never leaves the device).
 */
export function planImage(
  source: SourceImage,
  limits: UploadLimits = UPLOAD_LIMITS,
  maxSide: number = CHAT_IMAGE_MAX_SIDE,
): ImagePlan {
  const { mime, bytes, width, height } = source;
  const fitsLimits =
    bytes <= limits.maxBytes && width * height <= limits.maxPixels;
  if (mime === "image/gif") {
    // NOTE: re-encoding would keep only the first frame; a GIF over the limits is refused instead.
    return fitsLimits
      ? { kind: "keep" }
      : { kind: "refuse", reason: "IMAGE_TOO_LARGE" };
  }
  if (mime === "image/png" && fitsLimits && Math.max(width, height) <= maxSide)
    return { kind: "keep" };
  const types: readonly EncodeType[] =
    mime === "image/png" || mime === "image/webp"
      ? ["image/webp", "image/jpeg"]
      : ["image/jpeg"];
  return {
    kind: "encode",
    ...targetSize(width, height, maxSide, limits.maxPixels),
    attempts: types.flatMap((type) =>
      ENCODE_QUALITIES.map((quality) => ({ type, quality })),
    ),
  };
}

/** Whether `head` starts like one of the formats the server stores (PNG, JPEG, GIF, WebP). */
function looksLikeUploadType(head: Uint8Array): boolean {
  const at = (offset: number, text: string) =>
    Array.from(text).every(
      (char, i) => head[offset + i] === char.charCodeAt(0),
    );
  return (
    (head[0] === 0xff && head[1] === 0xd8) ||
    (head[0] === 0x89 && at(1, "PNG")) ||
    at(0, "GIF8") ||
    (at(0, "RIFF") && at(8, "WEBP"))
  );
}

/**
 * Why a file the browser could not decode is refused: one that says it is a PNG, JPEG, GIF or WebP
 * (by its bytes or its type) is damaged; anything else (a HEIC the browser cannot read, a PDF) is
 * not an image we send.
 */
export function classifyUndecodable(
  head: Uint8Array,
  mime: string,
): ImageRefusal {
  return looksLikeUploadType(head) || isUploadImageType(mime)
    ? "IMAGE_DAMAGED"
    : "IMAGE_NOT_ACCEPTED";
}
