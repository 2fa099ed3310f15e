// Signed-in routes: `authenticate` reads `Authorization: Bearer <app_token>`, checks the token and
// its live session on every request, and sets `request.auth` ({ userId, sessionId, imId });
// failures are 401 envelopes. A domain puts its signed-in routes in the scope `signedInRoutes`
// makes, which runs `authenticate` for every route in it, so no route names it:
//
//   export const orderRoutes: DomainPlugin = (app, { auth, db }) =>
//     signedInRoutes(app, auth, (app) => {
//       app.get("/order/v1/mine", { schema: { security: BEARER, … } },
//         async (request) => ok(await listOrders(db, signedIn(request).userId)));
//     });
//
// `signedIn(request)` returns the context (and throws 401 for a route outside such a scope).
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

/**
 * When `authenticate` runs. `onRequest` (the default): before the body is read or validated, so a
 * request without a valid token is 401 whatever it carries. `preHandler`: after validation (an
 * invalid body is 400 before the token is looked at), as the users, IM, files and push routes
 * have always answered.
 */
export type AuthenticateAt = "onRequest" | "preHandler";

/**
 * Registers `routes` in an encapsulated child scope of `app` (same prefix) whose hook runs
 * `authenticate` for every route in it; routes outside it stay public.
 */
export async function signedInRoutes(
  app: App,
  auth: { authenticate: preHandlerAsyncHookHandler },
  routes: (app: App) => void | Promise<void>,
  at: AuthenticateAt = "onRequest",
): Promise<void> {
  await app.register(async (scope) => {
    if (at === "onRequest") scope.addHook("onRequest", auth.authenticate);
    else scope.addHook("preHandler", auth.authenticate);
    await routes(scope);
  });
}

export function signedIn(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new AuthError("TOKEN_MISSING");
  return request.auth;
}
