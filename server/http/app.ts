// Builds the Fastify instance: logging, request ids, validation messages, the error envelope,
// OpenAPI, domain routes and the static PWA. No listening and no process handling here.
import { randomUUID } from "node:crypto";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type RawServerDefault,
} from "fastify";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Logger } from "pino";
import type { AppConfig } from "../config";
import type { Db } from "../db/createDb";
import { failure } from "./envelope";
import { formatValidationError, HttpError } from "./errors";
import { registerOpenApi } from "./openapi";
import { registerDomains } from "./registerDomains";
import { registerStaticSite } from "./staticSite";

export interface AppOptions {
  config: AppConfig;
  db: Db;
  logger: Logger;
  version: string;
}

/** The typed Fastify instance every registrar works with (TypeBox schemas give handler types). */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export async function buildApp({
  config,
  db,
  logger,
  version,
}: AppOptions): Promise<App> {
  const loggerInstance: FastifyBaseLogger = logger;
  const app: App = Fastify({
    loggerInstance,
    genReqId: () => randomUUID(),
    schemaErrorFormatter: formatValidationError,
    // NOTE: requests arriving on kept-alive sockets after close() starts get 503, while requests
    // already running finish (graceful shutdown).
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // NOTE: Node's server.close() only drops connections idle at that moment; a kept-alive socket
  // whose request was still running would then hold close() open until the client hangs up.
  // While closing, responses say `connection: close` and freshly idle sockets are dropped.
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  app.addHook("onResponse", (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send(failure(error.code, error.message));
    }
    if (error.validation) {
      return reply.code(400).send(failure(400, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large) are safe to show.
      return reply.code(status).send(failure(status, error.message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .code(500)
      .send(failure(500, `Internal server error (request ${request.id})`));
  });

  await registerOpenApi(app, version);
  // NOTE: the IM gateway (@fastify/websocket at /im, a reserved prefix the SPA never takes) is
  // registered here, after OpenAPI and before the static site, when the IM work lands.
  await registerDomains(app, { config, db, version });
  await registerStaticSite(app, config.staticDir);
  return app;
}
