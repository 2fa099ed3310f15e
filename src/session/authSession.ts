// The session lifecycle (product spec §4): login → tokens saved → user info; start-up restore
// (kept when the server cannot be reached); logout with its one-second delay; the end of a session
// whose refresh was refused; and the changes other tabs announce. Every exit clears the same state.
import {
  fetchUserInfo,
  logoutAllSessions,
  logoutSession,
} from "../api/accounts";
import type { TokenPair, UserInfo } from "../api/accountTypes";
import { isApiError } from "../api/ApiError";
import {
  adoptTokens,
  clearSession,
  readSessionTokens,
  saveTokenPair,
  session,
  setSigningOut,
  setUser,
} from "../state/session";
import { announce, type SessionBroadcast } from "./crossTab";
import { clearLedger } from "./refreshLedger";
import {
  emitResumed,
  emitSignedOut,
  emitUserLoaded,
  type SignOutOrigin,
} from "./sessionListeners";

/** Logout clears the session this long after the server call (product spec §9). */
export const LOGOUT_CLEAR_DELAY_MS = 1000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function signOutHere(
  origin: SignOutOrigin,
  { broadcast, memoryOnly }: { broadcast: boolean; memoryOnly: boolean },
): void {
  const hadSession = session.accessToken !== null || session.user !== null;
  const imId = session.user?.imId ?? session.imUid;
  clearSession({ memoryOnly });
  if (!memoryOnly) void clearLedger();
  if (broadcast) announce({ type: "logout" });
  if (hadSession) emitSignedOut({ imId, origin });
}

/**
 * Whether a failed call means the session is over: a 401 the silent refresh could not fix. No
 * network, a server that is down or failing, or any other error says nothing about the tokens.
 */
function endsSession(error: unknown): boolean {
  return isApiError(error) && error.code === "UNAUTHORIZED";
}

async function fetchAndSetUser(): Promise<UserInfo> {
  const user = await fetchUserInfo();
  setUser(user);
  emitUserLoaded(user);
  return user;
}

/**
 * Fetches `user/v1/info` for the stored tokens. A refused session (401) clears every piece of user
 * state and every token; any other failure keeps them. The error is rethrown either way.
 */
export async function loadUserInfo(): Promise<UserInfo> {
  try {
    return await fetchAndSetUser();
  } catch (error) {
    if (endsSession(error))
      signOutHere("local", { broadcast: false, memoryOnly: false });
    throw error;
  }
}

/**
 * After a login or social login: saves the tokens, loads the user, tells the other tabs. A login
 * never half-completes: if the user info fails for any reason, the new tokens are cleared again.
 */
export async function completeLogin(pair: TokenPair): Promise<UserInfo> {
  saveTokenPair(pair);
  let user: UserInfo;
  try {
    user = await fetchAndSetUser();
  } catch (error) {
    signOutHere("local", { broadcast: false, memoryOnly: false });
    throw error;
  }
  announce({ type: "login", tokens: readSessionTokens(), user });
  return user;
}

/**
 * none: no stored session; restored: the user info is loaded; ended: the server refused the
 * session; unreachable: the info could not be loaded, the session is kept (try again later).
 */
export type RestoreOutcome = "none" | "restored" | "ended" | "unreachable";

/**
 * At start: a stored access token loads the user info. Only a refused session (401 after the
 * silent refresh) ends it. When the server cannot be reached (offline start, server down or
 * failing) the tokens are kept and the messenger resumes with the stored IM credentials, so stored
 * chats show and the outbox takes messages; the caller retries (restoreUntilReachable).
 */
export async function restoreSession(): Promise<RestoreOutcome> {
  if (session.accessToken === null) return "none";
  if (session.user !== null) return "restored";
  try {
    await fetchAndSetUser();
    return "restored";
  } catch (error) {
    // NOTE: the fetch client's 401 handler may already have ended the session.
    if (!session.isLoggedIn) return "ended";
    if (endsSession(error)) {
      console.error("Session restore failed", error);
      signOutHere("local", { broadcast: false, memoryOnly: false });
      return "ended";
    }
    console.warn("User info unreachable; the session is kept", error);
    const { imUid, imToken } = session;
    if (imUid !== null && imToken !== null)
      emitResumed({ imId: imUid, imToken });
    return "unreachable";
  }
}

/**
 * Calls `user/v1/loginOut`, then clears the session after LOGOUT_CLEAR_DELAY_MS. A failed call
 * is only logged: the clearing happens anyway.
 */
export async function logout(): Promise<void> {
  if (session.signingOut) return;
  setSigningOut(true);
  announce({ type: "signingOut", active: true });
  try {
    await logoutSession();
  } catch (error) {
    console.error("Logout failed", error);
  }
  await delay(LOGOUT_CLEAR_DELAY_MS);
  signOutHere("local", { broadcast: true, memoryOnly: false });
}

/**
 * "Sign out everywhere": `user/v1/logoutAll`, then the same delayed clearing. A failed call
 * rejects and keeps this session (the others were not signed out either).
 */
export async function logoutEverywhere(): Promise<void> {
  if (session.signingOut) return;
  setSigningOut(true);
  announce({ type: "signingOut", active: true });
  try {
    await logoutAllSessions();
  } catch (error) {
    setSigningOut(false);
    announce({ type: "signingOut", active: false });
    throw error;
  }
  await delay(LOGOUT_CLEAR_DELAY_MS);
  signOutHere("local", { broadcast: true, memoryOnly: false });
}

/**
 * The session is over (its refresh was refused): clear it here and in every tab. Not while this
 * browser is signing out: the server revoked the session at once, but the signing-out tab clears
 * it after its one-second delay (and tells every tab then).
 */
export function expireSession(): void {
  if (session.signingOut) return;
  signOutHere("local", { broadcast: true, memoryOnly: false });
}

/** How long another tab's sign-out may hold this tab's session before it acts on its own again. */
export const OTHER_TAB_SIGN_OUT_HOLD_MS = LOGOUT_CLEAR_DELAY_MS + 4000;
let otherTabHold: ReturnType<typeof setTimeout> | undefined;

/** Applies a change another tab announced. */
export function applyOtherTabChange(event: SessionBroadcast): void {
  switch (event.type) {
    case "login":
      adoptTokens(event.tokens, event.user);
      emitUserLoaded(event.user);
      return;
    case "refreshed":
      adoptTokens(event.tokens);
      return;
    case "logout":
      signOutHere("remote", { broadcast: false, memoryOnly: true });
      return;
    case "signingOut":
      // NOTE: the server kicks this tab's IM socket too; without this, its token renewal would
      // meet the revoked session and clear it before the signing-out tab's delay is over. Held for
      // a bounded time, in case that tab closes before it clears.
      clearTimeout(otherTabHold);
      setSigningOut(event.active);
      if (event.active)
        otherTabHold = setTimeout(() => {
          setSigningOut(false);
        }, OTHER_TAB_SIGN_OUT_HOLD_MS);
      return;
  }
}
