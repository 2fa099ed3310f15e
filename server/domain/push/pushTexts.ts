// The wording of push notifications in the three product locales (the subscribing tab's locale):
// cn here, tw and en in the Lingui catalog locales/{locale}/server.po (server/i18n). Rendered on
// the server and shown by the service worker as it arrives.
import { type ServerMessage, translate } from "../../i18n/serverI18n";
import { LOCALES, type Locale } from "../../lib/locale";

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

const SOMEONE: ServerMessage = /*i18n*/ {
  id: "push.someone",
  message: "新消息",
};
const IMAGE: ServerMessage = /*i18n*/ { id: "push.image", message: "[图片]" };
const OTHER: ServerMessage = /*i18n*/ { id: "push.other", message: "[新消息]" };
const COLLAPSED: ServerMessage = /*i18n*/ {
  id: "push.collapsed",
  message: "{count} 条新消息：{digest}",
  comment: "{count} unread messages, the newest of which reads {digest}",
};

function wording(locale: Locale): PushWording {
  return {
    someone: translate(locale, SOMEONE),
    image: translate(locale, IMAGE),
    other: translate(locale, OTHER),
    collapsed: (count, digest) =>
      translate(locale, COLLAPSED, { count, digest }),
  };
}

export const PUSH_WORDING = Object.fromEntries(
  LOCALES.map((locale) => [locale, wording(locale)]),
) as Record<Locale, PushWording>;
