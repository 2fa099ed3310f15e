// WeChat OAuth `state`s: 26 base-36 characters (≈134 bits), valid 10 minutes, single use, bound to
// the browser that asked for them through the HttpOnly `fy_oauth` cookie (stored as hashes).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { oauthStates } from "../../db/schema";
import type { Clock } from "../../providers/lib/runtime";
import type { WechatLoginType } from "#contract";
import type { AuthKeys } from "./authSecret";
import { AuthError, type AuthErrorCode } from "./AuthError";
import {
  enforceWindow,
  limitKey,
  RATE_BUCKETS,
  recordEvent,
  serialize,
} from "./rateLimits";
import { randomBase36, randomToken, sha256Hex } from "./tokenCrypto";

export const OAUTH_STATE_RULES = {
  length: 26,
  ttlMs: 10 * 60_000,
  /** States one IP address may start per hour (a QR page renewing every minute needs 60). */
  perIpPerHour: 120,
} as const;

const HOUR = 60 * 60_000;

/** The cookie binding states to one browser. */
export const OAUTH_COOKIE = "fy_oauth";

const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/** The browser id carried by a Cookie header, or null when absent or malformed. */
export function browserIdFrom(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    const value = rest.join("=");
    if (name === OAUTH_COOKIE && BROWSER_ID.test(value)) return value;
  }
  return null;
}

export function newBrowserId(): string {
  return randomToken();
}

/** Set-Cookie value: HttpOnly, SameSite=Lax, as long as a state lives, Secure on https. */
export function oauthCookie(
  browserId: string,
  options: { path: string; secure: boolean },
): string {
  return [
    `${OAUTH_COOKIE}=${browserId}`,
    `Path=${options.path}`,
    `Max-Age=${OAUTH_STATE_RULES.ttlMs / 1000}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

type ConsumeOutcome = { ok: true } | { ok: false; code: AuthErrorCode };

export class OAuthStates {
  readonly #db: Db;
  readonly #keys: Pick<AuthKeys, "limitKey">;
  readonly #clock: Clock;
  readonly #prune: () => Promise<void>;

  constructor(deps: {
    db: Db;
    keys: Pick<AuthKeys, "limitKey">;
    clock: Clock;
    prune: () => Promise<void>;
  }) {
    this.#db = deps.db;
    this.#keys = deps.keys;
    this.#clock = deps.clock;
    this.#prune = deps.prune;
  }

  /**
   * A new state for the browser; WECHAT_STATE_LIMIT (429, Retry-After) past
   * OAUTH_STATE_RULES.perIpPerHour from `ip` (signing in needs no account, so this bounds the rows
   * anyone can make us store).
   */
  async issue(
    appType: WechatLoginType,
    browserId: string,
    ip: string,
  ): Promise<string> {
    await this.#prune();
    const state = randomBase36(OAUTH_STATE_RULES.length);
    const ipKey = limitKey(this.#keys.limitKey, "oauth_ip", ip);
    await this.#db.transaction(async (tx) => {
      await serialize(tx, ipKey);
      const now = this.#clock();
      const at = new Date(now);
      await enforceWindow(
        tx,
        {
          bucket: RATE_BUCKETS.oauthStateIp,
          windowMs: HOUR,
          max: OAUTH_STATE_RULES.perIpPerHour,
          code: "WECHAT_STATE_LIMIT",
        },
        ipKey,
        now,
      );
      await recordEvent(tx, RATE_BUCKETS.oauthStateIp, ipKey, at);
      await tx.insert(oauthStates).values({
        stateHash: sha256Hex(state),
        browserHash: sha256Hex(browserId),
        appType,
        createdAt: at,
        expiresAt: new Date(now + OAUTH_STATE_RULES.ttlMs),
      });
    });
    return state;
  }

  /** Accepts a state once, from the browser it was issued to, for the same app, in time. */
  async consume(
    state: string,
    browserId: string | null,
    appType: WechatLoginType,
  ): Promise<void> {
    if (browserId === null) throw new AuthError("WECHAT_STATE_MISSING");
    const outcome = await this.#db.transaction(
      async (tx): Promise<ConsumeOutcome> => {
        const now = this.#clock();
        const [row] = await tx
          .select()
          .from(oauthStates)
          .where(eq(oauthStates.stateHash, sha256Hex(state)))
          .for("update");
        if (row === undefined || row.browserHash !== sha256Hex(browserId))
          return { ok: false, code: "WECHAT_STATE_MISMATCH" };
        if (row.usedAt !== null)
          return { ok: false, code: "WECHAT_STATE_USED" };
        if (row.expiresAt.getTime() <= now)
          return { ok: false, code: "WECHAT_STATE_EXPIRED" };
        if (row.appType !== appType)
          return { ok: false, code: "WECHAT_STATE_MISMATCH" };
        await tx
          .update(oauthStates)
          .set({ usedAt: new Date(now) })
          .where(eq(oauthStates.stateHash, row.stateHash));
        return { ok: true };
      },
    );
    if (!outcome.ok) throw new AuthError(outcome.code);
  }
}
