// /admin/users?q=: find a user by IM id, nickname or phone digits (phones masked), see their
// roles, grant or revoke one (the caller's own admin role cannot be revoked), ban or lift a ban.
// Every change goes through a confirm step.
import { useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { ADMIN_ROLES, type AdminRole } from "#contract";
import { session } from "../../state/session";
import { Pagination } from "../../ui/Pagination";
import { usePageTitle } from "../../ui/usePageTitle";
import { type AdminUser, setBanned, setRole } from "./adminApi";
import { ROLE_LABELS } from "./adminLabels";
import { ADMIN_PAGE_SIZE, SEARCH_MAX_CHARS } from "./adminSearch";
import type { UsersData } from "./adminLoaders";
import { ActionError, ConfirmStep } from "./ConfirmStep";
import { useAdminAction } from "./useAdminAction";

export function UsersPage({ data }: { readonly data: UsersData }) {
  const { t } = useLingui();
  usePageTitle(t`用户与身份`);
  return (
    <section aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="admin-title">
        <Trans>用户与身份</Trans>
      </h2>
      <UserSearch key={data.q ?? ""} q={data.q} />
      {data.page === null ? (
        <p className="empty">
          <Trans>输入 IM ID、昵称或手机号查找用户</Trans>
        </p>
      ) : data.page.list.length === 0 ? (
        <p className="empty" role="status">
          <Trans>没有找到用户</Trans>
        </p>
      ) : (
        <ul className="admin-list" aria-label={t`查找结果`}>
          {data.page.list.map((user) => (
            <li key={user.userId}>
              <UserCard user={user} />
            </li>
          ))}
        </ul>
      )}
      {data.page === null ? null : (
        <Pagination
          page={data.page.page}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.page.total}
        />
      )}
    </section>
  );
}

function UserSearch({ q }: { q: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate({ from: "/{-$locale}/admin/$section" });
  const [text, setText] = useState(q ?? "");
  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(event) => {
        event.preventDefault();
        const next = text.trim();
        void navigate({
          search: { q: next === "" ? undefined : next, page: undefined },
        });
      }}
    >
      <label className="visually-hidden" htmlFor="admin-user-q">
        <Trans>查找用户</Trans>
      </label>
      <div className="field-control">
        <input
          id="admin-user-q"
          className="field-input"
          type="search"
          value={text}
          maxLength={SEARCH_MAX_CHARS}
          placeholder={t`IM ID、昵称或手机号`}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        <Trans>查找</Trans>
      </button>
    </form>
  );
}

type Pending =
  | { kind: "role"; role: AdminRole; on: boolean }
  | { kind: "ban"; banned: boolean };

function UserCard({ user }: { user: AdminUser }) {
  const { t, i18n } = useLingui();
  const me = useSnapshot(session).user;
  const action = useAdminAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const id = `user-${String(user.userId)}`;
  const self = me?.userId === user.userId;
  const has = (role: AdminRole) => user.roles.includes(role);

  const question = (p: Pending) => {
    const name = user.nickname;
    if (p.kind === "ban")
      return p.banned ? (
        <Trans>确定封禁 {name} 吗？其所有登录会立即失效。</Trans>
      ) : (
        <Trans>确定解除 {name} 的封禁吗？</Trans>
      );
    const role = i18n._(ROLE_LABELS[p.role]);
    return p.on ? (
      <Trans>
        确定授予 {name} “{role}”身份吗？
      </Trans>
    ) : (
      <Trans>
        确定撤销 {name} 的“{role}”身份吗？
      </Trans>
    );
  };
  const send = (p: Pending) =>
    action.run(
      () =>
        p.kind === "ban"
          ? setBanned(user.imId, p.banned)
          : setRole(user.imId, p.role, p.on),
      {
        done:
          p.kind === "ban"
            ? p.banned
              ? t`已封禁`
              : t`已解除封禁`
            : p.on
              ? t`已授予身份`
              : t`已撤销身份`,
        fallback: t`操作失败，请稍后再试`,
      },
    );

  return (
    <article className="card admin-card" aria-labelledby={`${id}-name`}>
      <header className="admin-card-head">
        <h3 id={`${id}-name`}>{user.nickname}</h3>
        {user.banned ? (
          <span className="chip admin-chip-banned">
            <Trans>已封禁</Trans>
          </span>
        ) : null}
      </header>
      <dl className="admin-facts">
        <dt>
          <Trans>IM 号</Trans>
        </dt>
        <dd>{user.imId}</dd>
        <dt>
          <Trans>手机号</Trans>
        </dt>
        <dd>{user.phone ?? <Trans>未绑定</Trans>}</dd>
      </dl>
      <fieldset className="admin-roles" disabled={action.busy}>
        <legend>
          <Trans>身份</Trans>
        </legend>
        {ADMIN_ROLES.map((role) => {
          const on = has(role);
          const locked = self && role === "admin" && on;
          return (
            <button
              key={role}
              type="button"
              className="admin-role"
              aria-pressed={on}
              disabled={locked}
              title={locked ? t`不能撤销自己的管理员身份` : undefined}
              onClick={() => {
                setPending({ kind: "role", role, on: !on });
              }}
            >
              {i18n._(ROLE_LABELS[role])}
            </button>
          );
        })}
      </fieldset>
      {pending === null ? (
        has("admin") ? null : (
          <div className="admin-buttons">
            <button
              type="button"
              className={
                user.banned ? "btn btn-ghost" : "btn admin-danger-ghost"
              }
              onClick={() => {
                setPending({ kind: "ban", banned: !user.banned });
              }}
            >
              {user.banned ? <Trans>解除封禁</Trans> : <Trans>封禁</Trans>}
            </button>
          </div>
        )
      ) : (
        <ConfirmStep
          question={question(pending)}
          confirm={<Trans>确认</Trans>}
          danger={
            (pending.kind === "ban" && pending.banned) ||
            (pending.kind === "role" && !pending.on)
          }
          busy={action.busy}
          onConfirm={() => {
            void send(pending).then(() => {
              setPending(null);
            });
          }}
          onCancel={() => {
            setPending(null);
          }}
        />
      )}
      <ActionError error={action.error} />
    </article>
  );
}
