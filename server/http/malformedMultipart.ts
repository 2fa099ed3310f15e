// Recognises the parse failures of a broken multipart/form-data body (busboy throws plain Errors
// without a status: a cut-off body, a missing boundary), so they answer 400 instead of 500.

const MALFORMED = [
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unsupported Content-Type\.$/,
];

/** True for busboy's errors about the bytes of the request (never for a server-side failure). */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ("statusCode" in error && error.statusCode !== undefined) return false;
  return MALFORMED.some((pattern) => pattern.test(error.message));
}
