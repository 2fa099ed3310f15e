// The contract between the composition and the domains: what a route plugin
// (`server/domain/<name>/routes.ts`) receives, and its type. It imports no route plugin, so the
// domains import it without an import cycle; registerDomains.ts is the one module that imports
// the plugins and mounts them.
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config/appConfig";
import type { Db } from "../db/createDb";
import type { AccountEvents } from "../domain/auth/accountEvents";
import type { AuthServices } from "../domain/auth/createAuthServices";
import type { AuthContext } from "../domain/auth/sessions";
import type { ImEngine } from "../domain/messenger/ImEngine";
import type { OrderSweeper } from "../domain/payments/OrderSweeper";
import type { PayServices } from "../domain/payments/payServices";
import type { PushService } from "../domain/push/createPushService";
import type { ImPresence } from "../domain/users/presence";
import type { Clock } from "../providers/lib/runtime";
import type { App } from "./fastifyApp";

/** What every domain plugin gets; grows as domains need shared services. */
export interface DomainDeps {
  config: AppConfig;
  db: Db;
  version: string;
  /** Milliseconds since the epoch; tests inject their own to move time. */
  clock: Clock;
  /** The app's logger, for work outside a request (a request logs with `request.log`). */
  logger: FastifyBaseLogger;
  /** sessionRevoked / userBanned, for the IM gateway to close live connections. */
  accountEvents: AccountEvents;
  /**
   * Sign-in services: `authenticate` (the hook of signed-in routes, see
   * domain/auth/authenticate.ts), sessions, one-time codes, login providers, `verifyImToken`.
   */
  auth: AuthServices;
  /** Live IM connections (UserInfo.online). */
  presence: ImPresence;
  /** The messaging engine (send, push commands, presence, catch-up): embedded or WuKongIM. */
  im: ImEngine;
  /** The IM token a signed-in session connects with (per session, or per user on WuKongIM). */
  imTokenFor: (auth: AuthContext) => Promise<string>;
  /** Web Push: the VAPID key and the "conversation read" notice that closes notifications. */
  push: PushService;
  /** WeChat Pay (or its emulator), OAuth for openids and JSSDK signatures. */
  pay: PayServices;
  /** Cancels unpaid orders past their window and settles or reconciles payments and refunds. */
  sweeper: OrderSweeper;
  /** The public URL of the server (known once it listens). */
  publicUrl: () => string;
}

/** What the app exposes of the shared order services (tests and operators run them on demand). */
export interface CommerceHandle {
  sweeper: OrderSweeper;
  pay: PayServices;
}

declare module "fastify" {
  interface FastifyInstance {
    commerce: CommerceHandle;
  }
}

/** Registers a domain's routes on the scope it is given (see registerDomains.ts for where). */
export type DomainPlugin = (app: App, deps: DomainDeps) => void | Promise<void>;
