// Sessions: one per sign-in, holding a rotating refresh-token family and an IM token. Issues token
// pairs, rotates refresh tokens (a reused one revokes the family), resolves access tokens against
// the live session on every request, and revokes (emitting sessionRevoked for the IM gateway).
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { refreshTokens, sessions, users } from "../../db/schema";
import type { Clock } from "../../providers/lib/runtime";
import { lockUser } from "../users/userLock";
import type { AccountEvents, RevokeReason } from "./accountEvents";
import { signAccessToken, verifyAccessToken } from "./accessToken";
import type { AuthKeys } from "./authSecret";
import { AuthError } from "./AuthError";
import { hmacBase64Url, randomToken, sha256Hex } from "./tokenCrypto";

export const SESSION_RULES = {
  /** Absolute life of a session: no refresh token outlives it. */
  maxLifeMs: 30 * 24 * 60 * 60_000,
  /** Live sessions kept per user; signing in again beyond this ends the oldest. */
  maxLivePerUser: 20,
} as const;

/** What sign-in and refresh answer (field names as the client API has them). */
export interface TokenPair {
  app_token: string;
  refresh_token: string;
  /** Life of app_token in seconds. */
  expires_in: number;
}

/** Who is calling, as `authenticate` puts it on `request.auth`. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  imId: string;
}

export interface SessionMeta {
  userAgent: string | undefined;
  ip: string;
}

export interface SessionsDeps {
  db: Db;
  keys: AuthKeys;
  clock: Clock;
  events: AccountEvents;
  accessTtlSeconds: number;
}

type RefreshOutcome =
  | { kind: "rotated"; pair: TokenPair }
  | { kind: "reused"; userId: number; sessionId: string }
  | { kind: "failed"; error: AuthError };

/**
 * The live-session check every signed-in request runs, built once: building a query costs the
 * event loop more than the embedded database takes to answer it.
 */
