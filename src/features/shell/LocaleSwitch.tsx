// The language picker. It loads the new catalog first and only then rewrites the current URL to
// the new prefix (same page); if the catalog fails, the page stays as it is and a toast says so.
import { useRouter, useRouterState } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import type { ChangeEvent } from "react";
import { activateLocale } from "../../i18n/activateLocale";
import { switchLocalePath } from "../../i18n/localePath";
import { HTML_LANG, isLocale, LOCALES, type Locale } from "../../i18n/locales";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { open as openToast } from "../../state/toast";
import { GlobeIcon } from "../../ui/icons";

export function LocaleSwitch() {
  const { t } = useLingui();
  const router = useRouter();
  const current = useRouteLocale();
  const href = useRouterState({ select: (state) => state.location.href });

  const names: Record<Locale, string> = {
    cn: t({
      message: "简体中文",
      comment: "Language name in its own language; keep it as is.",
    }),
    tw: t({
      message: "繁體中文",
      comment: "Language name in its own language; keep it as is.",
    }),
    en: t({
      message: "English",
      comment: "Language name in its own language; keep it as is.",
    }),
  };

  const onChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (!isLocale(next) || next === current) return;
    if (!(await activateLocale(next))) {
      openToast({ type: "error", message: t`语言切换失败，请稍后再试` });
      return;
    }
    await router.navigate({
      href: switchLocalePath(href, next),
      resetScroll: false,
    });
  };

  return (
    <label className="locale-switch">
      <GlobeIcon size={18} />
      <span className="visually-hidden">{t`语言`}</span>
      <select
        value={current}
        onChange={(event) => {
          void onChange(event);
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
