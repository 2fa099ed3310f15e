// /admin/audit?action=&actor=: the audit log, newest first, one page at a time, filtered by action
// and by who acted (an IM id, or the system). Each row: when, who, what, which target, details.
import { useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { ADMIN_ROLES, AUDIT_ACTIONS, type AuditAction } from "#contract";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDateTime, formatPriceFen } from "../../lib/format";
import { Pagination } from "../../ui/Pagination";
import { usePageTitle } from "../../ui/usePageTitle";
import type { AuditEntry } from "./adminApi";
import {
  ACTION_LABELS,
  DETAIL_LABELS,
  PRODUCT_FIELD_LABELS,
  ROLE_LABELS,
  TARGET_LABELS,
  VIA_LABELS,
} from "./adminLabels";
import {
  ADMIN_PAGE_SIZE,
  type AuditSearch,
  SEARCH_MAX_CHARS,
} from "./adminSearch";
import type { AuditData } from "./adminLoaders";

export function AuditPage({ data }: { readonly data: AuditData }) {
  const { t } = useLingui();
  usePageTitle(t`操作日志`);
  const filtered =
    data.search.action !== undefined || data.search.actor !== undefined;
  return (
    <section aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="admin-title">
        <Trans>操作日志</Trans>
      </h2>
      <AuditFilter
        key={`${data.search.action ?? ""}|${data.search.actor ?? ""}`}
        search={data.search}
      />
      {data.page.list.length === 0 ? (
        <p className="empty" role="status">
          {filtered ? (
            <Trans>没有符合条件的记录</Trans>
          ) : (
            <Trans>还没有操作记录</Trans>
          )}
        </p>
      ) : (
        <ol className="admin-list" aria-label={t`操作记录`}>
          {data.page.list.map((entry) => (
            <li key={entry.id}>
              <AuditRow entry={entry} />
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={data.page.page}
        pageSize={ADMIN_PAGE_SIZE}
        total={data.page.total}
      />
    </section>
  );
}

function AuditFilter({ search }: { search: AuditSearch }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate({ from: "/{-$locale}/admin/$section" });
  const [action, setAction] = useState<string>(search.action ?? "");
  const [actor, setActor] = useState(search.actor ?? "");
  return (
    <form
      className="admin-filter"
      aria-label={t`筛选记录`}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({
          search: {
            action: AUDIT_ACTIONS.find((a) => a === action),
            actor: actor.trim() === "" ? undefined : actor.trim(),
            page: undefined,
          },
        });
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor="admin-audit-action">
          <Trans>操作</Trans>
        </label>
        <div className="field-control">
          <select
            id="admin-audit-action"
            className="field-input"
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
            }}
          >
            <option value="">{t`全部操作`}</option>
            {AUDIT_ACTIONS.map((a: AuditAction) => (
              <option key={a} value={a}>
                {i18n._(ACTION_LABELS[a])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="admin-audit-actor">
          <Trans>操作人 IM ID</Trans>
        </label>
        <div className="field-control">
          <input
            id="admin-audit-actor"
            className="field-input"
            value={actor}
            maxLength={SEARCH_MAX_CHARS}
            placeholder={t`如 system 表示系统`}
            onChange={(event) => {
              setActor(event.target.value);
            }}
          />
        </div>
      </div>
      <button type="submit" className="btn btn-primary">
        <Trans>筛选</Trans>
      </button>
    </form>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useLingui();
  // NOTE: the values the admin pages write read as words; anything else is shown as stored.
  const detailText = (key: string, value: unknown): string => {
    if (key === "role" && typeof value === "string") {
      const role = ADMIN_ROLES.find((r) => r === value);
      if (role !== undefined) return i18n._(ROLE_LABELS[role]);
    }
    if (key === "on" && typeof value === "boolean")
      return value ? t`授予` : t`撤销`;
    if (key === "by" && typeof value === "string") {
      const via = VIA_LABELS[value];
      if (via !== undefined) return i18n._(via);
    }
    if (key === "changed" && Array.isArray(value))
      return value
        .map((field) => {
          const label = PRODUCT_FIELD_LABELS[String(field)];
          return label === undefined ? String(field) : i18n._(label);
        })
        .join(t`、`);
    if (key === "prices" && Array.isArray(value))
      return value
        .map((change: unknown) => {
          const { from, to } = (change ?? {}) as {
            from?: unknown;
            to?: unknown;
          };
          return typeof from === "number" && typeof to === "number"
            ? `${formatPriceFen(from)} → ${formatPriceFen(to)}`
            : JSON.stringify(change);
        })
        .join(t`、`);
    return typeof value === "string" ? value : JSON.stringify(value);
  };
  const locale = useRouteLocale();
  const known = AUDIT_ACTIONS.find((a) => a === entry.action);
  const target = TARGET_LABELS[entry.targetType];
  const details = Object.entries(entry.details);
  return (
    <article className="card admin-card admin-audit-row">
      <header className="admin-card-head">
        <h3>
          {known === undefined ? entry.action : i18n._(ACTION_LABELS[known])}
        </h3>
        <time dateTime={entry.at} className="muted">
          {formatDateTime(entry.at, locale)}
        </time>
      </header>
      <dl className="admin-facts">
        <dt>
          <Trans>操作人</Trans>
        </dt>
        <dd>
          {entry.actor === null ? (
            <Trans>系统</Trans>
          ) : (
            <>
              {entry.actor.nickname}{" "}
              <span className="muted">({entry.actor.imId})</span>
            </>
          )}
        </dd>
        <dt>
          <Trans>对象</Trans>
        </dt>
        <dd>
          {target === undefined ? entry.targetType : i18n._(target)}{" "}
          {entry.targetLabel ?? `#${entry.targetId}`}
        </dd>
      </dl>
      {details.length === 0 ? null : (
        <dl className="admin-details">
          {details.map(([key, value]) => (
            <div key={key}>
              <dt>
                {DETAIL_LABELS[key] === undefined
                  ? key
                  : i18n._(DETAIL_LABELS[key])}
              </dt>
              <dd>{detailText(key, value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
