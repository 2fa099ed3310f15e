// The one place where domain route plugins are mounted under /api/app (and, in development, the
// emulator pages under /dev). A new domain adds its `server/domain/<name>/routes.ts` plugin to
// DOMAIN_ROUTES; each receives the shared DomainDeps.
import type { AppConfig } from "../config/appConfig";
import type { Db } from "../db/createDb";
import type { Clock } from "../providers/lib/runtime";
import type { AccountEvents } from "../domain/auth/accountEvents";
import type { AuthServices } from "../domain/auth/createAuthServices";
import { emulatorsAllowed } from "../domain/auth/loginProviders";
import { authRoutes } from "../domain/auth/routes";
import { contentRoutes } from "../domain/content/routes";
import { devRoutes } from "../domain/dev/routes";
import { fileRoutes, mediaRoutes } from "../domain/files/routes";
import type { ImEngine } from "../domain/im/ImEngine";
import type { AuthContext } from "../domain/auth/sessions";
import { imRoutes } from "../domain/im/routes";
import type { PushService } from "../domain/push/createPushService";
import { pushRoutes } from "../domain/push/routes";
import { registerCommerce } from "../domain/orders/registerCommerce";
import { systemRoutes } from "../domain/system/routes";
import type { ImPresence } from "../domain/users/presence";
import { userRoutes } from "../domain/users/routes";
import { API_PREFIX } from "./envelope";
import type { App } from "./app";

/** What every domain plugin gets; grows as domains need shared services (mailer, IM engine…). */
export interface DomainDeps {
  config: AppConfig;
  db: Db;
  version: string;
  /** Milliseconds since the epoch; tests inject their own to move time. */
  clock: Clock;
  /** sessionRevoked / userBanned, for the IM gateway to close live connections. */
  accountEvents: AccountEvents;
  /**
   * Sign-in services: `authenticate` (preHandler of signed-in routes, see
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
}

/** Registers a domain's routes on its own encapsulated scope (prefix /api/app). */
export type DomainPlugin = (app: App, deps: DomainDeps) => void | Promise<void>;

const DOMAIN_ROUTES: readonly DomainPlugin[] = [
  systemRoutes,
  contentRoutes,
  authRoutes,
  userRoutes,
  fileRoutes,
  imRoutes,
  pushRoutes,
];

export async function registerDomains(
  app: App,
  deps: DomainDeps,
): Promise<void> {
  for (const plugin of DOMAIN_ROUTES) {
    await app.register(
      async (scope) => {
        await plugin(scope, deps);
      },
      { prefix: API_PREFIX },
    );
  }
  await app.register((scope, _options, done) => {
    mediaRoutes(scope, deps);
    done();
  });
  // NOTE: orders, payments (+ /dev/pay cashier), blessing wall, fate together, invites, managers
  // and contracts share payment services and the order sweeper, so they mount together.
  await registerCommerce(app, deps);
  // NOTE: /dev exists only while emulators may stand in for providers (never in production).
  if (emulatorsAllowed(deps.config)) {
    await app.register((scope, _options, done) => {
      devRoutes(scope, deps);
      done();
    });
  }
}
