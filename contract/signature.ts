// What a drawn signature may be: the server refuses a larger PNG (server/domain/agreements/
// signaturePng.ts), and the signing page keeps its export inside the same limits and sends it as
// this type.
export const SIGNATURE_LIMITS = {
  maxBytes: 1024 * 1024,
  maxSide: 4096,
} as const;

/** The MIME type a signature is sent as (the server also accepts "png", or the field absent). */
export const SIGNATURE_TYPE = "image/png";
