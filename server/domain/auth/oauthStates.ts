// WeChat OAuth `state`s: 26 base-36 characters (≈134 bits), valid 10 minutes, single use, bound to
// the browser that asked for them through the HttpOnly `fy_oauth` cookie (stored as hashes).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { oauthStates } from "../../db/schema";
import type { Clock } from "../../providers/lib/runtime";
import type { WechatAppType } from "../../providers/wechat/WechatOAuthClient";
import { AuthError, type AuthErrorCode } from "./AuthError";
import { randomBase36, randomToken, sha256Hex } from "./tokenCrypto";

export const OAUTH_STATE_RULES = {
  length: 26,
  ttlMs: 10 * 60_000,
} as const;

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
  readonly #clock: Clock;
  readonly #prune: () => Promise<void>;

  constructor(deps: { db: Db; clock: Clock; prune: () => Promise<void> }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#prune = deps.prune;
  }

  async issue(appType: WechatAppType, browserId: string): Promise<string> {
    await this.#prune();
    const state = randomBase36(OAUTH_STATE_RULES.length);
    const now = this.#clock();
    await this.#db.insert(oauthStates).values({
      stateHash: sha256Hex(state),
      browserHash: sha256Hex(browserId),
      appType,
      createdAt: new Date(now),
      expiresAt: new Date(now + OAUTH_STATE_RULES.ttlMs),
    });
    return state;
  }

  /** Accepts a state once, from the browser it was issued to, for the same app, in time. */
  async consume(
    state: string,
    browserId: string | null,
    appType: WechatAppType,
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