function liveSessionQuery(db: Db) {
  return db
    .select({
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      imId: users.imId,
      banned: users.banned,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare("live_session");
}

export class Sessions {
  readonly #deps: SessionsDeps;
  readonly #liveSession: ReturnType<typeof liveSessionQuery>;

  constructor(deps: SessionsDeps) {
    this.#deps = deps;
    this.#liveSession = liveSessionQuery(deps.db);
  }

  /** Starts a session for a signed-in user: new refresh family, new IM token. */
  async create(userId: number, meta: SessionMeta): Promise<TokenPair> {
    const { db, clock } = this.#deps;
    const now = clock();
    const sessionId = randomUUID();
    const nonce = randomToken();
    const refresh = randomToken();
    const ended = await db.transaction(async (tx) => {
      // NOTE: insert and trim under the user's lock, or parallel sign-ins each count the others
      // without the rest's new sessions and the user keeps more than the limit (issue #19).
      await lockUser(tx, userId);
      await tx.insert(sessions).values({
        id: sessionId,
        userId,
        imTokenNonce: nonce,
        imTokenHash: sha256Hex(this.#imToken(sessionId, nonce)),
        createdAt: new Date(now),
        expiresAt: new Date(now + SESSION_RULES.maxLifeMs),
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
        ip: meta.ip,
      });
      await tx.insert(refreshTokens).values({
        tokenHash: sha256Hex(refresh),
        sessionId,
        createdAt: new Date(now),
      });
      // NOTE: the new session is kept; the oldest of the others go beyond the limit.
      const surplus = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(this.#live(userId, now), ne(sessions.id, sessionId)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .offset(SESSION_RULES.maxLivePerUser - 1);
      if (surplus.length === 0) return [];
      return this.#markRevoked(
        tx,
        userId,
        surplus.map((s) => s.id),
        "session_limit",
        now,
      );
    });
    this.#announce(userId, ended, "session_limit");
    return this.#pair(userId, sessionId, refresh, now);
  }

  /** Exchanges a refresh token for a new pair; a token used before revokes its whole session. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const { db, clock } = this.#deps;
    const outcome = await db.transaction(
      async (tx): Promise<RefreshOutcome> => {
        const now = clock();
        const [row] = await tx
          .select({
            usedAt: refreshTokens.usedAt,
            sessionId: sessions.id,
            userId: sessions.userId,
            revokedAt: sessions.revokedAt,
            expiresAt: sessions.expiresAt,
            banned: users.banned,
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)))
          .for("update");
        // NOTE: a ban is reported before revocation (banning also revokes), to say why.
        if (row?.banned === true)
          return { kind: "failed", error: new AuthError("SESSION_BANNED") };
        if (
          row === undefined ||
          row.revokedAt !== null ||
          row.expiresAt.getTime() <= now
        )
          return { kind: "failed", error: new AuthError("REFRESH_INVALID") };
        if (row.usedAt !== null) {
          await this.#markRevoked(
            tx,
            row.userId,
            [row.sessionId],
            "refresh_reuse",
            now,
          );
          return {
            kind: "reused",
            userId: row.userId,
            sessionId: row.sessionId,
          };
        }
        const next = randomToken();
        await tx
          .update(refreshTokens)
          .set({ usedAt: new Date(now) })
          .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)));
        await tx.insert(refreshTokens).values({
          tokenHash: sha256Hex(next),
          sessionId: row.sessionId,
          createdAt: new Date(now),
        });
        return {
          kind: "rotated",
          pair: this.#pair(row.userId, row.sessionId, next, now),
        };
      },
    );
    switch (outcome.kind) {
      case "rotated":
        return outcome.pair;
      case "reused":
        this.#announce(outcome.userId, [outcome.sessionId], "refresh_reuse");
        throw new AuthError("REFRESH_REUSED");
      case "failed":
        throw outcome.error;
    }
  }

  /** The caller of an access token, if its session is live and its account not banned. */
  async authenticate(accessToken: string): Promise<AuthContext> {
    const { clock, keys } = this.#deps;
    const now = clock();
    const verdict = verifyAccessToken(keys.accessToken, accessToken, now);
    if (!verdict.ok)
      throw new AuthError(
        verdict.reason === "EXPIRED" ? "TOKEN_EXPIRED" : "TOKEN_INVALID",
      );
    const { sessionId, userId } = verdict.claims;
    const [row] = await this.#liveSession.execute({ sessionId });
    if (row === undefined) throw new AuthError("SESSION_REVOKED");
    if (row.userId !== userId) throw new AuthError("TOKEN_INVALID");
    // NOTE: a ban is reported before revocation (banning also revokes), to say why.
    if (row.banned) throw new AuthError("SESSION_BANNED");
    if (row.revokedAt !== null) throw new AuthError("SESSION_REVOKED");
    if (row.expiresAt.getTime() <= now) throw new AuthError("TOKEN_EXPIRED");
    return { userId, sessionId, imId: row.imId };
  }

  /** Ends one session of the user (logout). */
  async revoke(
    userId: number,
    sessionId: string,
    reason: RevokeReason,
  ): Promise<void> {
    const ended = await this.#markRevoked(
      this.#deps.db,
      userId,
      [sessionId],
      reason,
      this.#deps.clock(),
    );
    this.#announce(userId, ended, reason);
  }

  /** Ends every live session of the user; returns their ids. */
  async revokeAll(userId: number, reason: RevokeReason): Promise<string[]> {
    const { db, clock } = this.#deps;
    const now = clock();
    const live = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(this.#live(userId, now));
    const ended = await this.#markRevoked(
      db,
      userId,
      live.map((s) => s.id),
      reason,
      now,
    );
    this.#announce(userId, ended, reason);
    return ended;
  }

  /**
   * The IM token of a session, derived from its nonce with the server secret. If the secret
   * changed since the session began, a new token is issued (the old one could not be derived).
   */
  async imTokenOf(sessionId: string): Promise<string> {
    const { db } = this.#deps;
    const [row] = await db
      .select({ nonce: sessions.imTokenNonce, hash: sessions.imTokenHash })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    if (row === undefined) throw new AuthError("SESSION_REVOKED");
    const token = this.#imToken(sessionId, row.nonce);
    if (sha256Hex(token) === row.hash) return token;
    const nonce = randomToken();
    const renewed = this.#imToken(sessionId, nonce);
    await db
      .update(sessions)
      .set({ imTokenNonce: nonce, imTokenHash: sha256Hex(renewed) })
      .where(eq(sessions.id, sessionId));
    return renewed;
  }

  #imToken(sessionId: string, nonce: string): string {
    return hmacBase64Url(this.#deps.keys.imToken, `${sessionId}.${nonce}`);
  }

  #pair(
    userId: number,
    sessionId: string,
    refresh: string,
    now: number,
  ): TokenPair {
    const ttl = this.#deps.accessTtlSeconds;
    return {
      app_token: signAccessToken(
        this.#deps.keys.accessToken,
        { userId, sessionId },
        now,
        ttl,
      ),
      refresh_token: refresh,
      expires_in: ttl,
    };
  }

  #live(userId: number, now: number) {
    return and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, new Date(now)),
    );
  }

  async #markRevoked(
    db: Db,
    userId: number,
    sessionIds: string[],
    reason: RevokeReason,
    now: number,
  ): Promise<string[]> {
    if (sessionIds.length === 0) return [];
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date(now), revokeReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          inArray(sessions.id, sessionIds),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  #announce(userId: number, sessionIds: string[], reason: RevokeReason): void {
    if (sessionIds.length > 0)
      this.#deps.events.emit("sessionRevoked", { userId, sessionIds, reason });
  }
}
