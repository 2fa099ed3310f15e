// Which chat images the app shows (#19): only links to files our server stores,
// `<origin>/media/<stored name>`, where the origin is this page's or the server's PUBLIC_URL (it
// differs in development, where Vite serves the page). A link a person put into a message sent
// straight to WuKongIM (which does not check) is not loaded.
import { storedMediaName } from "#contract";

const origins = new Set<string>(
  typeof location === "undefined" ? [] : [location.origin],
);

/** Trusts the origin of `publicUrl` (the runtime config's) for chat images. */
export function trustMediaOrigin(publicUrl: string): void {
  try {
    origins.add(new URL(publicUrl).origin);
  } catch {
    // NOTE: a malformed PUBLIC_URL trusts nothing more.
  }
}

/** The image URL when it links to a file our server stores, else null. */
export function ourMediaUrl(url: string): string | null {
  return storedMediaName(url, [...origins]) === null ? null : url;
}
