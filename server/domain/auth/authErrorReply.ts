// Turns an AuthError into its envelope: the HTTP status as code, the message in the request's
// locale, Retry-After on limits and an RFC 6750 WWW-Authenticate on 401s. Also localizes schema
// validation failures of the accounts routes (400 naming the field).
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { failure } from "../../http/envelope";
import type { App } from "../../http/fastifyApp";
import { AuthError } from "./AuthError";
import { authMessage } from "./authMessages";
import { localeFromAcceptLanguage } from "./requestLocale";

export function sendAuthError(
  error: AuthError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const locale = localeFromAcceptLanguage(request.headers["accept-language"]);
  if (error.retryAfterSeconds !== undefined)
    reply.header("retry-after", String(error.retryAfterSeconds));
  if (error.status === 401) {
    const description = error.code.toLowerCase();
    reply.header(
      "www-authenticate",
      error.code === "TOKEN_MISSING"
        ? 'Bearer realm="fuyuan"'
        : `Bearer realm="fuyuan", error="invalid_token", error_description="${description}"`,
    );
  }
  return reply.code(error.status).send(
    failure(error.code, authMessage(error, locale), {
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.code === "INVALID_FIELD" ? { wording: error.wording } : {}),
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: error.retryAfterSeconds }),
    }),
  );
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * false: the request's fields come from a program (e.g. WeChat's redirect), not from what the
     * user typed, so validation messages stay generic ("Invalid request field: code").
     */
    typedFields?: boolean;
    /** Wording to use for a field, when it differs from the field's name (e.g. account → phone). */
    fieldWording?: Readonly<Record<string, string>>;
  }
}

/**
 * In this scope, a schema validation failure becomes INVALID_FIELD for its field, whose message is
 * localized; every other error goes on to the app's error handler unchanged.
 */
export function localizeValidationErrors(scope: App): void {
  scope.setErrorHandler((error: FastifyError, request) => {
    const first = error.validation?.[0];
    if (first === undefined) throw error;
    const missing = first.params.missingProperty;
    const unknown = first.params.additionalProperty;
    // NOTE: an unknown property is named as it is, with the generic wording (it is no field of ours).
    if (first.keyword === "additionalProperties" && typeof unknown === "string")
      throw new AuthError("INVALID_FIELD", {
        field: [
          ...first.instancePath.split("/").filter((p) => p !== ""),
          unknown,
        ].join("."),
        wording: null,
        cause: error,
      });
    const field =
      first.keyword === "required" && typeof missing === "string"
        ? missing
        : (first.instancePath.split("/").filter((p) => p !== "")[0] ??
          error.validationContext ??
          "body");
    const { typedFields, fieldWording } = request.routeOptions.config;
    throw new AuthError("INVALID_FIELD", {
      field,
      wording: typedFields === false ? null : (fieldWording?.[field] ?? field),
      cause: error,
    });
  });
}
