// Locale layout: the optional first segment (`/en/…`, `/tw/…`, none = cn). It activates and
// remembers the locale before any page loads and hands `locale` to the loaders below.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { activateLocale } from "../../i18n/activateLocale";
import { persistLocale } from "../../i18n/localePersistence";
import { switchLocalePath } from "../../i18n/localePath";
import { DEFAULT_LOCALE, localeParam } from "../../i18n/locales";
import { parseLocaleSegment } from "../../router/params";
import { NotFoundScreen } from "../../features/errors/NotFoundScreen";

export const Route = createFileRoute("/{-$locale}")({
  params: {
    parse: (raw) => ({ locale: parseLocaleSegment(raw.locale) }),
    stringify: ({ locale }) => ({
      locale: locale === undefined ? undefined : localeParam(locale),
    }),
  },
  beforeLoad: async ({ params, location }) => {
    const locale = params.locale ?? DEFAULT_LOCALE;
    // NOTE: `/cn/…` is served at its canonical address without the prefix.
    if (params.locale === DEFAULT_LOCALE) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router control flow
      throw redirect({
        href: switchLocalePath(location.href, DEFAULT_LOCALE),
        replace: true,
      });
    }
    if (await activateLocale(locale)) persistLocale(locale);
    return { locale };
  },
  notFoundComponent: NotFoundScreen,
});
