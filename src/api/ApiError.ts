// The one error the fetch client raises. `code` says which rule of the envelope contract failed;
// `status` is the HTTP status (0 when no response arrived).
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
  /** The envelope's `msg` exactly as the server sent it (localized for the UI), if any. */
  readonly serverMessage: string | undefined;

  constructor(
    code: ApiErrorCode,
    status: number,
    message: string,
    options?: ErrorOptions & { envelopeCode?: number; serverMessage?: string },
  ) {
    super(message, options);
    this.code = code;
    this.status = status;
    this.envelopeCode = options?.envelopeCode;
    this.serverMessage = options?.serverMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's own (localized) message of a failed call, when it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  return isApiError(error) ? error.serverMessage : undefined;
}
