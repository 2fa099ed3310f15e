// The one error the fetch client raises. `code` says which rule of the envelope contract failed;
// `status` is the HTTP status (0 when no response arrived); `reason` and `params` are the server's
// stable refusal (contract/apiErrors.ts), which refusalTextOf turns into the user's sentence.
import type { ApiErrorParams, ApiErrorReason } from "#contract";
import { apiErrorText } from "../i18n/apiErrorMessages";

export type ApiErrorCode =
  | "UNAUTHORIZED" // HTTP 401 or envelope code 401
  | "REQUEST_ERROR" // HTTP success, envelope code not 0
  | "HTTP_ERROR" // any other HTTP error status
  | "NETWORK"; // no response (offline, DNS, aborted connection)

export class ApiError extends Error {
  override name = "ApiError";
  readonly code: ApiErrorCode;
  readonly status: number;
  /** The envelope code, when the server sent an envelope. */
  readonly envelopeCode: number | undefined;
  /** The envelope's `msg` exactly as the server sent it (for developers and logs), if any. */
  readonly serverMessage: string | undefined;
  /** The server's stable reason, when it sent one this client knows. */
  readonly reason: ApiErrorReason | undefined;
  readonly params: ApiErrorParams;

  constructor(
    code: ApiErrorCode,
    status: number,
    message: string,
    options?: ErrorOptions & {
      envelopeCode?: number;
      serverMessage?: string;
      reason?: ApiErrorReason;
      params?: ApiErrorParams;
    },
  ) {
    super(message, options);
    this.code = code;
    this.status = status;
    this.envelopeCode = options?.envelopeCode;
    this.serverMessage = options?.serverMessage;
    this.reason = options?.reason;
    this.params = options?.params ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The request field a refusal is about (its params.field), e.g. "wish"; undefined if none. */
export function refusedFieldOf(error: unknown): string | undefined {
  return isApiError(error) ? error.params.field : undefined;
}

/**
 * The sentence to show for a refused call, in the active locale: the translation of the server's
 * reason; undefined for any other failure (no answer, an old server, a proxy's error page), where
 * the caller says what failed in its own words. Never the server's `msg`, which is for developers.
 */
export function refusalTextOf(error: unknown): string | undefined {
  return isApiError(error) && error.reason !== undefined
    ? apiErrorText(error.reason, error.params)
    : undefined;
}
