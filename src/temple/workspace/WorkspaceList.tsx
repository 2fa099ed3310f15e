// The workspace's conversation list: the chat page's rows (ConversationRow over the IM worker's
// conversations), filter chips with counts (all, unread, awaiting our reply, assigned to me) and
// a refresh of names and avatars; a row opens its chat beside the list (or instead, on a phone).
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import type { AppDb } from "../../db/AppDb";
import {
  getProfileEntry,
  profilesVersion,
  refreshProfiles,
  requestProfiles,
  subscribeProfiles,
} from "../../features/messenger/channelProfiles";
import {
  loadConversationItems,
  personChannelIds,
} from "../../features/messenger/conversationQueries";
import {
  ConversationRow,
  type RowLink,
} from "../../features/messenger/ConversationRow";
import { PERSON_CHANNEL } from "../../features/messenger/messengerSearch";
import { FilterChips } from "../../features/messenger/FilterChips";
import { useLocale } from "../../features/messenger/useLocale";
import { useNow } from "../../features/messenger/useNow";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { RefreshIcon } from "../../ui/icons";
import { usePageTitle } from "../../ui/usePageTitle";
import type { Loaded } from "./useLoaded";
import type { AssignedCustomers } from "./workspaceApi";
import { countByFilter, matchesFilter } from "./workspaceFilters";
import { WORKSPACE_FILTERS, type WorkspaceFilter } from "./workspaceSearch";

interface WorkspaceListProps {
  readonly db: AppDb;
  readonly selfUid: string | null;
  readonly filter: WorkspaceFilter;
  readonly openId: string | null;
  readonly assigned: Loaded<AssignedCustomers>;
  readonly onFilter: (filter: WorkspaceFilter) => void;
}

const profileOf = (channelId: string, channelType: number) =>
  channelType === PERSON_CHANNEL
    ? (getProfileEntry(channelId)?.profile ?? null)
    : null;

export function WorkspaceList({
  db,
  selfUid,
  filter,
  openId,
  assigned,
  onFilter,
}: WorkspaceListProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const localeParam = useLocaleParam();
  const now = useNow();
  usePageTitle(t`会话工作台`);
  const items = useLiveQuery(() => loadConversationItems(db), [db]);
  useSyncExternalStore(subscribeProfiles, profilesVersion);

  useEffect(() => {
    requestProfiles(personChannelIds(items ?? []));
  }, [items]);

  const mine = assigned.data === undefined ? null : new Set(assigned.data.list);
  const facts = { assigned: mine };
  const counts = countByFilter(items ?? [], facts);
  const visible = (items ?? []).filter((item) =>
    matchesFilter(item, filter, facts),
  );
  const labels: Record<WorkspaceFilter, string> = {
    all: t({ message: "全部", context: "conversation filter" }),
    unread: t({ message: "未读", context: "conversation filter" }),
    awaiting: t({ message: "待回复", context: "conversation filter" }),
    mine: t({ message: "分配给我", context: "conversation filter" }),
  };

  const renderLink = useCallback(
    ({ channel, props, children }: RowLink) => (
      <Link
        to="/{-$locale}/staff/chats"
        params={{ locale: localeParam }}
        search={{
          chat: channel.channelId,
          filter: filter === "all" ? undefined : filter,
        }}
        aria-current={channel.channelId === openId ? "page" : undefined}
        {...props}
      >
        {children}
      </Link>
    ),
    [localeParam, filter, openId],
  );

  const refresh = () => {
    refreshProfiles();
    assigned.reload();
  };

  return (
    <section className="ws-list" aria-labelledby="ws-title">
      <header className="page-head staff-desk-head">
        <h1 id="ws-title">
          <Trans>会话工作台</Trans>
        </h1>
        <button
          type="button"
          className="icon-btn"
          aria-label={t`刷新`}
          onClick={refresh}
        >
          <RefreshIcon size={22} />
        </button>
      </header>
      <FilterChips
        filters={WORKSPACE_FILTERS}
        labels={labels}
        counts={counts}
        selected={filter}
        onSelect={onFilter}
        countText={(count) => <Trans>{count} 个会话</Trans>}
        label={t`筛选会话`}
      />
      {filter === "mine" && assigned.failed !== undefined ? (
        <p className="form-error ws-list-note" role="alert">
          <Trans>无法加载分配给您的客户。</Trans>{" "}
          <button
            type="button"
            className="btn btn-ghost"
            onClick={assigned.reload}
          >
            <Trans>重试</Trans>
          </button>
        </p>
      ) : null}
      {items === undefined || (filter === "mine" && mine === null) ? (
        <div className="conv-skeleton" aria-busy="true">
          <p className="visually-hidden" role="status">
            <Trans>正在加载会话…</Trans>
          </p>
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
        </div>
      ) : visible.length === 0 ? (
        <p className="empty conv-empty">
          {filter === "all" ? (
            <Trans>还没有会话。用户发来的消息会显示在这里。</Trans>
          ) : filter === "awaiting" ? (
            <Trans>没有等待回复的会话。</Trans>
          ) : (
            <Trans>这里还没有会话。</Trans>
          )}
        </p>
      ) : (
        <ul className="conv-list card ws-conv-list" aria-label={t`会话列表`}>
          {visible.map((item) => (
            <ConversationRow
              key={item.conversation.channelId}
              item={item}
              profile={profileOf(
                item.conversation.channelId,
                item.conversation.channelType,
              )}
              selfUid={selfUid}
              now={now}
              locale={locale}
              filter="all"
              renderLink={renderLink}
            />
          ))}
        </ul>
      )}
      {assigned.data?.truncated === true && filter === "mine" ? (
        <p className="muted ws-list-note">
          <Trans>只显示最近分配给您的 1000 位客户。</Trans>
        </p>
      ) : null}
    </section>
  );
}
