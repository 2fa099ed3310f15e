// The conversation list of /destiny: filter (all / service / monk, with unread per filter), pull to
// refresh and a refresh button (channel info is fetched again; rows are live from IndexedDB), the
// rows, an empty state with "contact service", and the delete confirmation.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { useSnapshot } from "valtio";
import { session } from "../../state/session";
import type { AppDb } from "../../db/AppDb";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { RefreshIcon } from "../../ui/icons";
import { ContactServiceButton } from "../chatEntry/ContactServiceButton";
import type { ImProfile } from "../chatEntry/imUserApi";
import {
  getProfileEntry,
  profilesVersion,
  refreshProfiles,
  requestProfiles,
  subscribeProfiles,
} from "./channelProfiles";
import {
  filterConversations,
  loadConversationItems,
  personChannelIds,
  unreadByFilter,
  type ConversationItem,
} from "./conversationQueries";
import { ConversationRow } from "./ConversationRow";
import { DeleteConversationDialog } from "./DeleteConversationDialog";
import { FilterChips } from "./FilterChips";
import {
  CONVERSATION_FILTERS,
  PERSON_CHANNEL,
  type ConversationFilter,
} from "./messengerSearch";
import { messenger, toastMessengerError } from "./messengerActions";
import { PULL_THRESHOLD_PX, usePullToRefresh } from "./usePullToRefresh";
import { useLocale } from "./useLocale";
import { useNow } from "./useNow";

interface ConversationListProps {
  readonly db: AppDb;
  readonly selfUid: string | null;
  readonly filter: ConversationFilter;
  /** The conversation just closed: its row gets focus back. */
  readonly returnFocusTo: string | null;
}

function UnreadCount({ count }: { readonly count: number }) {
  return <Trans>{count} 条未读</Trans>;
}

function profileOf(channelId: string, channelType: number): ImProfile | null {
  return channelType === PERSON_CHANNEL
    ? (getProfileEntry(channelId)?.profile ?? null)
    : null;
}

export function ConversationList({
  db,
  selfUid,
  filter,
  returnFocusTo,
}: ConversationListProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const locale = useLocale();
  const localeParam = useLocaleParam();
  const now = useNow();
  const items = useLiveQuery(() => loadConversationItems(db), [db]);
  useSyncExternalStore(subscribeProfiles, profilesVersion);
  const [deleting, setDeleting] = useState<{
    item: ConversationItem;
    title: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const focused = useRef<string | null>(null);

  useEffect(() => {
    requestProfiles(personChannelIds(items ?? []));
  }, [items]);

  useEffect(() => {
    if (returnFocusTo === null || items === undefined) return;
    if (focused.current === returnFocusTo) return;
    focused.current = returnFocusTo;
    const links =
      listRef.current?.querySelectorAll<HTMLElement>("[data-conversation]") ??
      [];
    for (const link of links)
      if (link.dataset.conversation === returnFocusTo) link.focus();
  }, [returnFocusTo, items]);

  const pull = usePullToRefresh(listRef, refreshProfiles);
  const askDelete = useCallback((item: ConversationItem, title: string) => {
    setDeleting({ item, title });
  }, []);

  const setFilter = (next: ConversationFilter) => {
    void navigate({
      to: "/{-$locale}/destiny",
      params: { locale: localeParam },
      search: { filter: next === "all" ? undefined : next },
      replace: true,
    });
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    setBusy(true);
    const { channelId, channelType } = deleting.item.conversation;
    const result = await messenger.deleteConversation({
      channel: { channelId, channelType },
    });
    setBusy(false);
    setDeleting(null);
    if (!result.ok) toastMessengerError(result.error, i18n);
  };

  const counts = unreadByFilter(items ?? [], profileOf);
  const visible = filterConversations(items ?? [], filter, profileOf);
  // NOTE: staff and monks are the ones users contact: "contact service" is not their advice.
  const { user } = useSnapshot(session);
  const serves = user?.isService === 1 || user?.isMonk === 1;
  const filterLabels: Record<ConversationFilter, string> = {
    all: t({ message: "全部", context: "conversation filter" }),
    service: t({ message: "客服", context: "conversation filter" }),
    monk: t({ message: "法师", context: "conversation filter" }),
  };

  return (
    <div className="page messenger-page" ref={listRef}>
      <header className="page-head messenger-head">
        <h1>
          <Trans>消息</Trans>
        </h1>
        <div className="messenger-head-actions">
          <ContactServiceButton className="btn btn-ghost messenger-contact" />
          <button
            type="button"
            className="icon-btn"
            aria-label={t`刷新`}
            onClick={refreshProfiles}
          >
            <RefreshIcon />
          </button>
        </div>
      </header>
      <div
        className="conv-pull"
        style={{ height: pull }}
        aria-hidden="true"
        data-ready={pull >= PULL_THRESHOLD_PX}
      >
        <RefreshIcon size={20} />
      </div>
      <FilterChips
        filters={CONVERSATION_FILTERS}
        labels={filterLabels}
        counts={counts}
        selected={filter}
        onSelect={setFilter}
        countText={(count) => <UnreadCount count={count} />}
        label={t`筛选会话`}
      />
      {items === undefined ? (
        <div className="conv-skeleton" aria-busy="true">
          <p className="visually-hidden" role="status">
            <Trans>正在加载会话…</Trans>
          </p>
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
        </div>
      ) : visible.length === 0 ? (
        <div className="empty conv-empty">
          <p>
            {filter !== "all" ? (
              <Trans>这里还没有会话。</Trans>
            ) : serves ? (
              <Trans>还没有会话。用户发来的消息会显示在这里。</Trans>
            ) : (
              <Trans>还没有会话。有任何问题，欢迎联系客服。</Trans>
            )}
          </p>
          {filter === "all" && !serves ? (
            <ContactServiceButton className="btn btn-primary" />
          ) : null}
        </div>
      ) : (
        <ul className="conv-list card" aria-label={t`会话列表`}>
          {visible.map((item) => (
            <ConversationRow
              key={`${String(item.conversation.channelType)}:${item.conversation.channelId}`}
              item={item}
              profile={profileOf(
                item.conversation.channelId,
                item.conversation.channelType,
              )}
              selfUid={selfUid}
              now={now}
              locale={locale}
              filter={filter}
              onDelete={askDelete}
            />
          ))}
        </ul>
      )}
      {deleting === null ? null : (
        <DeleteConversationDialog
          title={deleting.title}
          busy={busy}
          onCancel={() => {
            setDeleting(null);
          }}
          onConfirm={() => {
            void confirmDelete();
          }}
        />
      )}
    </div>
  );
}
