// The worker's one error class and its mapping to the plain MessengerError that crosses comlink.
// Repositories and rules throw MessengerFailure; the tab facade turns any throw into a Result.
import { ProtocolError } from "#protocol";
import type { MessengerError, MessengerErrorCode } from "../api";

/** Codes that a later identical call may fix without the user doing anything. */
const RETRYABLE: ReadonlySet<MessengerErrorCode> = new Set([
  "NETWORK",
  "STORAGE_FAILED",
  "SERVER_ERROR",
]);

/** A failure the worker expects (bad input, missing row…), with its boundary code. */
export class MessengerFailure extends Error {
  override name = "MessengerFailure";
  readonly code: MessengerErrorCode;

  constructor(
    code: MessengerErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.code = code;
  }
}

/** Names of the DOMException/Dexie errors IndexedDB raises when it refuses a write. */
const STORAGE_ERROR_NAMES: ReadonlySet<string> = new Set([
  "QuotaExceededError",
  "ConstraintError",
  "DataError",
  "DataCloneError",
  "InvalidStateError",
  "ReadOnlyError",
  "DatabaseClosedError",
  "OpenFailedError",
  "VersionError",
  "UnknownError",
]);

/** Any thrown value as the plain {@link MessengerError} the API returns (unknown throws → `INTERNAL`). */
export function toMessengerError(error: unknown): MessengerError {
  if (error instanceof MessengerFailure) {
    return {
      code: error.code,
      message: error.message,
      retryable: RETRYABLE.has(error.code),
    };
  }
  if (error instanceof ProtocolError) {
    // NOTE: bytes from the server that do not decode (or fail their msgKey): the server's fault,
    // not a worker bug; the connection is dropped and a reconnect may well work.
    return {
      code: "SERVER_ERROR",
      message: `${error.code}: ${error.message}`,
      retryable: true,
    };
  }
  if (error instanceof Error) {
    // NOTE: Dexie wraps IndexedDB errors; `inner` holds the DOMException when there is one.
    const inner: unknown = (error as Error & { inner?: unknown }).inner;
    const names = [error.name, inner instanceof Error ? inner.name : ""];
    if (
      names.some(
        (n) => STORAGE_ERROR_NAMES.has(n) || n.endsWith("QuotaExceededError"),
      )
    ) {
      return {
        code: "STORAGE_FAILED",
        message: `${error.name}: ${error.message}`,
        retryable: true,
      };
    }
    return {
      code: "INTERNAL",
      message: `${error.name}: ${error.message}`,
      retryable: false,
    };
  }
  return { code: "INTERNAL", message: String(error), retryable: false };
}
