// What the service worker does with a push and with a click, decided from plain data: show, skip
// or close notifications (one per conversation, keyed by tag), and which window to focus or open.
// Pure: sw glue (pushHandlers.ts) reads the windows and notifications and carries the plan out.
import { conversationPath, showsConversation } from "./conversationUrl";
import type { MessagePush, PushPayload } from "./pushPayload";

/** A window client as the plan sees it. */
export interface WindowInfo {
  url: string;
  focused: boolean;
  visible: boolean;
}

/** What a shown notification carries in `data`. */
export interface NotificationData {
  channelId: string;
  channelType: number;
  messageSeq: number;
  /** The un-prefixed app path of the conversation. */
  path: string;
}

export interface NotificationSpec {
  title: string;
  options: {
    body: string;
    tag: string;
    /** Replacing the conversation's notification does not alert again. */
    renotify: false;
    icon: string;
    data: NotificationData;
  };
}

export interface PushPlan {
  show: NotificationSpec | null;
  /** Indexes (into the shown notifications of the tag) to close. */
  close: number[];
}

export const NOTIFICATION_ICON = "/icons/icon-192.png";

export function notificationDataOf(value: unknown): NotificationData | null {
  if (typeof value !== "object" || value === null) return null;
  const r = value as Record<string, unknown>;
  if (
    typeof r.channelId !== "string" ||
    typeof r.channelType !== "number" ||
    typeof r.messageSeq !== "number" ||
    typeof r.path !== "string" ||
    !r.path.startsWith("/")
  )
    return null;
  return {
    channelId: r.channelId,
    channelType: r.channelType,
    messageSeq: r.messageSeq,
    path: r.path,
  };
}

function spec(push: MessagePush): NotificationSpec {
  return {
    title: push.title,
    options: {
      body: push.body,
      tag: push.tag,
      renotify: false,
      icon: NOTIFICATION_ICON,
      data: {
        channelId: push.channelId,
        channelType: push.channelType,
        messageSeq: push.messageSeq,
        path: conversationPath(push.channelId, push.channelType),
      },
    },
  };
}

/**
 * A message push shows (or replaces) its conversation's notification, unless a focused window
 * already shows that conversation (then its notification closes too) or a newer one is shown. A
 * read push closes the notification of the messages it covers.
 */
export function planPush(
  push: PushPayload,
  windows: readonly WindowInfo[],
  shownData: readonly unknown[],
): PushPlan {
  const shown = shownData.map(notificationDataOf);
  const all = shown.map((_, i) => i);
  if (push.type === "read")
    return {
      show: null,
      close: all.filter((i) => {
        const data = shown[i];
        return (
          data === null ||
          data === undefined ||
          data.messageSeq <= push.readToSeq
        );
      }),
    };
  const watching = windows.some(
    (w) =>
      w.focused && showsConversation(w.url, push.channelId, push.channelType),
  );
  if (watching) return { show: null, close: all };
  const newer = shown.some(
    (data) => data !== null && data.messageSeq >= push.messageSeq,
  );
  return { show: newer ? null : spec(push), close: [] };
}

export type ClickPlan =
  | { kind: "focus"; index: number; navigate: boolean }
  | { kind: "open"; path: string };

/**
 * A click focuses a window already showing the conversation; else the focused, a visible or any
 * window, which then navigates to it; with no window, one opens on it.
 */
export function planClick(
  data: NotificationData,
  windows: readonly WindowInfo[],
): ClickPlan {
  const showing = windows.findIndex((w) =>
    showsConversation(w.url, data.channelId, data.channelType),
  );
  if (showing >= 0) return { kind: "focus", index: showing, navigate: false };
  const preferred = [
    windows.findIndex((w) => w.focused),
    windows.findIndex((w) => w.visible),
    windows.length > 0 ? 0 : -1,
  ].find((i) => i >= 0);
  if (preferred === undefined) return { kind: "open", path: data.path };
  return { kind: "focus", index: preferred, navigate: true };
}
