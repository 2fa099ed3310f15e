// One blessing (`/blessing/$id`) and its join button: signed-in users join once (the server keeps
// it idempotent); signed-out visitors are asked to log in and come back.
import { useState } from "react";
import { getRouteApi, Link, useLocation } from "@tanstack/react-router";
import { useSnapshot } from "valtio";
import { Trans, useLingui } from "@lingui/react/macro";
import { joinBlessing, type Blessing } from "../../api/blessings";
import { refusalTextOf } from "../../api/ApiError";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { open as openToast } from "../../state/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { BlessingCard } from "./BlessingCard";
import "./blessing.css";

const route = getRouteApi("/{-$locale}/blessing/$id");

export function BlessingDetailPage() {
  const { t } = useLingui();
  const loaded = route.useLoaderData();
  const [blessing, setBlessing] = useState<Blessing>(loaded);
  const [busy, setBusy] = useState(false);
  const { isLoggedIn } = useSnapshot(session);
  const locale = useLocaleParam();
  const href = useLocation({ select: (location) => location.href });
  usePageTitle(blessing.productTitle);

  const join = async () => {
    setBusy(true);
    try {
      const result = await joinBlessing(blessing.id);
      setBlessing((current) => ({
        ...current,
        joinCount: result.joinCount,
        joined: result.joined,
      }));
      openToast({ type: "success", message: t`随喜功德，愿您吉祥` });
    } catch (error) {
      openToast({
        type: "error",
        message: refusalTextOf(error) ?? t`随喜失败，请稍后重试`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="page blessing-detail" aria-labelledby="blessing-title">
      <header className="page-head">
        <h1 id="blessing-title">
          <Trans>祈福</Trans>
        </h1>
      </header>
      <div className="card blessing-detail-card">
        <BlessingCard blessing={blessing} />
        {!isLoggedIn ? (
          <Link
            className="btn btn-primary btn-block"
            to="/{-$locale}/login"
            params={{ locale }}
            search={{ redirect: href }}
          >
            <Trans>登录后随喜</Trans>
          </Link>
        ) : blessing.joined ? (
          <button type="button" className="btn btn-ghost btn-block" disabled>
            <Trans>已随喜</Trans>
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => {
              void join();
            }}
          >
            <Trans>随喜祝福</Trans>
          </button>
        )}
      </div>
      <p className="blessing-cta">
        <Link
          className="btn btn-ghost"
          to="/{-$locale}/blessing"
          params={{ locale }}
          search={{}}
        >
          <Trans>返回祈福墙</Trans>
        </Link>
      </p>
    </article>
  );
}
