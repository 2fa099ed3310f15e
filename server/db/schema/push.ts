// Web Push: one row per browser push subscription (RFC 8030 endpoint + RFC 8291 keys), owned by the
// sign-in session that created it, so logging out (or any revocation) removes it with the session.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { sessions } from "./auth";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    /** The push service URL the browser handed out: unique per browser profile and app. */
    endpoint: text("endpoint").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: text("p256dh").notNull(),
    /** The 16-byte authentication secret, base64url. */
    auth: text("auth").notNull(),
    /** Interface locale of the subscribing tab: the notification texts follow it. */
    locale: text("locale").notNull(),
    /** When it was last registered (re-subscribing renews it; the oldest go past the limit). */
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.sessionId),
    check("push_subscriptions_locale", sql`${t.locale} in ('cn', 'tw', 'en')`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
