// The one error the fetch client raises. `code` says which rule of the envelope contract failed;
// `status` is the HTTP status (0 when no response arrived).
export type ApiErrorCode =
  | "UNAUTHORIZED" // HTTP 401 or envelope code 401: the user was sent to /login
  | "REQUEST_ERROR" // HTTP success, envelope code not 0
  | "HTTP_ERROR" // any other HTTP error status
  | "NETWORK"; // no response (offline, DNS, aborted connection)

export class ApiError extends Error {
  override name = "ApiError";
  readonly code: ApiErrorCode;
  readonly status: number;
  /** The envelope code, when the server sent an envelope. */
  readonly envelopeCode: number | undefined;

  constructor(
    code: ApiErrorCode,
    status: number,
    message: string,
    options?: ErrorOptions & { envelopeCode?: number },
  ) {
    super(message, options);
    this.code = code;
    this.status = status;
    this.envelopeCode = options?.envelopeCode;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
