// The active interface locale as the messenger's formatters want it (cn when Lingui has another).
import { useLingui } from "@lingui/react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../i18n/locales";

export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
