// /callback: the return from WeChat (and, later, other external flows). Shows progress, then
// goes to the `redirect` target or home; a failure is shown with a way back to /login.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useRouter, useRouterState } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { withLocalePrefix } from "../../i18n/localePath";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { ErrorIcon, WechatIcon } from "../../ui/icons";
import { parseCallbackParams, type CallbackOutcome } from "./callbackParams";
import { resolveCallbackOnce } from "./resolveCallback";
import "../../ui/field.css";
import "./auth.css";

export function CallbackPage() {
  const { t } = useLingui();
  const router = useRouter();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  const searchStr = useRouterState({
    select: (state) => state.location.searchStr,
  });
  const params = useMemo(() => parseCallbackParams(searchStr), [searchStr]);
  const [outcome, setOutcome] = useState<CallbackOutcome | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(outcome?.status === "error" ? t`登录未完成` : t`正在登录`);

  useEffect(() => {
    let live = true;
    void resolveCallbackOnce(searchStr, params).then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [searchStr, params]);

  useEffect(() => {
    if (outcome?.status === "done") {
      void router.navigate({
        href: outcome.redirect ?? withLocalePrefix("/", locale),
        replace: true,
      });
    } else if (outcome?.status === "error") {
      headingRef.current?.focus();
    }
  }, [outcome, router, locale]);

  if (outcome?.status === "error") {
    return (
      <section
        className="page auth-page callback-page"
        aria-labelledby="callback-title"
      >
        <ErrorIcon size={48} className="callback-error-icon" />
        <h1
          id="callback-title"
          className="auth-title"
          ref={headingRef}
          tabIndex={-1}
        >
          <Trans>登录未完成</Trans>
        </h1>
        <p className="form-error callback-message" role="alert">
          {outcome.message}
        </p>
        <div className="callback-actions">
          <Link
            to="/{-$locale}/login"
            params={{ locale: localeParam }}
            search={{ redirect: outcome.redirect }}
            className="btn btn-primary"
          >
            <Trans>返回登录</Trans>
          </Link>
          <Link
            to="/{-$locale}"
            params={{ locale: localeParam }}
            className="btn btn-ghost"
          >
            <Trans>返回首页</Trans>
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page auth-page callback-page" aria-busy="true">
      <div className="callback-spinner" aria-hidden="true">
        <WechatIcon size={32} />
      </div>
      <h1 className="auth-title">
        <Trans>正在登录</Trans>
      </h1>
      <p className="muted" role="status">
        {outcome?.status === "done" ? (
          <Trans>登录成功，正在跳转…</Trans>
        ) : (
          <Trans>正在完成登录，请稍候…</Trans>
        )}
      </p>
    </section>
  );
}
