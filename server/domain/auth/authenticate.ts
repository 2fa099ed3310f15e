// Signed-in routes: the `authenticate` preHandler reads `Authorization: Bearer <app_token>`,
// checks the token and its live session on every request, and sets `request.auth`
// ({ userId, sessionId, imId }); failures are 401 envelopes. How another domain uses it:
//
//   export const ordersRoutes: DomainPlugin = (app, { auth }) => {
//     app.get("/order/v1/mine", { preHandler: auth.authenticate, schema: { security: BEARER } },
//       async (request) => ok(await listOrders(db, signedIn(request).userId)));
//   };
//
// `signedIn(request)` returns the context (and throws 401 if a route forgot the preHandler).
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { App } from "../../http/fastifyApp";
import { AuthError } from "./AuthError";
import type { AuthContext, Sessions } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes without it. */
    auth: AuthContext | null;
  }
}

/** OpenAPI `security` of routes behind `authenticate` (scheme declared in http/openapi.ts). */
export const BEARER = [{ bearerAuth: [] }];

/** Declares `request.auth` on every request; call once on the root instance. */
export function registerAuthRequest(app: App): void {
  app.decorateRequest("auth", null);
}

export function createAuthenticate(
  sessions: Pick<Sessions, "authenticate">,
): preHandlerAsyncHookHandler {
  return async (request) => {
    const header = request.headers.authorization?.trim() ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1] === undefined) throw new AuthError("TOKEN_MISSING");
    request.auth = await sessions.authenticate(match[1]);
  };
}

export function signedIn(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new AuthError("TOKEN_MISSING");
  return request.auth;
}
