// The three content and interface locales, shared by the server (which picks a text per request)
// and the tab (which shows one).

export const LOCALES = ["cn", "tw", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "cn";
