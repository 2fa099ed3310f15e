// Domain errors that become `{ code, data: null, msg, reason }` envelopes with a matching HTTP status,
// and the formatter that turns schema validation failures into a message naming the field.
import type { FastifyServerOptions } from "fastify";
import {
  API_ERRORS,
  type ApiErrorParams,
  type ApiErrorReason,
} from "#contract";

type SchemaErrorFormatter = NonNullable<
  FastifyServerOptions["schemaErrorFormatter"]
>;

/**
 * A refusal: its stable reason (contract/apiErrors.ts) decides the HTTP status and the envelope
 * code; `message` is the plain description for developers, `params` the values the client's
 * translated sentence uses.
 */
export class HttpError extends Error {
  override name = "HttpError";
  readonly status: number;
  readonly code: number;
  readonly reason: ApiErrorReason;
  readonly params: ApiErrorParams | undefined;
  constructor(
    reason: ApiErrorReason,
    msg: string,
    options?: ErrorOptions & { params?: ApiErrorParams },
  ) {
    super(msg, options);
    this.reason = reason;
    this.status = API_ERRORS[reason];
    this.code = this.status;
    this.params = options?.params;
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

/** The reason of a client error Fastify raised itself (bad JSON, body too large, …). */
export function clientErrorReason(status: number): ApiErrorReason {
  switch (status) {
    case 404:
      return "NOT_FOUND";
    case 413:
      return "REQUEST_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 429:
      return "TOO_MANY_REQUESTS";
    default:
      return "MALFORMED_REQUEST";
  }
}

type ValidationErrors = Parameters<SchemaErrorFormatter>[0];

/** The reason and field of a schema validation failure (its first error, as the message says). */
export function validationReason(errors: ValidationErrors): {
  reason: ApiErrorReason;
  params: ApiErrorParams;
} {
  const first = errors[0];
  const path = (first?.instancePath ?? "").split("/").filter((p) => p !== "");
  const missing = first?.params.missingProperty;
  if (first?.keyword === "required" && typeof missing === "string")
    return {
      reason: "FIELD_REQUIRED",
      params: { field: [...path, missing].join(".") },
    };
  return {
    reason: "INVALID_FIELD",
    params: { field: path.join(".") || "request" },
  };
}
