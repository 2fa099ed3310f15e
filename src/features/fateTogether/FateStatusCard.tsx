// The status of my fate sign-up: pending (editable), matched or closed, with the last change.
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { FateStatus } from "../../api/fate";

const STATUS_LABELS = {
  pending: msg`审核中`,
  matched: msg`已结缘`,
  closed: msg`已结束`,
} as const;

export function FateStatusCard({
  status,
  updatedAt,
}: {
  status: FateStatus;
  updatedAt: string;
}) {
  const { i18n } = useLingui();
  const label = i18n._(STATUS_LABELS[status]);
  return (
    <section
      className="card order-summary"
      aria-labelledby="fate-status"
      role="status"
    >
      <h2 id="fate-status">
        <Trans>我的报名</Trans> <span className="chip">{label}</span>
      </h2>
      <p className="muted">
        {status === "pending" ? (
          <Trans>已收到您的报名，匹配前仍可修改。</Trans>
        ) : status === "matched" ? (
          <Trans>恭喜，已为您结缘，法师会与您联系。</Trans>
        ) : (
          <Trans>本次报名已结束。</Trans>
        )}{" "}
        <Trans>更新于 {updatedAt}</Trans>
      </p>
    </section>
  );
}
