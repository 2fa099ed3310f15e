// The one list of domain route plugins and where each is mounted: under /api/app, at the root
// (/media), or (development only, while emulators may stand in for providers) the /dev pages. A
// new domain adds its `server/domain/<name>/routes.ts` plugin to DOMAINS; each runs in its own
// encapsulated scope and receives the DomainDeps of domainPlugin.ts. The services several domains
// share (payments, the order sweeper) are created here, once.
import type { AppConfig } from "../config/appConfig";
import { adminProductRoutes } from "../domain/admin/productRoutes";
import { adminRoutes } from "../domain/admin/routes";
import { emulatorsAllowed } from "../domain/auth/loginProviders";
import { authRoutes } from "../domain/auth/routes";
import { blessingRoutes } from "../domain/blessing/routes";
import { contentRoutes } from "../domain/content/routes";
import { contractRoutes } from "../domain/agreements/routes";
import { devRoutes } from "../domain/dev/routes";
import { fateRoutes } from "../domain/fateTogether/routes";
import { fileRoutes, mediaRoutes } from "../domain/files/routes";
import { fulfilmentRoutes } from "../domain/fulfilment/routes";
import { imRoutes } from "../domain/messenger/routes";
import { inviteRoutes } from "../domain/invites/routes";
import { managerRoutes } from "../domain/manager/routes";
import { orderRoutes } from "../domain/orders/routes";
import { cashierRoutes } from "../domain/payments/cashierRoutes";
import { notifyRoute } from "../domain/payments/notifyRoute";
import { OrderSweeper } from "../domain/payments/OrderSweeper";
import { createPayServices } from "../domain/payments/payServices";
import { payRoutes } from "../domain/payments/routes";
import { pushRoutes } from "../domain/push/routes";
import { systemRoutes } from "../domain/system/routes";
import { resolvePublicUrl } from "../domain/system/runtimeConfig";
import { userRoutes } from "../domain/users/routes";
import { workspaceRoutes } from "../domain/workspace/routes";
import type { CommerceHandle, DomainDeps, DomainPlugin } from "./domainPlugin";
import { API_PREFIX } from "./envelope";
import type { App } from "./fastifyApp";

interface Mount {
  plugin: DomainPlugin;
  /** API_PREFIX, or "" for routes that name their full path (/media, /dev). */
  prefix: string;
  /** Mounted only when this holds (default: always). */
  when?: (config: AppConfig) => boolean;
}

const api = (plugin: DomainPlugin): Mount => ({ plugin, prefix: API_PREFIX });
const root = (plugin: DomainPlugin): Mount => ({ plugin, prefix: "" });
/** NOTE: /dev exists only while emulators may stand in for providers (never in production). */
const devOnly = (plugin: DomainPlugin): Mount => ({
  plugin,
  prefix: "",
  when: emulatorsAllowed,
});

/** Every domain, in the order its routes are registered (and listed in the OpenAPI document). */
const DOMAINS: readonly Mount[] = [
  api(systemRoutes),
  api(contentRoutes),
  api(authRoutes),
  api(userRoutes),
  api(fileRoutes),
  api(imRoutes),
  api(pushRoutes),
  root(mediaRoutes),
  api(orderRoutes),
  api(fulfilmentRoutes),
  api(workspaceRoutes),
  api(payRoutes),
  api(notifyRoute),
  api(blessingRoutes),
  api(fateRoutes),
  api(inviteRoutes),
  api(managerRoutes),
  api(contractRoutes),
  api(adminRoutes),
  api(adminProductRoutes),
  devOnly(cashierRoutes),
  devOnly(devRoutes),
];

/** What the app hands over; the shared commerce services are added here. */
export type CoreDeps = Omit<
  DomainDeps,
  "logger" | "pay" | "sweeper" | "publicUrl"
>;

export async function registerDomains(app: App, core: CoreDeps): Promise<void> {
  const publicUrl = () => resolvePublicUrl(core.config, app.server.address());
  const pay = createPayServices({
    config: core.config,
    db: core.db,
    clock: core.clock,
    providers: core.auth.providers,
    publicUrl,
  });
  const logger = app.log;
  const sweeper = new OrderSweeper({
    db: core.db,
    clock: core.clock,
    logger,
    pay,
    im: core.im,
  });
  app.decorate("commerce", { sweeper, pay } satisfies CommerceHandle);
  app.addHook("onListen", (done) => {
    sweeper.start(core.config.pay.sweepIntervalSeconds * 1000);
    done();
  });
  app.addHook("preClose", async () => {
    await sweeper.stop();
  });
  const deps: DomainDeps = { ...core, logger, pay, sweeper, publicUrl };
  for (const { plugin, prefix, when } of DOMAINS) {
    if (when !== undefined && !when(deps.config)) continue;
    await app.register(
      async (scope) => {
        await plugin(scope, deps);
      },
      { prefix },
    );
  }
}
