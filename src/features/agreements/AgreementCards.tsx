// Above an open chat's messages: one card per agreement this peer sent me that waits for my
// signature ("祈福协议待签署 · 查看并签署"), linking to /prayer/agreement?id=. Shows nothing otherwise.
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import type { AppDb } from "../../db/AppDb";
import type { ChannelRef } from "../../db/channelKey";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { usePendingAgreements } from "./usePendingAgreements";
import "./agreements.css";

interface AgreementCardsProps {
  readonly db: AppDb;
  readonly channel: ChannelRef;
}

export function AgreementCards({ db, channel }: AgreementCardsProps) {
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  const { agreements, failed, retry } = usePendingAgreements(
    db,
    channel,
    locale,
  );
  if (failed)
    return (
      <p className="agreement-cards agreement-cards-error" role="alert">
        <Trans>待签署的协议加载失败</Trans>{" "}
        <button type="button" className="btn btn-ghost" onClick={retry}>
          <Trans>重试</Trans>
        </button>
      </p>
    );
  if (agreements.length === 0) return null;
  return (
    <ul className="agreement-cards">
      {agreements.map((agreement) => (
        <li key={agreement.id}>
          <Link
            className="agreement-card"
            to="/{-$locale}/prayer/agreement"
            params={{ locale: localeParam }}
            search={{ id: agreement.id }}
          >
            <span className="agreement-card-head">
              <Trans>祈福协议待签署 · 查看并签署</Trans>
            </span>
            <span className="agreement-card-title">{agreement.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
