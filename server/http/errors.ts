// Domain errors that become `{ code, data: null, msg }` envelopes with a matching HTTP status,
// and the formatter that turns schema validation failures into a message naming the field.
import type { FastifyServerOptions } from "fastify";

type SchemaErrorFormatter = NonNullable<
  FastifyServerOptions["schemaErrorFormatter"]
>;

/** Envelope codes used across domains; most equal the HTTP status. */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;

export class HttpError extends Error {
  override name = "HttpError";
  readonly status: number;
  readonly code: number;
  constructor(
    status: number,
    code: number,
    msg: string,
    options?: ErrorOptions,
  ) {
    super(msg, options);
    this.status = status;
    this.code = code;
  }

  static notFound(msg: string): HttpError {
    return new HttpError(404, ERROR_CODES.NOT_FOUND, msg);
  }

  static badRequest(msg: string): HttpError {
    return new HttpError(400, ERROR_CODES.BAD_REQUEST, msg);
  }
}

/**
 * Fastify's `schemaErrorFormatter`: one message for the first failure, naming where it is,
 * e.g. "querystring/locale must be one of cn, tw, en" or "params/id must be integer".
 */
export const formatValidationError: SchemaErrorFormatter = (
  errors,
  dataVar,
) => {
  const first = errors[0];
  if (first === undefined) return new Error(`${dataVar} is invalid`);
  const params = first.params;
  const at = `${dataVar}${first.instancePath}`;
  switch (first.keyword) {
    case "enum":
      return new Error(`${at} must be one of ${listOf(params.allowedValues)}`);
    case "required":
      return new Error(`${at}/${String(params.missingProperty)} is required`);
    case "additionalProperties":
      return new Error(
        `${at} must not have property ${String(params.additionalProperty)}`,
      );
    case "type":
      return new Error(`${at} must be ${String(params.type)}`);
    default:
      return new Error(`${at} ${first.message ?? "is invalid"}`);
  }
};

function listOf(values: unknown): string {
  return Array.isArray(values) ? values.map(String).join(", ") : String(values);
}
