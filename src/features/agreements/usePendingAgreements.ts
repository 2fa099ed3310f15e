// The agreements waiting for my signature in an open chat: asked of the server (chatAgreements)
// only when there is a sign reminder of this channel in the IM database or the peer's
// `prayer.agreement` command arrived while the thread is open. Reads only; the worker writes Dexie.
import { useEffect, useState } from "react";
import { useLiveQuery } from "dexie-react-hooks";
import type { AppDb } from "../../db/AppDb";
import type { ChannelRef } from "../../db/channelKey";
import type { Locale } from "../../i18n/locales";
import { onImEvent } from "../../messenger/imClient";
import { fetchChatAgreements, type ChatAgreement } from "./agreementsApi";

/** The reminder type of "please sign your agreement" (server/domain/messenger/reminders.ts SIGN_AGREEMENT). */
export const SIGN_AGREEMENT_REMINDER = 101;
/** The command staff send with an agreement (server/domain/agreements/agreements.ts AGREEMENT_CMD). */
export const AGREEMENT_CMD = "prayer.agreement";

export interface PendingAgreements {
  /** Unsigned agreements this peer sent me, newest first. */
  readonly agreements: readonly ChatAgreement[];
  /** True when the last attempt to load them failed. */
  readonly failed: boolean;
  readonly retry: () => void;
}

/** Open sign reminders of `channel` in the IM database. */
export function countSignReminders(
  db: AppDb,
  channel: ChannelRef,
): Promise<number> {
  return db.reminders
    .where("[channelId+channelType]")
    .equals([channel.channelId, channel.channelType])
    .filter((r) => r.reminderType === SIGN_AGREEMENT_REMINDER && !r.done)
    .count();
}

export function usePendingAgreements(
  db: AppDb,
  channel: ChannelRef,
  locale: Locale,
): PendingAgreements {
  const { channelId, channelType } = channel;
  const reminders = useLiveQuery(
    () => countSignReminders(db, { channelId, channelType }),
    [db, channelId, channelType],
    0,
  );
  const [commands, setCommands] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [agreements, setAgreements] = useState<readonly ChatAgreement[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(
    () =>
      onImEvent((event) => {
        if (
          event.type === "command" &&
          event.cmd === AGREEMENT_CMD &&
          event.channel.channelId === channelId &&
          event.channel.channelType === channelType
        )
          setCommands((n) => n + 1);
      }),
    [channelId, channelType],
  );

  const wanted = reminders > 0 || commands > 0;
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    fetchChatAgreements(channelId, locale, { signal: abort.signal }).then(
      (list) => {
        setAgreements(list.filter((a) => a.status === "sent"));
        setFailed(false);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Agreements of the chat could not be loaded", error);
        setFailed(true);
      },
    );
    return () => {
      abort.abort();
    };
  }, [wanted, reminders, commands, attempt, channelId, locale]);

  return {
    agreements: wanted ? agreements : [],
    failed: wanted && failed,
    retry: () => {
      setAttempt((n) => n + 1);
    },
  };
}
