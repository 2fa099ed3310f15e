// /destiny (signed-in users): the conversation list, or the open conversation named by the search
// params (so back/forward move between them). Focus goes to the thread's heading on open and back
// to the conversation's row on close.
import { useEffect, useState } from "react";
import { getRouteApi, useCanGoBack, useRouter } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { channelKey } from "../../db/channelKey";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { watchProfiles } from "./channelProfiles";
import { ConnectionBanner } from "./ConnectionBanner";
import { ConversationList } from "./ConversationList";
import { openChannelOf } from "./messengerSearch";
import { snapshotKey } from "./threadLoader";
import { ThreadView } from "./ThreadView";
import { useImDb } from "./useImDb";
import "./destiny.css";

const route = getRouteApi("/{-$locale}/destiny");

function ListTitle() {
  const { t } = useLingui();
  usePageTitle(t`消息`);
  return null;
}

export function MessengerPage() {
  const search = route.useSearch();
  const snapshot = route.useLoaderData();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const locale = useLocaleParam();
  const { db, imUid } = useImDb();
  const channel = openChannelOf(search);
  const filter = search.filter ?? "all";
  const [lastOpen, setLastOpen] = useState<string | null>(null);
  const openId = channel?.channelId ?? null;
  // Names and avatars come from the stored channel info (also offline).
  useEffect(() => watchProfiles(db), [db]);

  // NOTE: derived while rendering (React's "adjust state when a prop changes"), not in an effect.
  if (openId !== null && openId !== lastOpen) setLastOpen(openId);

  if (db === null)
    return (
      <div className="page messenger-page">
        <p className="empty">
          <Trans>正在准备消息服务…</Trans>
        </p>
      </div>
    );

  if (channel !== null) {
    const close = () => {
      if (canGoBack) router.history.back();
      else
        void router.navigate({
          to: "/{-$locale}/destiny",
          params: { locale },
          search: { filter: search.filter },
          replace: true,
        });
    };
    return (
      <ThreadView
        key={channelKey(channel)}
        db={db}
        channel={channel}
        initial={
          imUid !== null && snapshot?.key === snapshotKey(imUid, channel)
            ? snapshot.window
            : undefined
        }
        selfUid={imUid}
        onClose={close}
      />
    );
  }

  return (
    <>
      <ListTitle />
      <ConnectionBanner />
      <ConversationList
        db={db}
        selfUid={imUid}
        filter={filter}
        returnFocusTo={lastOpen}
      />
    </>
  );
}
