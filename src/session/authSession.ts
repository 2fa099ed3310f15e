// The session lifecycle (product spec §4): login → tokens saved → user info; start-up restore;
// logout with its one-second delay; the end of a session whose refresh was refused; and the
// changes other tabs announce. Every exit clears the same state and notifies the listeners.
import {
  fetchUserInfo,
  logoutAllSessions,
  logoutSession,
} from "../api/accounts";
import type { TokenPair, UserInfo } from "../api/accountTypes";
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
import {
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
  if (broadcast) announce({ type: "logout" });
  if (hadSession) emitSignedOut({ imId, origin });
}

/**
 * Fetches `user/v1/info` for the stored tokens. On failure every piece of user state and every
 * token is cleared, then the error is rethrown.
 */
export async function loadUserInfo(): Promise<UserInfo> {
  try {
    const user = await fetchUserInfo();
    setUser(user);
    emitUserLoaded(user);
    return user;
  } catch (error) {
    signOutHere("local", { broadcast: false, memoryOnly: false });
    throw error;
  }
}

/** After a login or social login: saves the tokens, loads the user, tells the other tabs. */
export async function completeLogin(pair: TokenPair): Promise<UserInfo> {
  saveTokenPair(pair);
  const user = await loadUserInfo();
  announce({ type: "login", tokens: readSessionTokens(), user });
  return user;
}

/** At start: a stored access token loads the user info; a failure has cleared everything. */
export async function restoreSession(): Promise<void> {
  if (session.accessToken === null) return;
  try {
    await loadUserInfo();
  } catch (error) {
    console.error("Session restore failed", error);
  }
}

/**
 * Calls `user/v1/loginOut`, then clears the session after LOGOUT_CLEAR_DELAY_MS. A failed call
 * is only logged: the clearing happens anyway.
 */
export async function logout(): Promise<void> {
  if (session.signingOut) return;
  setSigningOut(true);
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
  try {
    await logoutAllSessions();
  } catch (error) {
    setSigningOut(false);
    throw error;
  }
  await delay(LOGOUT_CLEAR_DELAY_MS);
  signOutHere("local", { broadcast: true, memoryOnly: false });
}

/** The session is over (its refresh was refused): clear it here and in every tab. */
export function expireSession(): void {
  signOutHere("local", { broadcast: true, memoryOnly: false });
}

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
  }
}
