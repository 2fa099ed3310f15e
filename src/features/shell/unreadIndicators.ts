// The unread count the app shows outside the messenger (messages tab badge, "(3) 福缘" title, app
// icon badge): how it is derived and how it is written. useUnreadIndicators is the ONE writer of the
// document title prefix and of navigator.setAppBadge.
import { useEffect } from "react";

/** Badges show at most this number, then "99+". */
export const BADGE_MAX = 99;

export interface UnreadSources {
  /** Sum of the conversations' unread in this user's IM database; null until it has been read. */
  readonly localUnread: number | null;
  /** The server's unread total kept for service staff (0 for other users). */
  readonly serviceUnread: number;
  /** The server's unread total kept for monks (0 for other users). */
  readonly monkUnread: number;
}

/**
 * The number to show. The IM database is the live source every tab shares (a read in one tab clears
 * it everywhere at once); the server's service and monk counters fill in until it has been read.
 */
export function navUnreadCount(sources: UnreadSources): number {
  const count =
    sources.localUnread ?? sources.serviceUnread + sources.monkUnread;
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/** `"7"`, `"99+"`; empty for 0. */
export function badgeText(count: number): string {
  if (count <= 0) return "";
  return count > BADGE_MAX ? `${String(BADGE_MAX)}+` : String(count);
}

const PREFIX = /^\(\d+\+?\) /;

/** `title` with its unread prefix replaced: `titleWithUnread("消息 · 福缘", 3)` → `"(3) 消息 · 福缘"`. */
export function titleWithUnread(title: string, count: number): string {
  const base = title.replace(PREFIX, "");
  return count > 0 ? `(${badgeText(count)}) ${base}` : base;
}

/** Sets (or clears) the installed app's icon badge where the browser supports it. */
export async function applyAppBadge(
  count: number,
  nav: Partial<Pick<Navigator, "setAppBadge" | "clearAppBadge">> = navigator,
): Promise<void> {
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // NOTE: refused when the app is not installed or the permission is missing; nothing to show.
  }
}

/**
 * Keeps the document title's "(n) " prefix and the app badge at `count`. Pages set their own titles
 * (usePageTitle); a MutationObserver re-applies the prefix to each new title.
 */
export function useUnreadIndicators(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithUnread(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    void applyAppBadge(count);
    return () => {
      observer.disconnect();
    };
  }, [count]);
}
