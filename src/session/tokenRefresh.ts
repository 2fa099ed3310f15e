// Keeps the access token fresh: one refresh at a time per tab (concurrent 401s share it) and per
// browser (a Web Lock; tokens another tab already rotated are adopted, never a spent refresh
// token reused, which would revoke the family), plus a proactive refresh shortly before expiry.
// Under the lock, refreshLedger.ts is what tells a tab its refresh token was spent: the other
// tab's broadcast and localStorage write may both reach it only after the lock does.
import { subscribeKey } from "valtio/utils";
import { refreshTokens } from "../api/accounts";
import { ApiError, isApiError } from "../api/ApiError";
import {
  adoptTokens,
  readSessionTokens,
  readStoredTokens,
  saveTokenPair,
  session,
} from "../state/session";
import { announce } from "./crossTab";
import { readLedger, recordRotation, successorIn } from "./refreshLedger";

/** refreshed: newer tokens are in the session; expired: the session is over; unavailable: try later. */
export type RefreshOutcome = "refreshed" | "expired" | "unavailable";

export const REFRESH_LOCK_NAME = "fy-session-refresh";
/** Refresh this long before expiry at most… */
export const REFRESH_LEAD_MAX_MS = 60_000;
/** …and at least this share of the remaining life before it (short test TTLs). */
export const REFRESH_LEAD_FRACTION = 0.2;
/** After a refresh that could not reach the server, try again this much later. */
export const REFRESH_RETRY_MS = 15_000;

// eslint-disable-next-line lingui/no-unlocalized-strings -- developer-facing; the UI shows its own text
const REFRESH_UNAVAILABLE_MESSAGE = "Token refresh could not reach the server";

let inflight: Promise<RefreshOutcome> | undefined;

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  // NOTE: LockManager is missing in old browsers and in jsdom; the per-tab single flight remains.
  const locks = "locks" in navigator ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}

function isDefinitiveRefusal(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === "UNAUTHORIZED" ||
      (error.status >= 400 && error.status < 500))
  );
}

/** The outcome when the session no longer holds `refreshToken` (a logout, or another tab's tokens). */
function overtaken(refreshToken: string): RefreshOutcome | null {
  if (session.refreshToken === null) return "expired";
  return session.refreshToken === refreshToken ? null : "refreshed";
}

async function runRefresh(staleAccess: string | null): Promise<RefreshOutcome> {
  // NOTE: while this tab waited for the lock, another tab may have refreshed and announced it.
  if (session.accessToken !== null && session.accessToken !== staleAccess)
    return "refreshed";
  const refreshToken = session.refreshToken;
  if (refreshToken === null) return "expired";
  const ledger = await readLedger();
  const meanwhile = overtaken(refreshToken);
  if (meanwhile !== null) return meanwhile;
  const successor = successorIn(ledger, refreshToken);
  if (successor !== null) {
    adoptTokens(successor);
    return "refreshed";
  }
  // NOTE: without IndexedDB, or for tokens a new sign-in stored, localStorage is the other
  // source; tokens the ledger knows as spent are older, not newer, and stay unused.
  const stored = readStoredTokens();
  if (
    stored.refreshToken !== null &&
    stored.accessToken !== null &&
    stored.refreshToken !== refreshToken &&
    successorIn(ledger, stored.refreshToken) === null
  ) {
    adoptTokens(stored);
    return "refreshed";
  }
  try {
    const pair = await refreshTokens(refreshToken);
    // NOTE: a logout while the call was out wins (its tokens are not brought back), and so do
    // tokens another tab announced meanwhile (only without Web Locks can that happen).
    const after = overtaken(refreshToken);
    if (after !== null) return after;
    saveTokenPair(pair);
    const tokens = readSessionTokens();
    await recordRotation(refreshToken, tokens);
    announce({ type: "refreshed", tokens });
    return "refreshed";
  } catch (error) {
    console.warn("Token refresh failed", error);
    return isDefinitiveRefusal(error) ? "expired" : "unavailable";
  }
}

/** Refreshes the tokens; concurrent callers share one attempt. */
export function refreshSession(): Promise<RefreshOutcome> {
  const staleAccess = session.accessToken;
  inflight ??= withRefreshLock(() => runRefresh(staleAccess)).finally(() => {
    inflight = undefined;
  });
  return inflight;
}

/**
 * The fetch client's refresher: after `staleToken` got a 401, true when a newer access token is
 * in the session (already refreshed by another call or tab, or refreshed now), false when the
 * server refused the refresh. A refresh that could not reach the server rejects with a NETWORK
 * ApiError: the call fails as unreachable and the session is kept (only a refusal ends it).
 */
export async function refreshAfterUnauthorized(
  staleToken: string,
): Promise<boolean> {
  if (session.accessToken !== null && session.accessToken !== staleToken)
    return true;
  const outcome = await refreshSession();
  if (outcome === "unavailable")
    throw new ApiError("NETWORK", 0, REFRESH_UNAVAILABLE_MESSAGE);
  return outcome === "refreshed";
}

/**
 * Refreshes shortly before each expiry (re-armed whenever the expiry changes); `onExpired` runs
 * when the server refuses the refresh. Returns the function that stops it.
 */
export function keepTokenFresh(onExpired: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    timer = undefined;
    const outcome = await refreshSession();
    if (outcome === "expired" && session.accessToken !== null) onExpired();
    else if (outcome === "unavailable") arm(REFRESH_RETRY_MS);
  };

  const arm = (delay?: number) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const expiresAt = session.accessExpiresAt;
    if (expiresAt === null || session.refreshToken === null) return;
    const remaining = expiresAt - Date.now();
    const lead = Math.min(
      REFRESH_LEAD_MAX_MS,
      remaining * REFRESH_LEAD_FRACTION,
    );
    timer = setTimeout(
      () => void run(),
      delay ?? Math.max(0, remaining - lead),
    );
  };

  const unsubscribe = subscribeKey(session, "accessExpiresAt", () => {
    arm();
  });
  arm();
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
