// The server's own texts (error messages, chat notices, pushes, login codes) in the reader's
// locale, through Lingui: one I18n per locale, made once when this module loads and never
// re-activated, so requests in different locales share no state (no `activate` per request).
// Texts are `/*i18n*/ { id, message }` descriptors, which `lingui extract` collects into
// locales/{locale}/server.po: tsx and the bundler run no Lingui macros, so the server uses none.
// NOTE: in a plural's branches the catalogs write the number as `{n}`, not `#`: `#` groups digits
// ("2,778 hours"), which these texts never did.
import { type I18n, setupI18n } from "@lingui/core";
import { LOCALES, type Locale } from "../lib/locale";
import { loadServerMessages } from "./serverMessages";

/** A server text: its catalog id and its cn wording (the source locale), in ICU syntax. */
export interface ServerMessage {
  readonly id: string;
  readonly message: string;
  /** A note for translators, e.g. what a placeholder holds. */
  readonly comment?: string;
}

export type MessageValues = Readonly<Record<string, string | number>>;

/** The BCP 47 tag of each product locale, for plural rules and number formats (and HTML `lang`). */
export const LANGUAGE_TAGS: Record<Locale, string> = {
  cn: "zh-CN",
  tw: "zh-TW",
  en: "en",
};

const messages = loadServerMessages();

const I18NS = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    setupI18n({
      locale,
      locales: LANGUAGE_TAGS[locale],
      messages: { [locale]: messages[locale] },
    }),
  ]),
) as Record<Locale, I18n>;

/**
 * Marks where a string value goes, so that Lingui formats only the catalog's own text (a private
 * use character: never in a catalog; a value may hold it, as values are put in after the search).
 */
const SLOT = "\uE000";
const SLOTS = /\uE000(\d+)\uE000/g;

/**
 * `message` in `locale`, with `values` in its `{placeholders}`.
 *
 * @example translate("en", WAIT_MINUTES, { n: 5 }) // "5 minutes"
 */
export function translate(
  locale: Locale,
  message: ServerMessage,
  values: MessageValues = {},
): string {
  // NOTE: Lingui decodes `\uXXXX` and `\xXX` sequences anywhere in its result, values included;
  // names, chat lines and reasons people typed go in after formatting, exactly as typed.
  const strings: string[] = [];
  const formatted: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "number") formatted[name] = value;
    else {
      formatted[name] = `${SLOT}${String(strings.length)}${SLOT}`;
      strings.push(value);
    }
  }
  const text = I18NS[locale]._(message.id, formatted, {
    message: message.message,
  });
  return strings.length === 0
    ? text
    : text.replace(SLOTS, (_, index: string) => strings[Number(index)] ?? "");
}
