// /login: phone + code (area code 86), e-mail + code, and WeChat, each shown only when the
// runtime config enables it. Leaves for `?redirect=` (or home) once the tab is signed in.
import { useState } from "react";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { BrandMark } from "../../ui/icons";
import { CodeLoginForm, type CodeLoginKind } from "./CodeLoginForm";
import { LoginMethodTabs } from "./LoginMethodTabs";
import { WechatLogin } from "./WechatLogin";
import { useLeaveWhenSignedIn } from "./useLeaveWhenSignedIn";
import "./auth.css";

const route = getRouteApi("/{-$locale}/login");
const CODE_METHODS: readonly CodeLoginKind[] = ["phone", "email"];

export function LoginPage() {
  const { t } = useLingui();
  const locale = useLocaleParam();
  const config = route.useLoaderData();
  const { redirect } = route.useSearch();
  usePageTitle(t`登录`);
  useLeaveWhenSignedIn(redirect);

  const methods = CODE_METHODS.filter((method) => config.login[method]);
  const wechat = config.login.wechat ? config.wechat : null;
  const [active, setActive] = useState<CodeLoginKind>(methods[0] ?? "phone");

  return (
    <div className="page auth-page">
      <div className="auth-brand">
        <BrandMark size={72} />
      </div>
      <h1 className="auth-title">
        <Trans>登录</Trans>
      </h1>
      <p className="muted auth-lead">
        <Trans>登录福缘，随时随地祈福结缘。</Trans>
      </p>
      <div className="card auth-card">
        {methods.length > 1 ? (
          <LoginMethodTabs
            methods={methods}
            active={active}
            onSelect={setActive}
            renderPanel={(method) => <CodeLoginForm kind={method} />}
          />
        ) : methods[0] === undefined ? null : (
          <CodeLoginForm kind={methods[0]} />
        )}
        {methods.length > 0 && wechat !== null ? (
          <p className="auth-divider">
            <span>
              <Trans>其他登录方式</Trans>
            </span>
          </p>
        ) : null}
        {wechat === null ? null : (
          <WechatLogin wechat={wechat} redirect={redirect} />
        )}
        {methods.length === 0 && wechat === null ? (
          <p className="empty" role="status">
            <Trans>暂时无法登录：没有开放的登录方式。</Trans>
          </p>
        ) : null}
      </div>
      <p className="auth-legal">
        <Trans>
          登录即表示您同意
          <Link to="/{-$locale}/terms-of-service" params={{ locale }}>
            《服务条款》
          </Link>
          和
          <Link to="/{-$locale}/privacy-policy" params={{ locale }}>
            《隐私政策》
          </Link>
        </Trans>
      </p>
    </div>
  );
}
