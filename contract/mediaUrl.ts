// Where stored files live and what a link to one looks like, shared by the server (uploads, the
// `/media` route, the image-message rule of #19) and the client (which shows only such images).
// Written without `URL` (this folder has no DOM or Node types): the accepted form is narrow
// enough for a pattern.

/** Where stored files are served. */
export const MEDIA_PREFIX = "/media";

/** A stored file's name: 32 random URL-safe characters and the image's extension. */
export const STORED_NAME_PATTERN = "^[A-Za-z0-9_-]{32}\\.(png|jpg|webp|gif)$";

const STORED_NAME = new RegExp(STORED_NAME_PATTERN);
const MEDIA_URL =
  /^(https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?)\/media\/([^/?#]+)$/i;

/** True for a name of the form {@link STORED_NAME_PATTERN}. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/**
 * The stored file an image URL points at, or null unless it is exactly
 * `<one of origins>/media/<stored name>` (no query, fragment, user info or other path): the only
 * images a chat message may carry, so no `javascript:`, `data:` or other host reaches an <img>.
 * @example storedMediaName("https://fy.example/media/abc….png", ["https://fy.example"]) // "abc….png"
 */
export function storedMediaName(
  url: string,
  origins: readonly string[],
): string | null {
  const match = MEDIA_URL.exec(url);
  if (match === null) return null;
  const origin = (match[1] ?? "").toLowerCase();
  const name = match[2] ?? "";
  if (!origins.some((o) => trimSlash(o).toLowerCase() === origin)) return null;
  return isStoredName(name) ? name : null;
}

function trimSlash(origin: string): string {
  return origin.endsWith("/") ? origin.slice(0, -1) : origin;
}
