// System endpoints: the runtime configuration the client reads before anything else, and the
// health a load balancer or monitor asks (database, IM engine).
import { Health, RuntimeConfig } from "#contract/schemas";
import { sql } from "drizzle-orm";
import { Type } from "typebox";
import { COMMON_ERRORS, EnvelopeOf, ok } from "../../http/envelope";
import type { DomainPlugin } from "../../http/domainPlugin";
import { resolvePublicUrl, runtimeConfig } from "./runtimeConfig";

export const systemRoutes: DomainPlugin = (
  app,
  { config, version, auth, db, im },
) => {
  app.get(
    "/oapi/v1/health",
    {
      schema: {
        tags: ["system"],
        summary:
          "Whether this server can serve: its database and its IM engine (503 when not)",
        response: {
          200: EnvelopeOf(Health),
          503: Type.Object({
            code: Type.Literal(503),
            data: Health,
            msg: Type.String(),
          }),
        },
      },
    },
    async (_request, reply) => {
      const [database, imHealth] = await Promise.all([
        db.execute(sql`select 1`).then(
          () => ({ ok: true }),
          (error: unknown) => ({
            ok: false,
            detail: error instanceof Error ? error.message : String(error),
          }),
        ),
        im.health(),
      ]);
      const healthy = database.ok && imHealth.ok;
      const data = { ok: healthy, database, im: imHealth };
      void reply.header("cache-control", "no-store");
      if (healthy) return reply.code(200).send(ok(data));
      return reply
        .code(503)
        .send({ code: 503 as const, data, msg: "Service unavailable" });
    },
  );

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
