// The one error WukongImApi throws: which endpoint, what went wrong and what WuKongIM said, so a
// log line alone tells a refused call (HTTP 400 with its Chinese `msg`), a refusal inside an HTTP 200
// (`{"status":<reason code>}`), an unexpected answer, a timeout and a node that is down apart.

export type WukongImFailure =
  /** No answer within the timeout. */
  | "timeout"
  /** The connection failed before an answer (node down, refused, reset). */
  | "network"
  /** An HTTP status other than 200. */
  | "http"
  /** HTTP 200 whose body says `status` ≠ 200 (WuKongIM's ResponseStatus, e.g. a reason code). */
  | "status"
  /** HTTP 200 with a body that is not the documented shape. */
  | "response";

export interface WukongImApiErrorDetails {
  /** `POST /user/token` */
  endpoint: string;
  failure: WukongImFailure;
  /** HTTP status, 0 when there was no answer. */
  httpStatus: number;
  /** The answer's body (at most 500 characters), "" when there was none. */
  body: string;
  /** WuKongIM's `msg` when the body has one. */
  wukongimMessage?: string | undefined;
  cause?: unknown;
}

const BODY_LIMIT = 500;

function describe(
  failure: WukongImFailure,
  httpStatus: number,
  body: string,
): string {
  switch (failure) {
    case "timeout":
      return "no answer in time";
    case "network":
      return "request failed before an answer";
    case "response":
      return `HTTP ${String(httpStatus)}, unexpected answer: ${body}`;
    case "http":
    case "status":
      return `HTTP ${String(httpStatus)} ${body}`;
  }
}

export class WukongImApiError extends Error {
  override name = "WukongImApiError";
  readonly endpoint: string;
  readonly failure: WukongImFailure;
  readonly httpStatus: number;
  readonly body: string;
  readonly wukongimMessage: string | undefined;

  constructor(details: WukongImApiErrorDetails) {
    const body = details.body.slice(0, BODY_LIMIT);
    super(
      `WuKongIM ${details.endpoint}: ${describe(details.failure, details.httpStatus, body)}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.endpoint = details.endpoint;
    this.failure = details.failure;
    this.httpStatus = details.httpStatus;
    this.body = body;
    this.wukongimMessage = details.wukongimMessage;
  }

  /**
   * Whether the same call may succeed later: timeouts, network failures, 5xx, and WuKongIM's own
   * deadline (HTTP 400 "context deadline exceeded": a Raft proposal it gave up on under load).
   */
  get retryable(): boolean {
    return (
      this.failure === "timeout" ||
      this.failure === "network" ||
      (this.failure === "http" &&
        (this.httpStatus >= 500 ||
          /deadline exceeded/i.test(this.wukongimMessage ?? "")))
    );
  }
}

export function isWukongImApiError(value: unknown): value is WukongImApiError {
  return value instanceof WukongImApiError;
}
