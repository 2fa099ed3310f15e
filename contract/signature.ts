// What a drawn signature may be: the server refuses a larger PNG (server/domain/contract/
// signaturePng.ts), and the signing page keeps its export inside the same limits.
export const SIGNATURE_LIMITS = {
  maxBytes: 1024 * 1024,
  maxSide: 4096,
} as const;
