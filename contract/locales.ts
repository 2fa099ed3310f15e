// The three content and interface locales, shared by the server (which picks a text per request)
// and the tab (which shows one).

export const LOCALES = ["cn", "tw", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "cn";

export function isLocale(value: unknown): value is Locale {
  return (
    typeof value === "string" && (LOCALES as readonly string[]).includes(value)
  );
}

/**
 * The cookie that remembers a chosen locale for the server (the tab writes it; not HttpOnly). It
 * holds no secret, so the server compresses answers to requests that carry only it.
 */
export const LOCALE_COOKIE = "locale";

/** The raw value of the locale cookie in a Cookie header, or undefined when absent or malformed. */
export function readLocaleCookie(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== LOCALE_COOKIE) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      // NOTE: a malformed escape (any client can send one) counts as no cookie.
      return undefined;
    }
  }
  return undefined;
}
