// Keeps WuKongIM's idea of who may connect in step with our sessions (IM_ENGINE=wukongim): the
// token a session is handed is registered with WuKongIM first (`/user/token`), and when a session
// ends its user's token changes and every connection of that user is dropped (`/user/device_quit`)
// — the devices still signed in reconnect with the new token they fetch from user/v1/info.
// Registration is remembered per process only to save calls: the token itself is derived from the
// database (userImToken.ts), so any number of app servers agree on it.
import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { DeviceFlag, type DeviceLevel } from "#protocol";
import type { Db } from "../../db/createDb";
import type { AccountEvents } from "../../domain/auth/accountEvents";
import type { Clock } from "../../providers/lib/runtime";
import { HttpError } from "../../http/errors";
import {
  tokenHolder,
  usersWithSessionsEnding,
  wukongimToken,
} from "./userImToken";
import { WukongImApiError } from "./WukongImApiError";

/** The part of WuKongIM's HTTP API this needs. */
export interface WukongImUserApi {
  updateToken(request: {
    uid: string;
    token: string;
    device_flag: number;
    device_level: number;
  }): Promise<void>;
  deviceQuit(request: { uid: string; device_flag: number }): Promise<void>;
}

export interface WukongImAccountsDeps {
  db: Db;
  api: WukongImUserApi;
  /** HMAC key the tokens are derived with (AuthKeys.imToken). */
  key: Buffer;
  clock: Clock;
  logger: Pick<Logger, "warn" | "error">;
  deviceLevel: DeviceLevel;
}

/** Every device flag: `/user/device_quit` with it drops all of a user's connections. */
const ALL_DEVICES = -1;

export class WukongImAccounts {
  readonly #deps: WukongImAccountsDeps;
  /** uid → the token this process last registered for it. */
  readonly #registered = new Map<string, string>();
  #sweptTo: number;

  constructor(deps: WukongImAccountsDeps) {
    this.#deps = deps;
    this.#sweptTo = deps.clock();
  }

  /**
   * The token the user's devices connect with, registered with WuKongIM before it is handed out.
   * @example const imToken = await accounts.tokenFor(me.userId);
   */
  async tokenFor(userId: number): Promise<string> {
    const holder = await tokenHolder(this.#deps.db, userId, this.#deps.clock());
    if (holder === null || holder.banned)
      throw new Error(`user ${String(userId)} may not connect`);
    const token = wukongimToken(this.#deps.key, holder.imId, holder.epochMs);
    if (this.#registered.get(holder.imId) !== token)
      await this.#register(holder.imId, token);
    return token;
  }

  /**
   * One or more of the user's sessions ended: the user's connections are dropped and a new token
   * replaces the old one in WuKongIM. A banned user gets a token nobody knows.
   */
  async sessionsEnded(userId: number): Promise<void> {
    const holder = await tokenHolder(this.#deps.db, userId, this.#deps.clock());
    if (holder === null) return;
    const token = holder.banned
      ? randomBytes(32).toString("base64url")
      : wukongimToken(this.#deps.key, holder.imId, holder.epochMs);
    // NOTE: device_quit also clears WuKongIM's token, so the new one is registered after it.
    await this.#deps.api.deviceQuit({
      uid: holder.imId,
      device_flag: ALL_DEVICES,
    });
    await this.#register(holder.imId, token);
  }

  /**
   * Ends the WuKongIM access of sessions whose 30-day life ran out after `fromMs` (default: this
   * process's last sweep) until now. On a schedule the window starts where the previous run, on
   * whichever server, was claimed (periodicJob), so no end is missed or handled twice.
   */
  async sweepExpired(fromMs: number = this.#sweptTo): Promise<number> {
    const now = this.#deps.clock();
    const users = await usersWithSessionsEnding(this.#deps.db, fromMs, now);
    for (const userId of users) await this.sessionsEnded(userId);
    this.#sweptTo = now;
    return users.length;
  }

  /** Follows revocations (logout, sign out everywhere, refresh replay, ban, session limit). */
  listen(events: AccountEvents): () => void {
    return events.on("sessionRevoked", ({ userId }) => {
      this.sessionsEnded(userId).catch((error: unknown) => {
        this.#deps.logger.error(
          { err: error, userId },
          "WuKongIM: could not end the sessions' IM access",
        );
      });
    });
  }

  async #register(uid: string, token: string): Promise<void> {
    try {
      await this.#deps.api.updateToken({
        uid,
        token,
        device_flag: DeviceFlag.WEB,
        device_level: this.#deps.deviceLevel,
      });
    } catch (error) {
      // NOTE: a busy or unreachable WuKongIM is a 503 the client retries, not a 500 (#18: at
      // 10,000 sign-ins on a loaded machine /user/token took longer than the API deadline, or
      // WuKongIM answered its own "context deadline exceeded").
      if (error instanceof WukongImApiError && error.retryable)
        throw new HttpError(
          "IM_UNAVAILABLE",
          `WuKongIM did not register the token: ${error.message}`,
          { cause: error },
        );
      throw error;
    }
    this.#registered.set(uid, token);
  }
}
