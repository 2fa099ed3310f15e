// The three content and interface locales, shared by the server (which picks a text per request)
// and the tab (which shows one).

export const LOCALES = ["cn", "tw", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "cn";

/**
 * The cookie that remembers a chosen locale for the server (the tab writes it; not HttpOnly). It
 * holds no secret, so the server compresses answers to requests that carry only it.
 */
export const LOCALE_COOKIE = "locale";
