// An open conversation (full screen): header with the peer, the connection banner, the windowed
// message list (older pages load as the reader scrolls back), new peer messages announced politely,
// the composer, image drop, and the image viewer; prayer agreements (staff send one, the user sees
// it waiting to be signed). Tells the worker the thread is shown while mounted.
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { ConnectionStatus } from "../../../workers/api";
import type { AppDb } from "../../db/AppDb";
import { channelKey, type ChannelRef } from "../../db/channelKey";
import { im } from "../../state/im";
import { BackIcon } from "../../ui/icons";
import { usePageTitle } from "../../ui/usePageTitle";
import { AgreementCards } from "../agreements/AgreementCards";
import { SendAgreementButton } from "../agreements/SendAgreementButton";
import { ChannelAvatar } from "./ChannelAvatar";
import { ArrowDownIcon } from "./chatIcons";
import { Composer } from "./Composer";
import { ConnectionBanner } from "./ConnectionBanner";
import { PERSON_CHANNEL } from "./messengerSearch";
import { ImageViewer } from "./ImageViewer";
import { ImageRefused, prepareImage, type PreparedImage } from "./imageFile";
import { MessageRow } from "./MessageRow";
import { ServiceWelcome } from "./ServiceWelcome";
import { ThreadAnnouncer } from "./ThreadAnnouncer";
import { messenger, toastMessengerError } from "./messengerActions";
import { markThreadOpenIfNeeded, markThreadPainted } from "./threadMarks";
import type { ThreadWindow } from "./threadQuery";
import {
  buildThreadRows,
  DAY_KEY_PREFIX,
  TIME_KEY_PREFIX,
  estimateRowHeight,
  START_KEY,
  type ThreadRow,
} from "./threadRows";
import { useChannelProfile } from "./useChannelProfile";
import { useLocale } from "./useLocale";
import { useNow } from "./useNow";
import { usePeerPresence } from "./usePeerPresence";
import { useThread } from "./useThread";
import { VirtualList, type VirtualListHandle } from "./VirtualList";
import "./thread.css";

interface ThreadViewProps {
  readonly db: AppDb;
  readonly channel: ChannelRef;
  /** The route loader's first read of this thread, if it has one. */
  readonly initial: ThreadWindow | undefined;
  readonly selfUid: string | null;
  readonly onClose: () => void;
  /** More buttons in the header (the staff workspace's customer context). */
  readonly headerActions?: ReactNode;
  /** More buttons beside the composer (the staff workspace's quick replies). */
  readonly composerTools?: ComponentProps<typeof Composer>["tools"];
}

const rowKey = (row: ThreadRow) => row.key;
const NO_ROWS: readonly ThreadRow[] = [];
/** Messages keep their place; day and time rows and the history marker move as history arrives. */
const anchorable = (key: string) =>
  key !== START_KEY &&
  !key.startsWith(DAY_KEY_PREFIX) &&
  !key.startsWith(TIME_KEY_PREFIX);

