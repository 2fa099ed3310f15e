// The typed Fastify instance every registrar works with (TypeBox schemas give handler types). A
// leaf module: domains, hooks and plugins take `App` from here, so nothing that builds or mounts
// the app (app.ts, registerDomains.ts) is imported back by the code it mounts.
import type { IncomingMessage, ServerResponse } from "node:http";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawServerDefault,
} from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
