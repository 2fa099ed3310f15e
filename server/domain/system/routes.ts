// System endpoints: the runtime configuration the client reads before anything else.
import { COMMON_ERRORS, EnvelopeOf, ok } from "../../http/envelope";
import type { DomainPlugin } from "../../http/registerDomains";
import { resolvePublicUrl, runtimeConfig } from "./runtimeConfig";
import { RuntimeConfig } from "./schemas";

export const systemRoutes: DomainPlugin = (app, { config, version, auth }) => {
  app.get(
    "/oapi/v1/config",
    {
      schema: {
        tags: ["system"],
        summary:
          "Runtime configuration: version, IM URL, login methods, WeChat",
        response: { 200: EnvelopeOf(RuntimeConfig), 500: COMMON_ERRORS[500] },
      },
    },
    () =>
      ok(
        runtimeConfig(
          config,
          resolvePublicUrl(config, app.server.address()),
          version,
          auth.providers,
        ),
      ),
  );
};
