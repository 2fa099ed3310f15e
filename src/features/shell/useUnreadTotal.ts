// The unread number of the navigation, title and app badge: the live sum of the signed-in user's IM
// database (watched through a lazily loaded module) with the server's service/monk counters before it.
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { im } from "../../state/im";
import { session } from "../../state/session";
import { navUnreadCount } from "./unreadIndicators";

/** Whether this browser can hold the IM database (jsdom and very old browsers cannot). */
function hasIndexedDb(): boolean {
  return typeof indexedDB !== "undefined";
}

export function useUnreadTotal(): number {
  const { imUid, isLoggedIn } = useSnapshot(session);
  const { serviceUnread, monkUnread } = useSnapshot(im);
  const [local, setLocal] = useState<{
    uid: string;
    total: number | null;
  } | null>(null);
  const uid = isLoggedIn ? imUid : null;

  useEffect(() => {
    if (uid === null || !hasIndexedDb()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("../chatEntry/watchLocalUnread")
      .then(({ watchLocalUnread }) => {
        if (cancelled) return;
        stop = watchLocalUnread(uid, (total) => {
          setLocal({ uid, total });
        });
      })
      .catch((error: unknown) => {
        console.warn("Unread watch failed to load", error);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [uid]);

  if (uid === null) return 0;
  return navUnreadCount({
    localUnread: local?.uid === uid ? local.total : null,
    serviceUnread,
    monkUnread,
  });
}
