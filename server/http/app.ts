// Builds the Fastify instance: logging, request ids, validation messages, the error envelope,
// OpenAPI, the accounts services, domain routes and the static PWA. No listening and no process
// handling here.
import { randomUUID } from "node:crypto";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
} from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Logger } from "pino";
import { type AppConfig, imSocketUrl } from "../config/appConfig";
import type { Db } from "../db/createDb";
import { AccountEvents } from "../domain/auth/accountEvents";
import { AuthError } from "../domain/auth/AuthError";
import { sendAuthError } from "../domain/auth/authErrorReply";
import { registerAuthRequest } from "../domain/auth/authenticate";
import { createAuthServices } from "../domain/auth/createAuthServices";
import type { LoginProviders } from "../domain/auth/loginProviders";
import type { ImPresence } from "../domain/users/presence";
import { createPushService } from "../domain/push/createPushService";
import type { PushOptions } from "../domain/push/pushEnv";
import type { ImStackOptions } from "../im/startImGateway";
import { startImEngine } from "../im/startImEngine";
import { registerWukongImWebhook } from "../im/wukongim/webhookRoute";
import { type Clock, systemClock } from "../providers/lib/runtime";
import { resolvePublicUrl } from "../domain/system/runtimeConfig";
import { dataExceptionOf } from "./dataException";
import { decimalQueryNumbers } from "./decimalQueryNumbers";
import { failure } from "./envelope";
import {
  clientErrorReason,
  formatValidationError,
  HttpError,
  validationReason,
} from "./errors";
import { registerOpenApi } from "./openapi";
import { isMalformedMultipart } from "./malformedMultipart";
import type { App } from "./fastifyApp";
import { registerDomains } from "./registerDomains";
import { rejectUnknownFields } from "./rejectUnknownFields";
import { rejectUnstorableValues } from "./rejectUnstorableValues";
import {
  applySecurityHeaders,
  type SecurityHeaderOptions,
  securityHeadersHook,
} from "./securityHeaders";
import { registerCompression } from "./compression";
import { shellInlineScriptHashes } from "./inlineScripts";
import { registerStaticSite } from "./staticSite";
import { registerUtf8Bodies } from "./utf8Bodies";

export type { App } from "./fastifyApp";

export interface AppOptions {
  config: AppConfig;
  db: Db;
  logger: Logger;
  version: string;
  /** Default: the system clock. Tests pass one they can move. */
  clock?: Clock;
  /** Default: a new emitter (the IM gateway subscribes to it). */
  accountEvents?: AccountEvents;
  /** Default: wired from config (real providers, or development emulators). */
  providers?: LoginProviders;
  /** Default: the IM gateway's live connections. */
  presence?: ImPresence;
  /** IM gateway tunables and test hooks (default: server/im/gatewayOptions.ts). */
  im?: ImStackOptions;
  /** Web Push settings from the environment (default: keys generated and kept in the database). */
  push?: PushOptions;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db, logger, version } = options;
  const clock = options.clock ?? systemClock;
  const accountEvents =
    options.accountEvents ??
    new AccountEvents((error, event) => {
      logger.error({ err: error, event }, "account event listener failed");
    });
  const auth = await createAuthServices({
    config,
    db,
    clock,
    logger,
    events: accountEvents,
    ...(options.providers === undefined
      ? {}
      : { providers: options.providers }),
  });
  const loggerInstance: FastifyBaseLogger = logger;
  const securityHeaders: SecurityHeaderOptions = {
    production: config.nodeEnv === "production",
    publicUrl: () => resolvePublicUrl(config, app.server.address()),
    imSocketUrl: (publicUrl) => imSocketUrl(config, publicUrl),
    inlineScriptHashes: shellInlineScriptHashes(config.staticDir),
  };
  const app: App = Fastify({
    loggerInstance,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    schemaErrorFormatter: formatValidationError,
    // NOTE: unknown fields are refused (400 naming them), not stripped: see rejectUnknownFields.
    // No coercion: a JSON body keeps its types ("1", true and [1] are not 1), and querystring and
    // path numbers are plain decimal only (decimalQueryNumbers).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // NOTE: a malformed URL (bad percent-encoding, an over-long parameter) gets the envelope too.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 400;
      // NOTE: these replies skip the onSend hooks, so the headers are set here.
      applySecurityHeaders(request, reply, securityHeaders);
      void (reply as FastifyReply)
        .code(status)
        .send(failure(clientErrorReason(status), error.message));
    },
    // NOTE: requests arriving on kept-alive sockets after close() starts get 503, while requests
    // already running finish (graceful shutdown).
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.addHook("onRoute", rejectUnknownFields);
  app.addHook("onRoute", decimalQueryNumbers);
  registerUtf8Bodies(app);
  app.addHook("preHandler", rejectUnstorableValues);
  await registerCompression(app);

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
  app.addHook("onSend", securityHeadersHook(securityHeaders));
  app.addHook("onResponse", (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });

  app.addHook("onClose", (_instance, done) => {
    auth.providers.close();
    done();
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof AuthError) return sendAuthError(error, request, reply);
    if (error instanceof HttpError) {
      return reply
        .code(error.status)
        .send(failure(error.reason, error.message, error.params));
    }
    if (error.validation) {
      const { reason, params } = validationReason(error.validation);
      return reply.code(400).send(failure(reason, error.message, params));
    }
    const dataException = dataExceptionOf(error);
    if (dataException !== null) {
      request.log.warn(
        {
          sqlState: dataException.sqlState,
          route: request.routeOptions.url,
          detail: dataException.message,
        },
        "a request value could not be stored",
      );
      return reply
        .code(400)
        .send(
          failure(
            "INVALID_FIELD",
            `A request value cannot be stored: ${dataException.message}`,
          ),
        );
    }
    if (isMalformedMultipart(error)) {
      return reply
        .code(400)
        .send(
          failure(
            "MALFORMED_REQUEST",
            `Malformed multipart/form-data: ${error.message}`,
          ),
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large) are safe to show.
      return reply
        .code(status)
        .send(failure(clientErrorReason(status), error.message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(
      failure("INTERNAL", `Internal server error (request ${request.id})`, {
        requestId: request.id,
      }),
    );
  });

  await registerOpenApi(app, version);
  const im = await startImEngine({
    config,
    server: app.server,
    db,
    clock,
    logger,
    accountEvents,
    auth,
    ...(options.im === undefined ? {} : { options: options.im }),
  });
  app.addHook("preClose", async () => {
    await im.close();
  });
  // NOTE: Web Push hears about stored messages from the engine and sends off the send path.
  const push = await createPushService({
    config,
    db,
    logger,
    accountEvents,
    ...(options.push === undefined ? {} : { options: options.push }),
  });
  const stopPushListener = im.onStored((message) => {
    push.messageStored(message);
  });
  app.addHook("onClose", async () => {
    stopPushListener();
    await push.close();
  });
  registerAuthRequest(app);
  await registerDomains(app, {
    config,
    db,
    version,
    clock,
    accountEvents,
    auth,
    presence: options.presence ?? im.engine,
    im: im.engine,
    imTokenFor: im.imTokenFor,
    push,
  });
  if (im.wukongim !== null && config.imEngine.kind === "wukongim")
    await registerWukongImWebhook(app, {
      db,
      secret: config.imEngine.webhookSecret,
      stack: im.wukongim,
    });
  await registerStaticSite(app, config.staticDir);
  return app;
}
