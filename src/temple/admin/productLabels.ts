// Translated names the product editor shows: the languages a product is written in.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Locale } from "../../i18n/locales";

/** The languages of a product's texts, each named in itself. */
export const LANGUAGE_LABELS: Readonly<Record<Locale, MessageDescriptor>> = {
  cn: msg({
    message: "简体中文",
    comment: "Language name in its own language; keep it as is.",
  }),
  tw: msg({
    message: "繁體中文",
    comment: "Language name in its own language; keep it as is.",
  }),
  en: msg({
    message: "English",
    comment: "Language name in its own language; keep it as is.",
  }),
};
