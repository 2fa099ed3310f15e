// Builds the accounts services once per app from config, database and clock: the secret's keys,
// login providers, codes, OAuth states, sessions, the authenticate preHandler and the IM check.
import type { preHandlerAsyncHookHandler } from "fastify";
import type { Logger } from "pino";
import type { AppConfig } from "../../config/appConfig";
import type { Db } from "../../db/createDb";
import type { Clock } from "../../providers/lib/runtime";
import type { AccountEvents } from "./accountEvents";
import { createAuthenticate } from "./authenticate";
import { deriveAuthKeys, loadAuthSecret } from "./authSecret";
import { createImAuthenticator, type ImAuthenticator } from "./imAuthenticator";
import { LoginCodes } from "./loginCodes";
import { createLoginProviders, type LoginProviders } from "./loginProviders";
import { OAuthStates } from "./oauthStates";
import { scheduledPrune } from "./rateLimits";
import { Sessions } from "./sessions";

export interface AuthServices {
  /** The hook of signed-in routes (see signedInRoutes in authenticate.ts). */
  authenticate: preHandlerAsyncHookHandler;
  sessions: Sessions;
  codes: LoginCodes;
  oauthStates: OAuthStates;
  providers: LoginProviders;
  /** For the IM gateway's CONNECT check. */
  verifyImToken: ImAuthenticator;
  /** HMAC key IM tokens are derived with (WuKongIM's per-user tokens use it too). */
  imTokenKey: Buffer;
}

export interface AuthServicesOptions {
  config: AppConfig;
  db: Db;
  clock: Clock;
  logger: Logger;
  events: AccountEvents;
  /** Replaces the providers wired from config (tests). */
  providers?: LoginProviders;
}

export async function createAuthServices(
  options: AuthServicesOptions,
): Promise<AuthServices> {
  const { config, db, clock, logger, events } = options;
  const keys = deriveAuthKeys(await loadAuthSecret(db, config, logger));
  const sessions = new Sessions({
    db,
    keys,
    clock,
    events,
    accessTtlSeconds: config.auth.accessTokenTtlSeconds,
  });
  // NOTE: expired codes, limit events, locks, states and sessions are deleted as sign-ins happen.
  const prune = scheduledPrune(db, clock);
  return {
    authenticate: createAuthenticate(sessions),
    sessions,
    codes: new LoginCodes({ db, keys, clock, prune }),
    oauthStates: new OAuthStates({ db, keys, clock, prune }),
    providers:
      options.providers ?? createLoginProviders(config, { logger, clock }),
    verifyImToken: createImAuthenticator({ db, clock }),
    imTokenKey: keys.imToken,
  };
}
