// The messenger's part of the session lifecycle (loaded lazily by imHook.ts): after the user info
// is loaded (or, while it cannot load, with the stored IM credentials), start the worker's
// messenger with imId/imToken (a new token drops the old connection) and load the unread count; keep
// the worker's access token fresh; when the IM server refuses or drops the login, ask once for the
// user info again (a WuKongIM deployment hands out a new IM token after any of the user's sessions
// ends); on sign-out, disconnect and delete the IM database.
import { subscribeKey } from "valtio/utils";
import { apiBase, apiRequest } from "../api/client";
import type { UserInfo } from "../api/accountTypes";
import { session } from "../state/session";
import { expireSession, loadUserInfo } from "../session/authSession";
import { imApi, onImEvent } from "./imClient";
import { mirrorImEvent, mirrorSignedOut, mirrorUnreadCount } from "./imMirror";
import { imSocketUrl } from "./imSocketUrl";
import type {
  SignOutOrigin,
  StoredImCredentials,
} from "../session/sessionListeners";
import { REFRESH_RETRY_MS, refreshSession } from "../session/tokenRefresh";

/**
 * New messages (conversationsChanged) and reads the server has recorded (readsReported) reload the
 * unread count, at most this often. Reloading on the local read alone would read the server's count
 * before the worker's `setUnread` reached it, leaving the counter stale.
 */
export const UNREAD_RELOAD_DELAY_MS = 1_000;

let user: Readonly<UserInfo> | null = null;
/** The IM uid running on stored credentials because its user info could not load yet. */
let resumedUid: string | null = null;
let stopWiring: (() => void) | null = null;
let unreadTimer: ReturnType<typeof setTimeout> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** The IM token a refusal or kick already made this tab reload the user info for (once each). */
let renewedFor: string | null = null;

/** `GET wuKong/v1/conversations/unreadCount`. */
async function fetchUnreadCount(): Promise<number> {
  const data = await apiRequest<{ unread?: unknown }>(
    "wuKong/v1/conversations/unreadCount",
  );
  return typeof data.unread === "number" ? data.unread : 0;
}

async function loadUnread(): Promise<void> {
  const current = user;
  if (current === null) return;
  const unread = await fetchUnreadCount();
  if (user === current) mirrorUnreadCount(unread, current);
}

function scheduleUnreadReload(): void {
  if (unreadTimer !== undefined || user === null) return;
  if (user.isService !== 1 && user.isMonk !== 1) return;
  unreadTimer = setTimeout(() => {
    unreadTimer = undefined;
    loadUnread().catch((error: unknown) => {
      console.warn("Unread count reload failed", error);
    });
  }, UNREAD_RELOAD_DELAY_MS);
}

async function pushAccessToken(): Promise<void> {
  const token = session.accessToken;
  if (token === null || (user === null && resumedUid === null)) return;
  const api = await imApi();
  await api.updateAuth({ accessToken: token });
}

/** The worker's token was refused: refresh (shared with other tabs) and hand it the new one. */
async function answerAuthRequired(): Promise<void> {
  const outcome = await refreshSession();
  if (outcome === "refreshed") await pushAccessToken();
  else if (outcome === "expired") expireSession();
  else {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(
      () => void answerAuthRequired(),
      REFRESH_RETRY_MS,
    );
  }
}

/**
 * The IM server refused or dropped the login: the user info may carry a new IM token (its
 * userLoaded starts the worker with it). Once per token, so a token that is really refused ends in
 * the "sign in again" banner instead of a loop.
 */
async function renewImToken(): Promise<void> {
  const current = user;
  // NOTE: signing out revokes the session and kicks the socket at once, while the tab keeps the
  // session for its one-second delay: asking for user info then would end it early with a 401.
  if (current === null || session.signingOut || renewedFor === current.imToken)
    return;
  renewedFor = current.imToken;
  await loadUserInfo();
}

/** Listens to the worker and to token changes (once per tab). */
function wire(): void {
  if (stopWiring !== null) return;
  const stopEvents = onImEvent((event) => {
    mirrorImEvent(event);
    if (event.type === "authRequired") void answerAuthRequired();
    else if (
      event.type === "status" &&
      (event.status.connection === "ConnectFail" ||
        event.status.connection === "ConnectKick")
    )
      renewImToken().catch((error: unknown) => {
        console.warn("Reloading the IM token failed", error);
      });
    else if (
      event.type === "conversationsChanged" ||
      event.type === "readsReported"
    )
      scheduleUnreadReload();
  });
  const stopToken = subscribeKey(session, "accessToken", () => {
    pushAccessToken().catch((error: unknown) => {
      console.warn("Passing the new token to the messenger failed", error);
    });
  });
  stopWiring = () => {
    stopEvents();
    stopToken();
  };
}

/** The absolute REST base the worker calls (a relative one would resolve against the worker's URL). */
function absoluteApiBase(): string {
  return new URL(apiBase, location.origin).href.replace(/\/$/, "");
}

async function startWorker(
  credentials: StoredImCredentials,
  accessToken: string,
): Promise<void> {
  const [api, wsUrl] = await Promise.all([imApi(), imSocketUrl()]);
  const started = await api.start({
    imUid: credentials.imId,
    imToken: credentials.imToken,
    apiBase: absoluteApiBase(),
    accessToken,
    wsUrl,
  });
  if (!started.ok)
    throw new Error(`${started.error.code}: ${started.error.message}`);
  mirrorImEvent({ type: "status", status: started.value });
}

/** After user info is loaded: (re)start the messenger, then load the unread count. */
export async function startMessenger(
  loaded: Readonly<UserInfo>,
): Promise<void> {
  const accessToken = session.accessToken;
  if (accessToken === null) return;
  user = loaded;
  resumedUid = null;
  wire();
  await startWorker(loaded, accessToken);
  await loadUnread();
}

/**
 * While the user info cannot load (offline start, server down): starts the messenger for the stored IM user
 * with the stored credentials and the remembered socket URL, once, so stored chats show and sends
 * wait in the outbox. startMessenger takes over when the info loads (same uid: tokens only).
 */
export async function resumeMessenger(
  credentials: StoredImCredentials,
): Promise<void> {
  const accessToken = session.accessToken;
  if (accessToken === null || user !== null) return;
  if (resumedUid === credentials.imId) return;
  resumedUid = credentials.imId;
  wire();
  try {
    await startWorker(credentials, accessToken);
  } catch (error) {
    if (resumedUid === credentials.imId) resumedUid = null;
    throw error;
  }
}

/** On sign-out here or in another tab: disconnect deliberately and delete the IM database. */
export async function stopMessenger(event: {
  readonly imId: string | null;
  readonly origin: SignOutOrigin;
}): Promise<void> {
  user = null;
  resumedUid = null;
  renewedFor = null;
  clearTimeout(unreadTimer);
  clearTimeout(refreshTimer);
  unreadTimer = undefined;
  mirrorSignedOut();
  const api = await imApi();
  const result = await api.logout(
    event.imId === null ? {} : { imUid: event.imId },
  );
  if (!result.ok)
    throw new Error(`${result.error.code}: ${result.error.message}`);
}
