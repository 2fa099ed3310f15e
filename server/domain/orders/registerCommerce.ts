// Mounts the order-related domains under /api/app (orders and their fulfilment and refunds, the
// staff workspace, payments and their notify endpoints, blessing wall, fate together, invites,
// managers, contracts), the development cashier under
// /dev/pay (emulator only), and runs the order sweeper while the server is up.
import type { App } from "../../http/app";
import { API_PREFIX } from "../../http/envelope";
import type { DomainDeps } from "../../http/registerDomains";
import { emulatorsAllowed } from "../auth/loginProviders";
import { blessingRoutes } from "../blessing/routes";
import { contractRoutes } from "../contract/routes";
import { fateRoutes } from "../fateTogether/routes";
import { inviteRoutes } from "../invites/routes";
import { managerRoutes } from "../manager/routes";
import { cashierRoutes } from "../payments/cashierRoutes";
import { notifyRoute } from "../payments/notifyRoute";
import { OrderSweeper } from "../payments/OrderSweeper";
import { createPayServices, type PayServices } from "../payments/payServices";
import { payRoutes } from "../payments/routes";
import { resolvePublicUrl } from "../system/runtimeConfig";
import type { CommerceDeps, CommercePlugin } from "./commerceDeps";
import { fulfilmentRoutes } from "../fulfilment/routes";
import { workspaceRoutes } from "../workspace/routes";
import { adminRoutes } from "../admin/routes";
import { adminProductRoutes } from "../admin/productRoutes";
import { orderRoutes } from "./routes";

/** What the app exposes of the order domains (tests and operators run them on demand). */
export interface CommerceHandle {
  sweeper: OrderSweeper;
  pay: PayServices;
}

declare module "fastify" {
  interface FastifyInstance {
    commerce: CommerceHandle;
  }
}

const API_PLUGINS: readonly CommercePlugin[] = [
  orderRoutes,
  fulfilmentRoutes,
  workspaceRoutes,
  payRoutes,
  notifyRoute,
  blessingRoutes,
  fateRoutes,
  inviteRoutes,
  managerRoutes,
  contractRoutes,
  adminRoutes,
  adminProductRoutes,
];

export async function registerCommerce(
  app: App,
  deps: DomainDeps,
): Promise<void> {
  const publicUrl = () => resolvePublicUrl(deps.config, app.server.address());
  const pay = createPayServices({
    config: deps.config,
    db: deps.db,
    clock: deps.clock,
    providers: deps.auth.providers,
    publicUrl,
  });
  const logger = app.log;
  const sweeper = new OrderSweeper({
    db: deps.db,
    clock: deps.clock,
    logger,
    pay,
    im: deps.im,
  });
  const commerce: CommerceDeps = { ...deps, pay, sweeper, publicUrl, logger };
  app.decorate("commerce", { sweeper, pay } satisfies CommerceHandle);
  for (const plugin of API_PLUGINS) {
    await app.register(
      async (scope) => {
        await plugin(scope, commerce);
      },
      { prefix: API_PREFIX },
    );
  }
  if (emulatorsAllowed(deps.config)) {
    await app.register(async (scope) => {
      await cashierRoutes(scope, commerce);
    });
  }
  app.addHook("onListen", (done) => {
    sweeper.start(deps.config.pay.sweepIntervalSeconds * 1000);
    done();
  });
  app.addHook("preClose", async () => {
    await sweeper.stop();
  });
}
