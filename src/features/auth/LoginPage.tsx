// /login: the page frame (heading, brand, legal links). The sign-in forms come with the login work.
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { BrandMark } from "../../ui/icons";
import "./auth.css";

export function LoginPage() {
  const { t } = useLingui();
  const locale = useLocaleParam();
  usePageTitle(t`登录`);
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
