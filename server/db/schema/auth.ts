// Sign-in state: sessions with their refresh tokens, one-time login codes, rate-limit events and
// locks, WeChat OAuth states and the generated development secret. Secrets are stored hashed.
import {
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One sign-in on one device: the refresh-token family, its IM token and its revocation. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Random input from which the session's IM token is derived with the server secret. */
    imTokenNonce: text("im_token_nonce").notNull(),
    /** SHA-256 (hex) of the IM token, checked when the IM gateway authenticates CONNECT. */
    imTokenHash: text("im_token_hash").notNull(),
    createdAt: at("created_at").notNull(),
    /** Absolute end of the session (refresh tokens never outlive it). */
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    revokeReason: text("revoke_reason"),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Every refresh token a session was given; a used one presented again revokes the session. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    /** SHA-256 (hex) of the token. */
    tokenHash: text("token_hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull(),
    /** When it was exchanged for a new pair; null for the current token of the family. */
    usedAt: at("used_at"),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

/** The live one-time code of a target (phone or e-mail), keyed by a keyed hash of the target. */
export const loginCodes = pgTable(
  "login_codes",
  {
    targetKey: text("target_key").primaryKey(),
    /** HMAC of the code with the server secret. */
    codeHash: text("code_hash").notNull(),
    /** Wrong tries so far; the code is burnt at the limit. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("login_codes_expires_idx").on(t.expiresAt)],
);

/** Timestamped events counted in sliding windows (code sends per target and per IP, failures). */
export const authRateEvents = pgTable(
  "auth_rate_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    at: at("at").notNull(),
  },
  (t) => [
    index("auth_rate_events_key_idx").on(t.bucket, t.key, t.at),
    index("auth_rate_events_at_idx").on(t.at),
  ],
);

/** A target locked out of code verification (and sending) until `until`. */
export const authLocks = pgTable("auth_locks", {
  key: text("key").primaryKey(),
  until: at("until").notNull(),
});

/** A WeChat OAuth `state`, single use, bound to one browser by the fy_oauth cookie. */
export const oauthStates = pgTable(
  "oauth_states",
  {
    /** SHA-256 (hex) of the state. */
    stateHash: text("state_hash").primaryKey(),
    /** SHA-256 (hex) of the browser's fy_oauth cookie value. */
    browserHash: text("browser_hash").notNull(),
    appType: smallint("app_type").notNull(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("oauth_states_expires_idx").on(t.expiresAt)],
);

/** Secrets the server generated for itself (the development AUTH_SECRET). */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

export type SessionRow = typeof sessions.$inferSelect;
