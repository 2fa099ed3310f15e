// Loads a locale's compiled catalog and activates it in Lingui. cn is bundled; tw and en are
// separate chunks. A failed load logs "Failed locale loading" and keeps the previous locale.
import { i18n, type Messages } from "@lingui/core";
import { messages as cnMessages } from "../../locales/cn/messages.po";
import { DEFAULT_LOCALE, HTML_LANG, type Locale } from "./locales";

export type CatalogLoader = () => Promise<{ messages: Messages }>;

export const catalogLoaders: Record<Locale, CatalogLoader> = {
  cn: () => Promise.resolve({ messages: cnMessages }),
  tw: () => import("../../locales/tw/messages.po"),
  en: () => import("../../locales/en/messages.po"),
};

let latestRequest = 0;

/** Activates the bundled default catalog synchronously (before the first render). */
export function initI18n(): void {
  i18n.load(DEFAULT_LOCALE, cnMessages);
  i18n.activate(DEFAULT_LOCALE);
  document.documentElement.lang = HTML_LANG[DEFAULT_LOCALE];
}

/**
 * Activates `locale`, loading its catalog first when needed. Resolves to false (and keeps the
 * current locale) when the catalog fails to load or a later call superseded this one.
 */
export async function activateLocale(
  locale: Locale,
  loaders: Record<Locale, CatalogLoader> = catalogLoaders,
): Promise<boolean> {
  const request = ++latestRequest;
  if (i18n.locale === locale) return true;
  try {
    const { messages } = await loaders[locale]();
    if (request !== latestRequest) return false;
    i18n.load(locale, messages);
    i18n.activate(locale);
    document.documentElement.lang = HTML_LANG[locale];
    return true;
  } catch (error) {
    console.error("Failed locale loading", error);
    return false;
  }
}
