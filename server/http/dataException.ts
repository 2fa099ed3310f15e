// PostgreSQL "data exceptions" (SQLSTATE class 22: a number out of its column's range, text the
// database cannot hold, a malformed date) raised by a request's values that its route's schema let
// through. They answer 400: the statement, and with it its transaction, failed and stored nothing.

export interface DataException {
  /** The SQLSTATE, e.g. 22003 (numeric value out of range). */
  sqlState: string;
  /** PostgreSQL's own message, e.g. "value out of range for type integer". */
  message: string;
}

const MAX_CAUSES = 5;

/** The class-22 database error behind `error` (following `cause`), or null. */
export function dataExceptionOf(error: unknown): DataException | null {
  let current: unknown = error;
  for (let i = 0; i < MAX_CAUSES && current instanceof Error; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code))
      return { sqlState: code, message: current.message };
    current = current.cause;
  }
  return null;
}
