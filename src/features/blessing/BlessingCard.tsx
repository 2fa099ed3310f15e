// One blessing's content: service, masked beneficiary and owner, the wish, date and join count.
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { Blessing } from "../../api/blessings";
import { formatDate } from "../../lib/format";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { CATEGORY_LABELS } from "../products/categoryLabels";

export function BlessingCard({ blessing }: { blessing: Blessing }) {
  const { i18n } = useLingui();
  const locale = useRouteLocale();
  const count = blessing.joinCount;
  const owner = blessing.owner;
  const beneficiary = blessing.beneficiary;
  return (
    <div className="blessing-card">
      <span className="blessing-card-head">
        <span className="chip">
          {i18n._(CATEGORY_LABELS[blessing.category])}
        </span>
        <strong>{blessing.productTitle}</strong>
      </span>
      {blessing.wish === null ? null : (
        <span className="blessing-wish">{blessing.wish}</span>
      )}
      <span className="muted blessing-meta">
        {beneficiary === null ? (
          <Trans>{owner} 发愿</Trans>
        ) : (
          <Trans>
            {owner} 为 {beneficiary} 祈福
          </Trans>
        )}
        {" · "}
        <time dateTime={blessing.blessedAt}>
          {formatDate(blessing.blessedAt, locale)}
        </time>
      </span>
      <span className="blessing-joins">
        <Plural value={count} one="# 人随喜" other="# 人随喜" />
      </span>
    </div>
  );
}
