// One row of an open conversation: a day separator (the day and clock of its first message), a
// time row (a clock after more than 5 minutes), the beginning-of-history marker, a system or
// revoked line, or a message bubble (own on the right) with its state: sending, waiting for the
// connection, failed with retry, read/unread for receipt messages, edited; a signed prayer
// agreement's image is captioned as such, and a temple's order update links to the order.
import { memo } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { isApiErrorReason } from "#contract";
import type { AppDb } from "../../db/AppDb";
import {
  MessageStatus,
  type MessageFailure,
  type MessageRecord,
} from "../../db/entities/MessageRecord";
import { apiErrorText } from "../../i18n/apiErrorMessages";
import { type Locale, localeParam } from "../../i18n/locales";
import { formatClock, formatDayLabel } from "./chatTime";
import { RetryIcon } from "./chatIcons";
import { ImageBubble } from "./ImageBubble";
import { messageView, revokedText } from "./messageView";
import { messenger, toastMessengerError } from "./messengerActions";
import { sameRow, type ThreadRow } from "./threadRows";

interface MessageRowProps {
  readonly row: ThreadRow;
  readonly db: AppDb;
  readonly selfUid: string | null;
  readonly peerName: string;
  readonly connected: boolean;
  readonly locale: Locale;
  readonly now: number;
  readonly onOpenImage: (src: string) => void;
}

/** The translated sentence of the server's refusal of an upload (too large, not an image…). */
function refusalText(failure: MessageFailure | undefined): string | undefined {
  const refusal = failure?.refusal;
  return refusal !== undefined && isApiErrorReason(refusal.reason)
    ? apiErrorText(refusal.reason, refusal.params)
    : undefined;
}

function MessageState({
  message,
  connected,
}: {
  readonly message: MessageRecord;
  readonly connected: boolean;
}) {
  const { t, i18n } = useLingui();
  if (message.status === MessageStatus.WAIT)
    return (
      <span className="msg-state">
        {connected ? <Trans>发送中…</Trans> : <Trans>等待连接…</Trans>}
      </span>
    );
  if (message.status === MessageStatus.FAIL)
    return (
      <span className="msg-state msg-state-fail">
        {message.failure?.code === "UPLOAD_FAILED" ||
        message.failure?.code === "UPLOAD_CANCELLED" ? (
          (refusalText(message.failure) ?? <Trans>图片未发出</Trans>)
        ) : (
          <Trans>发送失败</Trans>
        )}
        <button
          type="button"
          className="msg-retry"
          aria-label={t`重新发送`}
          onClick={() => {
            void messenger
              .retry({ clientMsgNo: message.clientMsgNo })
              .then((result) => {
                if (!result.ok) toastMessengerError(result.error, i18n);
              });
          }}
        >
          <RetryIcon size={16} />
          <Trans>重发</Trans>
        </button>
      </span>
    );
  if (message.receipt) {
    const read = (message.extra?.readedCount ?? 0) > 0;
    return (
      <span className={read ? "msg-state msg-read" : "msg-state msg-unread"}>
        {read ? <Trans>已读</Trans> : <Trans>未读</Trans>}
      </span>
    );
  }
  return null;
}

/**
 * Whether a row renders the same: its row shows the same thing (buildThreadRows makes new row
 * objects on every window, around the same message objects) and every other prop is the same.
 */
function sameProps(previous: MessageRowProps, next: MessageRowProps): boolean {
  const keys = Object.keys(next) as (keyof MessageRowProps)[];
  return (
    keys.length === Object.keys(previous).length &&
    keys.every((key) =>
      key === "row"
        ? sameRow(previous.row, next.row)
        : Object.is(previous[key], next[key]),
    )
  );
}

export const MessageRow = memo(function MessageRow({
  row,
  db,
  selfUid,
  peerName,
  connected,
  locale,
  now,
  onOpenImage,
}: MessageRowProps) {
  const { t, i18n } = useLingui();
  switch (row.kind) {
    case "start":
      return (
        <p className="msg-start">
          <Trans>— 以上是全部聊天记录 —</Trans>
        </p>
      );
    case "day":
      return (
        <p className="msg-day">
          <time dateTime={new Date(row.ms).toISOString()}>
            {formatDayLabel(row.ms, now, locale, {
              today: t`今天`,
              yesterday: t`昨天`,
            })}{" "}
            {formatClock(row.ms)}
          </time>
        </p>
      );
    case "time":
      return (
        <p className="msg-day">
          <time dateTime={new Date(row.ms).toISOString()}>
            {formatClock(row.ms)}
          </time>
        </p>
      );
    case "message":
      break;
  }
  const { message, own } = row;
  const view = messageView(message, selfUid);
  if (view.kind === "system") return <p className="msg-system">{view.text}</p>;
  if (view.kind === "revoked")
    return <p className="msg-system">{revokedText(view.byMe, i18n)}</p>;
  const pending = message.status !== MessageStatus.NORMAL;
  return (
    <div
      className={own ? "msg msg-own" : "msg msg-peer"}
      data-status={message.status}
    >
      <span className="visually-hidden">
        {own ? <Trans>我：</Trans> : <Trans>{peerName}：</Trans>}
      </span>
      {view.kind === "image" ? (
        <ImageBubble
          db={db}
          clientMsgNo={message.clientMsgNo}
          url={view.url}
          width={view.width}
          height={view.height}
          pending={pending}
          onOpen={onOpenImage}
        />
      ) : null}
      {view.kind === "image" &&
      typeof message.content.agreementId === "number" ? (
        <p className="agreement-caption">
          <Trans>已签署的祈福协议</Trans>
        </p>
      ) : null}
      {view.kind === "image" ? null : (
        <div className="msg-bubble">
          {view.kind === "text" ? (
            <>
              {view.text}
              {view.orderNo === undefined ? null : (
                <Link
                  className="msg-order-link"
                  to="/{-$locale}/order"
                  params={{ locale: localeParam(locale) }}
                  search={{ masterOrderNo: view.orderNo }}
                >
                  <Trans>查看订单</Trans>
                </Link>
              )}
            </>
          ) : (
            <span className="msg-unknown">
              <Trans>[暂不支持的消息，请在新版本中查看]</Trans>
            </span>
          )}
        </div>
      )}
      <div className="msg-meta">
        {/* NOTE: the time rows show when; each bubble keeps its own for screen readers. */}
        <time
          className="visually-hidden"
          dateTime={new Date(message.timestamp).toISOString()}
        >
          {formatClock(message.timestamp)}
        </time>
        {view.kind === "text" && view.edited ? (
          <span className="msg-edited">
            <Trans>已编辑</Trans>
          </span>
        ) : null}
        {own ? <MessageState message={message} connected={connected} /> : null}
      </div>
    </div>
  );
}, sameProps);
