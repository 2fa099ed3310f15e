// What an uploaded chat image may be: the one definition the server enforces
// (server/domain/files/uploads.ts), the worker checks before queuing (workers/outbox/outgoing.ts)
// and the tab shrinks photos towards (src/features/messenger/imagePlan.ts), so the three never
// disagree about what can be sent.

/** Largest accepted file, in bytes (10 MiB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Largest accepted image, in pixels (width × height): 4096 × 4096 = 16,777,216 (16.8 MP, 64 MiB
 * decoded as RGBA), so a tiny file cannot decode to gigabytes and every phone in the chat can show
 * what one user sends.
 *
 * NOTE: why this number (it was 40 MP; a 6000×6000 PNG, 144 MB decoded, was accepted, issue #19).
 * Every phone that opens the thread decodes the image; a tab on a low-end Android phone gets a few
 * hundred MB, and a thread shows several images at once, so one image may cost 64 MiB at most.
 * 16,777,216 is also iOS Safari's largest canvas area: over it a decode fails or is downsampled.
 * No photo needs more: the tab shrinks photos to CHAT_IMAGE_MAX_SIDE (2560 × 2560 is 6.6 MP)
 * before upload; what reaches the cap is a GIF or a PNG the tab keeps as it is, or a client that
 * skips the tab. There is no separate limit on the longest side: decoding costs width × height,
 * browsers draw large images in tiles, so a 16 MP panorama costs what a 16 MP square does.
 */
export const MAX_UPLOAD_PIXELS = 4096 * 4096;
/** Total bytes one user may keep uploaded. */
export const UPLOAD_QUOTA_BYTES = 200 * 1024 * 1024;

/** The image types the server stores (it sniffs the magic bytes; the worker checks the Blob type). */
export const UPLOAD_IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
] as const;
/** One of {@link UPLOAD_IMAGE_TYPES}. */
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** Whether `mime` is one of the types the server stores. */
export function isUploadImageType(mime: string): mime is UploadImageType {
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(mime);
}

/** The limits one upload is checked against. */
export interface UploadLimits {
  readonly maxBytes: number;
  readonly maxPixels: number;
  readonly quotaBytes: number;
}

export const UPLOAD_LIMITS: UploadLimits = {
  maxBytes: MAX_UPLOAD_BYTES,
  maxPixels: MAX_UPLOAD_PIXELS,
  quotaBytes: UPLOAD_QUOTA_BYTES,
};

/** Photos are shrunk on the device until their longest side is at most this many pixels. */
export const CHAT_IMAGE_MAX_SIDE = 2560;
