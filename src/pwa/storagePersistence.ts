// Asks the browser to keep this origin's storage (navigator.storage.persist) after sign-in or
// install, exposes the result to /my, and reports quota errors instead of failing silently.
import { pwaState } from "./pwaState";

type StorageManagerLike = Pick<StorageManager, "persist" | "persisted">;

function manager(): StorageManagerLike | undefined {
  return typeof navigator !== "undefined" && "storage" in navigator
    ? navigator.storage
    : undefined;
}

/** Reads whether storage is already persistent, without asking. */
export async function refreshPersisted(
  storage: StorageManagerLike | undefined = manager(),
): Promise<boolean | null> {
  if (storage === undefined) return null;
  pwaState.persisted = await storage.persisted();
  return pwaState.persisted;
}

/** Requests persistent storage (the browser may grant it silently or refuse). */
export async function requestPersistence(
  storage: StorageManagerLike | undefined = manager(),
): Promise<boolean | null> {
  if (storage === undefined) return null;
  try {
    pwaState.persisted =
      (await storage.persisted()) || (await storage.persist());
  } catch (error) {
    console.error("navigator.storage.persist failed", error);
    pwaState.persisted = false;
  }
  return pwaState.persisted;
}

/** True for the errors IndexedDB, Cache Storage and localStorage raise when the quota is full. */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, inner } = error as { name?: unknown; inner?: unknown };
  return (
    name === "QuotaExceededError" ||
    (inner !== undefined && isQuotaError(inner))
  );
}

/** Flags quota errors that reach the window as unhandled rejections or errors. */
export function watchQuotaErrors(target: Window): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (isQuotaError(event.reason)) pwaState.quotaError = true;
  });
  target.addEventListener("error", (event) => {
    if (isQuotaError(event.error)) pwaState.quotaError = true;
  });
}
