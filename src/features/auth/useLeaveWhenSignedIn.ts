// Sign-in pages leave as soon as the tab is signed in with its user loaded — after a login here
// or in another tab — for the `redirect` target or the home page of the current locale.
import { useEffect } from "react";
import { useRouter } from "@tanstack/react-router";
import { useSnapshot } from "valtio";
import { withLocalePrefix } from "../../i18n/localePath";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";

export function useLeaveWhenSignedIn(redirect: string | undefined): void {
  const router = useRouter();
  const locale = useRouteLocale();
  const { isLoggedIn, user } = useSnapshot(session);
  const ready = isLoggedIn && user !== null;

  useEffect(() => {
    if (!ready) return;
    void router.navigate({
      href: redirect ?? withLocalePrefix("/", locale),
      replace: true,
    });
  }, [ready, redirect, locale, router]);
}
