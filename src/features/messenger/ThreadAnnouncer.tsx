// The open thread's polite live region: a new message from someone else is read out as "name:
// digest" by screen readers (own messages, deleted ones and the first window are not news). Its own
// component so that announcing re-renders this line, not the whole thread.
import { useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { MessageRecord } from "../../db/entities/MessageRecord";
import { digestText, messageView } from "./messageView";

interface ThreadAnnouncerProps {
  /** The thread's messages in display order; undefined before the first read. */
  readonly messages: readonly MessageRecord[] | undefined;
  readonly selfUid: string | null;
  /** The thread's name, said before the message. */
  readonly title: string;
}

export function ThreadAnnouncer({
  messages,
  selfUid,
  title,
}: ThreadAnnouncerProps) {
  const { t, i18n } = useLingui();
  const [announcement, setAnnouncement] = useState("");
  const newest = useRef<string | null>(null);

  useEffect(() => {
    // NOTE: deleted rows (and the markers of resent copies, issue #18) are not shown: not news.
    const last = messages?.findLast((m) => !m.isDeleted);
    if (last === undefined) return;
    const isNew =
      newest.current !== null && newest.current !== last.clientMsgNo;
    newest.current = last.clientMsgNo;
    if (isNew && last.fromUid !== selfUid) {
      const digest = digestText(messageView(last, selfUid), i18n);
      setAnnouncement(t`${title}：${digest}`);
    }
  }, [messages, selfUid, title, t, i18n]);

  return (
    <div className="visually-hidden" aria-live="polite">
      {announcement}
    </div>
  );
}
