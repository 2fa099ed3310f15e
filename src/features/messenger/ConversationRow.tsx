// One conversation in the list: avatar with online dot, the peer's name and role, the last
// message's digest (with pending/failed marks), its time and the unread badge; plus delete.
import { memo, type MouseEvent, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { MessageStatus } from "../../db/entities/MessageRecord";
import type { Locale } from "../../i18n/locales";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { badgeText } from "../shell/unreadIndicators";
import type { ImProfile } from "../chatEntry/imUserApi";
import { ChannelAvatar } from "./ChannelAvatar";
import { formatListTime } from "./chatTime";
import { TrashIcon } from "./chatIcons";
import type { ChannelRef } from "../../db/channelKey";
import type { ConversationItem } from "./conversationQueries";
import { searchForChannel, type ConversationFilter } from "./messengerSearch";
import { digestText, messageView } from "./messageView";
import { markThreadOpen } from "./threadMarks";

interface ConversationRowProps {
  readonly item: ConversationItem;
  readonly profile: ImProfile | null;
  readonly selfUid: string | null;
  readonly now: number;
  readonly locale: Locale;
  readonly filter: ConversationFilter;
  /** Absent: the row has no delete button (the staff workspace). */
  readonly onDelete?:
    ((item: ConversationItem, title: string) => void) | undefined;
  /**
   * Draws the row's link elsewhere than /destiny (the staff workspace opens the chat beside its
   * list); it must render `props` and `children` on its link.
   */
  readonly renderLink?: ((link: RowLink) => ReactNode) | undefined;
}

/** What a row's link carries, whoever draws it. */
export interface RowLink {
  readonly channel: ChannelRef;
  readonly props: {
    readonly className: string;
    readonly "data-conversation": string;
    readonly onClick: (event: MouseEvent) => void;
  };
  readonly children: ReactNode;
}

export const ConversationRow = memo(function ConversationRow({
  item,
  profile,
  selfUid,
  now,
  locale,
  filter,
  onDelete,
  renderLink,
}: ConversationRowProps) {
  const { t, i18n } = useLingui();
  const localeParam = useLocaleParam();
  const { conversation, last } = item;
  const title = profile?.nickname ?? conversation.channelId;
  const unread = Math.max(0, conversation.unread);
  const own = last !== undefined && last.fromUid === selfUid;
  const digest =
    last === undefined ? "" : digestText(messageView(last, selfUid), i18n);
  const time = formatListTime(
    last?.timestamp ?? conversation.timestamp,
    now,
    locale,
    { today: t`今天`, yesterday: t`昨天` },
  );
  const channel = {
    channelId: conversation.channelId,
    channelType: conversation.channelType,
  };

  const linkProps = {
    className: "conv-link",
    "data-conversation": conversation.channelId,
    onClick: markThreadOpen,
  };
  const content = (
    <>
      <ChannelAvatar
        name={title}
        url={profile?.avatarUrl ?? null}
        online={profile?.online === true}
      />
      <span className="conv-main">
        <span className="conv-top">
          <span className="conv-title">{title}</span>
          {profile?.isService === 1 ? (
            <span className="chip conv-role">
              <Trans>客服</Trans>
            </span>
          ) : null}
          {profile?.isMonk === 1 ? (
            <span className="chip conv-role">
              <Trans>法师</Trans>
            </span>
          ) : null}
          {profile?.online === true ? (
            <span className="visually-hidden">
              <Trans>在线</Trans>
            </span>
          ) : null}
          <span className="conv-time">{time}</span>
        </span>
        <span className="conv-bottom">
          <span className="conv-digest">
            {own && last.status === MessageStatus.FAIL ? (
              <span className="conv-flag conv-flag-fail">
                <Trans>[发送失败]</Trans>{" "}
              </span>
            ) : null}
            {own && last.status === MessageStatus.WAIT ? (
              <span className="conv-flag">
                <Trans>[发送中]</Trans>{" "}
              </span>
            ) : null}
            {digest}
          </span>
          {unread > 0 ? (
            <span className="conv-badge" aria-hidden="true">
              {badgeText(unread)}
            </span>
          ) : null}
          {unread > 0 ? (
            <span className="visually-hidden">
              <Trans>{unread} 条未读</Trans>
            </span>
          ) : null}
        </span>
      </span>
    </>
  );

  return (
    <li className="conv-row" data-channel={conversation.channelId}>
      {renderLink === undefined ? (
        <Link
          to="/{-$locale}/destiny"
          params={{ locale: localeParam }}
          search={searchForChannel(channel, filter)}
          {...linkProps}
        >
          {content}
        </Link>
      ) : (
        renderLink({ channel, props: linkProps, children: content })
      )}
      {onDelete === undefined ? null : (
        <button
          type="button"
          className="icon-btn conv-delete"
          aria-label={t`删除与 ${title} 的会话`}
          onClick={() => {
            onDelete(item, title);
          }}
        >
          <TrashIcon size={20} />
        </button>
      )}
    </li>
  );
});
