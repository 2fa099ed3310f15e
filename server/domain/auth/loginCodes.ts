// One-time login codes and their limits, kept in the database so they survive restarts:
// 6 CSPRNG digits, valid 5 minutes, stored as an HMAC, single use, burnt after 5 wrong tries;
// per target at most 1 send per 60 s and 10 per 24 h, per IP 20 sends per hour; 20 wrong
// tries per target within an hour lock it (sending and verifying) for an hour.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { loginCodes } from "../../db/schema";
import type { Clock } from "../../providers/lib/runtime";
import type { AuthKeys } from "./authSecret";
import { AuthError, type AuthErrorCode } from "./AuthError";
import {
  activeLock,
  clearEvents,
  enforceWindow,
  limited,
  limitKey,
  RATE_BUCKETS,
  recordEvent,
  serialize,
  setLock,
  windowCount,
} from "./rateLimits";
import { constantTimeEqual, hmacHex, randomDigits } from "./tokenCrypto";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The documented limits (auth-api contract). */
export const CODE_RULES = {
  digits: 6,
  ttlMs: 5 * MINUTE,
  maxWrongTries: 5,
  resendAfterMs: MINUTE,
  perTargetPerDay: 10,
  dayMs: 24 * HOUR,
  perIpPerHour: 20,
  failuresPerHour: 20,
  lockMs: HOUR,
} as const;

/** Seconds the client waits before offering "resend" (the answer of every successful send). */
export const RESEND_AFTER_SECONDS = CODE_RULES.resendAfterMs / 1000;

/** "phone:+8613800000001" or "email:user@example.com". */
export type CodeTarget = `phone:${string}` | `email:${string}`;

export interface LoginCodesDeps {
  db: Db;
  keys: AuthKeys;
  clock: Clock;
  /** Housekeeping run before each send (rateLimits.scheduledPrune). */
  prune: () => Promise<void>;
}

type VerifyOutcome =
  { ok: true } | { ok: false; code: AuthErrorCode; retryAfterSeconds?: number };

export class LoginCodes {
  readonly #deps: LoginCodesDeps;

  constructor(deps: LoginCodesDeps) {
    this.#deps = deps;
  }

  /** Checks every send limit, then stores a fresh code for the target; returns it to be sent. */
  async issue(target: CodeTarget, ip: string): Promise<string> {
    const { db, clock } = this.#deps;
    const targetKey = this.#key("target", target);
    const ipKey = this.#key("ip", ip);
    const code = randomDigits(CODE_RULES.digits);
    await this.#deps.prune();
    await db.transaction(async (tx) => {
      await serialize(tx, targetKey);
      await serialize(tx, ipKey);
      const now = clock();
      const at = new Date(now);
      const lockedUntil = await activeLock(tx, targetKey, at);
      if (lockedUntil !== null)
        throw limited("TARGET_LOCKED", lockedUntil.getTime() - now);

      await enforceWindow(
        tx,
        {
          bucket: RATE_BUCKETS.codeSendTarget,
          windowMs: CODE_RULES.resendAfterMs,
          max: 1,
          code: "CODE_RESEND_TOO_SOON",
        },
        targetKey,
        now,
      );
      await enforceWindow(
        tx,
        {
          bucket: RATE_BUCKETS.codeSendTarget,
          windowMs: CODE_RULES.dayMs,
          max: CODE_RULES.perTargetPerDay,
          code: "CODE_DAILY_LIMIT",
        },
        targetKey,
        now,
      );
      await enforceWindow(
        tx,
        {
          bucket: RATE_BUCKETS.codeSendIp,
          windowMs: HOUR,
          max: CODE_RULES.perIpPerHour,
          code: "IP_HOURLY_LIMIT",
        },
        ipKey,
        now,
      );

      await recordEvent(tx, RATE_BUCKETS.codeSendTarget, targetKey, at);
      await recordEvent(tx, RATE_BUCKETS.codeSendIp, ipKey, at);
      const row = {
        codeHash: this.#hash(targetKey, code),
        attempts: 0,
        createdAt: at,
        expiresAt: new Date(now + CODE_RULES.ttlMs),
      };
      await tx
        .insert(loginCodes)
        .values({ targetKey, ...row })
        .onConflictDoUpdate({ target: loginCodes.targetKey, set: row });
    });
    return code;
  }

  /** Removes a code that could not be delivered (the send still counts against the limits). */
  async withdraw(target: CodeTarget, code: string): Promise<void> {
    const targetKey = this.#key("target", target);
    await this.#deps.db
      .delete(loginCodes)
      .where(
        and(
          eq(loginCodes.targetKey, targetKey),
          eq(loginCodes.codeHash, this.#hash(targetKey, code)),
        ),
      );
  }

  /** Consumes the target's code if `code` matches; otherwise counts the failure and throws. */
  async verify(target: CodeTarget, code: string): Promise<void> {
    const { db, clock } = this.#deps;
    const targetKey = this.#key("target", target);
    // NOTE: the transaction returns its verdict instead of throwing, so a wrong try's counters commit.
    const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
      await serialize(tx, targetKey);
      const now = clock();
      const at = new Date(now);
      const lockedUntil = await activeLock(tx, targetKey, at);
      if (lockedUntil !== null)
        return {
          ok: false,
          code: "TARGET_LOCKED",
          retryAfterSeconds: (lockedUntil.getTime() - now) / 1000,
        };
      const [row] = await tx
        .select()
        .from(loginCodes)
        .where(eq(loginCodes.targetKey, targetKey))
        .for("update");
      if (row === undefined || row.expiresAt.getTime() <= now)
        return { ok: false, code: "CODE_EXPIRED" };
      if (row.attempts >= CODE_RULES.maxWrongTries)
        return { ok: false, code: "CODE_BURNT" };
      if (constantTimeEqual(this.#hash(targetKey, code), row.codeHash)) {
        await tx.delete(loginCodes).where(eq(loginCodes.targetKey, targetKey));
        await clearEvents(tx, RATE_BUCKETS.codeVerifyFail, targetKey);
        return { ok: true };
      }
      const attempts = row.attempts + 1;
      await tx
        .update(loginCodes)
        .set({ attempts })
        .where(eq(loginCodes.targetKey, targetKey));
      await recordEvent(tx, RATE_BUCKETS.codeVerifyFail, targetKey, at);
      const failures = await windowCount(
        tx,
        RATE_BUCKETS.codeVerifyFail,
        targetKey,
        new Date(now - HOUR),
      );
      if (failures.count >= CODE_RULES.failuresPerHour)
        await setLock(tx, targetKey, new Date(now + CODE_RULES.lockMs));
      return {
        ok: false,
        code:
          attempts >= CODE_RULES.maxWrongTries
            ? "CODE_WRONG_BURNT"
            : "CODE_WRONG",
      };
    });
    if (!outcome.ok)
      throw new AuthError(
        outcome.code,
        outcome.retryAfterSeconds === undefined
          ? {}
          : { retryAfterSeconds: outcome.retryAfterSeconds },
      );
  }

  #key(kind: "target" | "ip", value: string): string {
    return limitKey(this.#deps.keys.limitKey, kind, value);
  }

  #hash(targetKey: string, code: string): string {
    return hmacHex(this.#deps.keys.loginCode, `${targetKey}:${code}`);
  }
}
