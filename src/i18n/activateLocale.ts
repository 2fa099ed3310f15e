// Loads a locale's compiled catalogs and activates it in Lingui. The app's catalog (`messages`):
// cn is bundled, tw and en are separate chunks. Folders only their own routes render have their own
// catalog ("parts", package.json's lingui config): the temple's side (`src/temple/`: order desk,
// workspace, admin), the fate-together sign-up, orders, prayer agreements and the /my pages; their
// routes call `loadCatalogPart(part)`, and a loaded part is kept for every later switch: what few
// people read does not weigh on the first visit of a buyer (tests/src/i18n/catalogParts.test.ts
// keeps parts out of the entry and checks their routes load them). A failed load logs "Failed
// locale loading" and keeps the previous locale.
import { i18n, type Messages } from "@lingui/core";
import { messages as cnMessages } from "../../locales/cn/messages.po";
import { DEFAULT_LOCALE, HTML_LANG, type Locale } from "./locales";

export type CatalogLoader = () => Promise<{ messages: Messages }>;

export const catalogLoaders: Record<Locale, CatalogLoader> = {
  cn: () => Promise.resolve({ messages: cnMessages }),
  tw: () => import("../../locales/tw/messages.po"),
  en: () => import("../../locales/en/messages.po"),
};

/** Catalogs beside the app's, each loaded only by the routes that need it. */
export const catalogPartLoaders = {
  temple: {
    cn: () => import("../../locales/cn/temple.po"),
    tw: () => import("../../locales/tw/temple.po"),
    en: () => import("../../locales/en/temple.po"),
  },
  /** The fate-together sign-up (/register, src/features/fateTogether/). */
  fate: {
    cn: () => import("../../locales/cn/fate.po"),
    tw: () => import("../../locales/tw/fate.po"),
    en: () => import("../../locales/en/fate.po"),
  },
  /** My orders, an order, the order form (src/features/orders/). */
  orders: {
    cn: () => import("../../locales/cn/orders.po"),
    tw: () => import("../../locales/tw/orders.po"),
    en: () => import("../../locales/en/orders.po"),
  },
  /** Prayer agreements: reading, signing, sending (src/features/agreements/). */
  contract: {
    cn: () => import("../../locales/cn/contract.po"),
    tw: () => import("../../locales/tw/contract.po"),
    en: () => import("../../locales/en/contract.po"),
  },
  /** The /my pages (src/features/my/). */
  my: {
    cn: () => import("../../locales/cn/my.po"),
    tw: () => import("../../locales/tw/my.po"),
    en: () => import("../../locales/en/my.po"),
  },
} satisfies Record<string, Record<Locale, CatalogLoader>>;
export type CatalogPart = keyof typeof catalogPartLoaders;

/** Parts some route asked for: every locale activated later loads them too. */
const wantedParts = new Set<CatalogPart>();
/** `${part}:${locale}` already merged into Lingui's messages. */
const loadedParts = new Set<string>();

let latestRequest = 0;

/** Activates the bundled default catalog synchronously (before the first render). */
export function initI18n(): void {
  i18n.load(DEFAULT_LOCALE, cnMessages);
  i18n.activate(DEFAULT_LOCALE);
  document.documentElement.lang = HTML_LANG[DEFAULT_LOCALE];
}

/** The parts wanted but not yet loaded for `locale`, loaded (not merged yet). */
async function fetchParts(locale: Locale): Promise<Messages[]> {
  const missing = [...wantedParts].filter(
    (part) => !loadedParts.has(`${part}:${locale}`),
  );
  const loaded = await Promise.all(
    missing.map((part) => catalogPartLoaders[part][locale]()),
  );
  missing.forEach((part) => loadedParts.add(`${part}:${locale}`));
  return loaded.map((module) => module.messages);
}

/**
 * Makes sure `part`'s messages are there for the active locale (and for every locale activated
 * later). Rejects when the chunk fails to load; the route then shows its error screen.
 */
export async function loadCatalogPart(part: CatalogPart): Promise<void> {
  wantedParts.add(part);
  const locale = i18n.locale as Locale;
  const parts = await fetchParts(locale);
  // NOTE: merged into the locale it was loaded for, even if a switch happened meanwhile.
  for (const messages of parts) i18n.load(locale, messages);
}

/**
 * Activates `locale`, loading its catalog (and the parts already in use) first when needed.
 * Resolves to false (and keeps the current locale) when a catalog fails to load or a later call
 * superseded this one.
 */
export async function activateLocale(
  locale: Locale,
  loaders: Record<Locale, CatalogLoader> = catalogLoaders,
): Promise<boolean> {
  const request = ++latestRequest;
  if (i18n.locale === locale) return true;
  try {
    const [{ messages }, parts] = await Promise.all([
      loaders[locale](),
      fetchParts(locale),
    ]);
    if (request !== latestRequest) {
      // NOTE: keep what was fetched (fetchParts marked it loaded) for when this locale comes back.
      for (const part of parts) i18n.load(locale, part);
      return false;
    }
    i18n.load(locale, messages);
    for (const part of parts) i18n.load(locale, part);
    i18n.activate(locale);
    document.documentElement.lang = HTML_LANG[locale];
    return true;
  } catch (error) {
    console.error("Failed locale loading", error);
    return false;
  }
}
