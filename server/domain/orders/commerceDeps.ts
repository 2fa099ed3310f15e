// What the order-related domains (orders, payments, blessing wall, fate together, invites,
// managers, contracts) get besides the shared DomainDeps: the payment services, the order sweeper
// and the public URL (known once the server listens).
import type { FastifyBaseLogger } from "fastify";
import type { App } from "../../http/app";
import type { DomainDeps } from "../../http/registerDomains";
import type { OrderSweeper } from "../payments/OrderSweeper";
import type { PayServices } from "../payments/payServices";

export interface CommerceDeps extends DomainDeps {
  pay: PayServices;
  sweeper: OrderSweeper;
  publicUrl: () => string;
  logger: FastifyBaseLogger;
}

export type CommercePlugin = (
  app: App,
  deps: CommerceDeps,
) => void | Promise<void>;
