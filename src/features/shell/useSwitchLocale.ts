// Switching the interface language: load the new catalog first, then rewrite the current URL to
// the new prefix (same page). If the catalog fails, the page stays as it is and a toast says so.
// Also the language names, each in its own language.
import { useRouter, useRouterState } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { activateLocale } from "../../i18n/activateLocale";
import { switchLocalePath } from "../../i18n/localePath";
import type { Locale } from "../../i18n/locales";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { open as openToast } from "../../state/toast";

export interface LocaleSwitcher {
  current: Locale;
  names: Record<Locale, string>;
  switchTo: (next: Locale) => Promise<void>;
}

export function useSwitchLocale(): LocaleSwitcher {
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

  const switchTo = async (next: Locale) => {
    if (next === current) return;
    if (!(await activateLocale(next))) {
      openToast({ type: "error", message: t`语言切换失败，请稍后再试` });
      return;
    }
    await router.navigate({
      href: switchLocalePath(href, next),
      resetScroll: false,
    });
  };

  return { current, names, switchTo };
}
