// The people I invited: totals (people, those who paid, paid orders, amount), then one row per
// person (a masked name: the server sends no more) with the day they joined and what they paid; a
// manager sees the whole tree, indented by depth.
import type { CSSProperties } from "react";
import { getRouteApi } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { INVITE_RECORDS_PAGE_SIZE } from "../../api/invites";
import { formatDate, formatPriceFen } from "../../lib/format";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { Pagination } from "../../ui/Pagination";
import { usePageTitle } from "../../ui/usePageTitle";
import "./invites.css";

const route = getRouteApi("/{-$locale}/myOrder/inviteRecord");

export function InviteRecordPage() {
  const { t } = useLingui();
  const data = route.useLoaderData();
  const locale = useRouteLocale();
  usePageTitle(t`我邀请的人`);
  const people = data.totals.people;
  const orders = data.totals.paidOrders;

  return (
    <div className="page invite-record-page">
      <header className="page-head">
        <h1>
          <Trans>我邀请的人</Trans>
        </h1>
        <p className="muted">
          {data.scope === "tree" ? (
            <Trans>管理员可查看整个邀请树（缩进表示层级）。</Trans>
          ) : (
            <Trans>您直接邀请的善信。</Trans>
          )}{" "}
          <Trans>为保护隐私，只显示名字的首字。</Trans>
        </p>
      </header>
      <dl className="card invite-totals" aria-label={t`合计`}>
        <div>
          <dd>{people}</dd>
          <dt>
            <Trans>人数</Trans>
          </dt>
        </div>
        <div>
          <dd>{data.totals.buyers}</dd>
          <dt>
            <Trans>已下单</Trans>
          </dt>
        </div>
        <div>
          <dd>{orders}</dd>
          <dt>
            <Trans>已付订单</Trans>
          </dt>
        </div>
        <div>
          <dd>{formatPriceFen(data.totals.paidFen)}</dd>
          <dt>
            <Trans>已付金额</Trans>
          </dt>
        </div>
      </dl>
      {data.list.length === 0 ? (
        <p className="empty">
          <Trans>还没有人通过您的邀请加入。</Trans>
        </p>
      ) : (
        <ul className="invite-records">
          {data.list.map((record, index) => {
            const paid = record.paidOrders;
            const depth = record.depth;
            return (
              <li
                key={`${record.joinedAt}-${String(index)}`}
                className="card invite-record"
                style={
                  { "--depth": String(Math.min(depth, 6)) } as CSSProperties
                }
              >
                <span className="invite-record-initial" aria-hidden="true">
                  {Array.from(record.nickname)[0]}
                </span>
                <span>
                  <strong>{record.nickname}</strong>
                  <span className="muted invite-record-meta">
                    {" · "}
                    {data.scope === "tree" ? (
                      <Trans>第 {depth} 层</Trans>
                    ) : null}{" "}
                    <Trans>加入于 {formatDate(record.joinedAt, locale)}</Trans>
                  </span>
                </span>
                <span className="price">
                  <Plural value={paid} one="# 单" other="# 单" />{" "}
                  <strong>{formatPriceFen(record.paidFen)}</strong>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={data.page}
        pageSize={INVITE_RECORDS_PAGE_SIZE}
        total={data.total}
      />
    </div>
  );
}
