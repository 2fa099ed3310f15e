// The wording of push notifications in the three product locales (the subscribing tab's locale).
// Plain typed table, not Lingui: this text is rendered on the server and shown by the service
// worker as it arrives.
import type { Locale } from "../../lib/locale";

export interface PushWording {
  /** Title when the sender has no name. */
  someone: string;
  /** Body of an image message. */
  image: string;
  /** Body of any message without text to show. */
  other: string;
  /** Body when `count` messages of one conversation are unread (the newest reads `digest`). */
  collapsed: (count: number, digest: string) => string;
}

export const PUSH_WORDING: Record<Locale, PushWording> = {
  cn: {
    someone: "新消息",
    image: "[图片]",
    other: "[新消息]",
    collapsed: (count, digest) => `${count} 条新消息：${digest}`,
  },
  tw: {
    someone: "新訊息",
    image: "[圖片]",
    other: "[新訊息]",
    collapsed: (count, digest) => `${count} 則新訊息：${digest}`,
  },
  en: {
    someone: "New message",
    image: "[Image]",
    other: "[New message]",
    collapsed: (count, digest) => `${count} new messages: ${digest}`,
  },
};
