// What a thrown notFound() carries, so the 404 screen logs the right line:
// "unmatched" → `Page not found: {path}` (warn), "invalid" → `Page Not Found: {path}` (error).
import { notFound } from "@tanstack/react-router";
import { isApiError } from "../api/ApiError";

export type NotFoundKind = "unmatched" | "invalid";

export interface NotFoundData {
  kind: NotFoundKind;
}

export function notFoundKind(data: unknown): NotFoundKind {
  if (
    typeof data === "object" &&
    data !== null &&
    (data as { kind?: unknown }).kind === "invalid"
  )
    return "invalid";
  return "unmatched";
}

export function throwNotFound(kind: NotFoundKind): never {
  const data: NotFoundData = { kind };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router control flow
  throw notFound({ data });
}

/** For loaders: an API 404 (unknown id) becomes the 404 screen; other errors pass through. */
export function rethrowMissing(error: unknown): never {
  if (isApiError(error) && error.status === 404) throwNotFound("invalid");
  throw error;
}