export function ThreadView({
  db,
  channel,
  initial,
  selfUid,
  onClose,
  headerActions,
  composerTools,
}: ThreadViewProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const now = useNow();
  const key = channelKey(channel);
  const person = channel.channelType === PERSON_CHANNEL;
  const profile = useChannelProfile(channel.channelId, channel.channelType);
  const title = profile?.nickname ?? channel.channelId;
  usePageTitle(title);
  const { connection } = useSnapshot(im);
  const connected = connection === ConnectionStatus.CONNECTED;
  const thread = useThread(db, channel, initial);
  const view = thread.window;
  usePeerPresence(
    person ? channel.channelId : null,
    connected,
    view === undefined
      ? undefined
      : (view.messages.findLast(
          (m) => m.fromUid === channel.channelId && !m.isDeleted,
        )?.clientMsgNo ?? null),
  );
  const rows = useMemo(
    () =>
      view === undefined
        ? []
        : buildThreadRows(view.messages, {
            selfUid,
            reachedStart: thread.reachedStart,
          }),
    [view, selfUid, thread.reachedStart],
  );
  // An empty chat with service greets the user (instead of only the "that is all" marker).
  const welcome =
    profile?.isService === 1 &&
    thread.reachedStart &&
    !rows.some((row) => row.kind === "message");
  const list = useRef<VirtualListHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [atBottom, setAtBottom] = useState(true);

  useEffect(() => {
    markThreadOpenIfNeeded();
    heading.current?.focus();
    void messenger.openConversation({ channel });
    return () => {
      void messenger.closeConversation({ channel });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `channel` is identified by `key`
  }, [key]);

  const onRendered = useCallback(
    (count: number) => {
      if (view !== undefined && (count > 0 || view.messages.length === 0))
        markThreadPainted();
    },
    [view],
  );

  const sendText = async (text: string): Promise<boolean> => {
    const result = await messenger.sendText({ channel, text });
    if (!result.ok) {
      toastMessengerError(result.error, i18n);
      return false;
    }
    list.current?.scrollToBottom();
    return true;
  };

  const sendImages = (files: readonly File[]) => {
    void (async () => {
      for (const file of files) {
        let image: PreparedImage;
        try {
          image = await prepareImage(file);
        } catch (error) {
          console.warn("Image cannot be sent", error);
          toastMessengerError(
            {
              code: error instanceof ImageRefused ? error.code : "INTERNAL",
              message: String(error),
              retryable: false,
            },
            i18n,
          );
          continue;
        }
        const result = await messenger.sendImage({ channel, ...image });
        if (!result.ok) toastMessengerError(result.error, i18n);
        else list.current?.scrollToBottom();
      }
    })();
  };

  const openImage = useCallback((src: string) => {
    setViewing(src);
  }, []);

  const renderRow = useCallback(
    (row: ThreadRow) => (
      <MessageRow
        row={row}
        db={db}
        selfUid={selfUid}
        peerName={title}
        connected={connected}
        locale={locale}
        now={now}
        onOpenImage={openImage}
      />
    ),
    [db, selfUid, title, connected, locale, now, openImage],
  );

  return (
    <section
      className="thread"
      aria-labelledby="thread-title"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes("Files")) event.preventDefault();
      }}
      onDrop={(event) => {
        // NOTE: every dropped file goes on: one that cannot be sent is refused with its reason.
        const files = Array.from(event.dataTransfer.files);
        if (files.length === 0) return;
        event.preventDefault();
        sendImages(files);
      }}
    >
      <header className="thread-head">
        <button
          type="button"
          className="icon-btn"
          aria-label={t`返回会话列表`}
          onClick={onClose}
        >
          <BackIcon />
        </button>
        <ChannelAvatar
          name={title}
          url={profile?.avatarUrl ?? null}
          online={profile?.online === true}
          size={36}
        />
        <div className="thread-title">
          <h1 id="thread-title" ref={heading} tabIndex={-1}>
            {title}
          </h1>
          <p className="thread-sub">
            {profile === null ? null : profile.online ? (
              <Trans>在线</Trans>
            ) : (
              <Trans>离线</Trans>
            )}
            {profile?.isService === 1 ? (
              <span className="chip">
                <Trans>客服</Trans>
              </span>
            ) : null}
            {profile?.isMonk === 1 ? (
              <span className="chip">
                <Trans>法师</Trans>
              </span>
            ) : null}
          </p>
        </div>
        {person ? (
          <SendAgreementButton peerImId={channel.channelId} peerName={title} />
        ) : null}
        {headerActions}
      </header>
      <ConnectionBanner />
      {person ? <AgreementCards db={db} channel={channel} /> : null}
      {thread.loadingOlder ? (
        <p className="thread-older" role="status">
          <Trans>正在加载更早的消息…</Trans>
        </p>
      ) : null}
      {thread.olderError === null ? null : (
        <p className="thread-older thread-older-error" role="alert">
          <Trans>更早的消息加载失败</Trans>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={thread.retryOlder}
          >
            <Trans>重试</Trans>
          </button>
        </p>
      )}
      {view === undefined ? (
        <p className="visually-hidden" role="status">
          <Trans>正在加载聊天记录…</Trans>
        </p>
      ) : null}
      {/* NOTE: mounted before the data arrives, so its viewport is measured by then. */}
      <VirtualList
        items={welcome ? NO_ROWS : rows}
        getKey={rowKey}
        estimateSize={estimateRowHeight}
        renderItem={renderRow}
        label={t`与 ${title} 的聊天记录`}
        className="thread-list"
        onNearTop={view === undefined ? undefined : thread.loadOlder}
        onAtBottomChange={setAtBottom}
        onRendered={onRendered}
        handleRef={list}
        anchorable={anchorable}
      />
      {atBottom ? null : (
        <button
          type="button"
          className="thread-latest"
          onClick={() => {
            list.current?.scrollToBottom();
          }}
        >
          <ArrowDownIcon size={18} />
          <Trans>回到最新</Trans>
        </button>
      )}
      <ThreadAnnouncer
        messages={view?.messages}
        selfUid={selfUid}
        title={title}
      />
      {welcome ? <ServiceWelcome onAsk={sendText} /> : null}
      <Composer
        ref={composer}
        label={t`给 ${title} 发消息`}
        onSendText={sendText}
        onSendImages={sendImages}
        tools={composerTools}
      />
      {viewing === null ? null : (
        <ImageViewer
          src={viewing}
          onClose={() => {
            setViewing(null);
          }}
        />
      )}
    </section>
  );
}
