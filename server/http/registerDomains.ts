// The one place where domain route plugins are mounted under /api/app. A new domain adds its
// `server/domain/<name>/routes.ts` plugin to DOMAIN_ROUTES; each receives the shared DomainDeps.
import type { AppConfig } from "../config";
import type { Db } from "../db/createDb";
import { contentRoutes } from "../domain/content/routes";
import { systemRoutes } from "../domain/system/routes";
import { API_PREFIX } from "./envelope";
import type { App } from "./app";

/** What every domain plugin gets; grows as domains need shared services (mailer, IM engine…). */
export interface DomainDeps {
  config: AppConfig;
  db: Db;
  version: string;
}

/** Registers a domain's routes on its own encapsulated scope (prefix /api/app). */
export type DomainPlugin = (app: App, deps: DomainDeps) => void | Promise<void>;

const DOMAIN_ROUTES: readonly DomainPlugin[] = [systemRoutes, contentRoutes];

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
}
