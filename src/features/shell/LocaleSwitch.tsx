// The language picker in the header (a native select; the switching is useSwitchLocale).
import { useLingui } from "@lingui/react/macro";
import { HTML_LANG, isLocale, LOCALES } from "../../i18n/locales";
import { GlobeIcon } from "../../ui/icons";
import { useSwitchLocale } from "./useSwitchLocale";

export function LocaleSwitch() {
  const { t } = useLingui();
  const { current, names, switchTo } = useSwitchLocale();

  return (
    <label className="locale-switch">
      <GlobeIcon size={18} />
      <span className="visually-hidden">{t`语言`}</span>
      <select
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void switchTo(next);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={HTML_LANG[locale]}>
            {names[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
