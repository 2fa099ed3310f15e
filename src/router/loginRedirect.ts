// Where an unauthenticated user is sent: /login (same locale prefix) with ?redirect=<current href>.
import { localeParam } from "../i18n/locales";
import { splitLocalePath } from "../i18n/localePath";

export interface LoginTarget {
  to: "/{-$locale}/login";
  params: { locale: ReturnType<typeof localeParam> };
  search: { redirect?: string | undefined };
}

export function loginTarget(location: {
  pathname: string;
  href: string;
}): LoginTarget {
  const { locale, rest } = splitLocalePath(location.pathname);
  const search = rest === "/login" ? {} : { redirect: location.href };
  return {
    to: "/{-$locale}/login",
    params: { locale: localeParam(locale ?? "cn") },
    search,
  };
}
