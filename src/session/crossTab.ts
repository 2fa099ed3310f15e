// Carries session changes to every other open tab of this origin: BroadcastChannel "fy-session",
// and a storage event on `fy_session_event` as the fallback. A tab may hear both; message ids
// deduplicate. The tokens travel in the message, so no tab depends on storage replication order.
import type { UserInfo } from "../api/accountTypes";
import type { SessionTokens } from "../state/session";

export const SESSION_CHANNEL_NAME = "fy-session";
export const SESSION_EVENT_KEY = "fy_session_event";

export type SessionBroadcast =
  | { type: "login"; tokens: SessionTokens; user: UserInfo }
  | { type: "refreshed"; tokens: SessionTokens }
  | { type: "logout" }
  /** A tab is signing out (its one-second delay) or gave up: the others hold their session too. */
  | { type: "signingOut"; active: boolean };

interface SessionMessage {
  id: string;
  event: SessionBroadcast;
}

const SEEN_LIMIT = 64;

let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel =
      typeof BroadcastChannel === "function"
        ? new BroadcastChannel(SESSION_CHANNEL_NAME)
        : null;
  }
  return channel;
}

/** Closes this tab's channel; the next use opens a new one (tests, or a page being frozen). */
export function closeSessionChannel(): void {
  channel?.close();
  channel = undefined;
}

function randomId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function isSessionMessage(value: unknown): value is SessionMessage {
  if (typeof value !== "object" || value === null) return false;
  const { id, event } = value as { id?: unknown; event?: unknown };
  if (typeof id !== "string" || typeof event !== "object" || event === null)
    return false;
  const { type, tokens } = event as { type?: unknown; tokens?: unknown };
  if (type === "logout") return true;
  if (type === "signingOut")
    return typeof (event as { active?: unknown }).active === "boolean";
  const hasTokens = typeof tokens === "object" && tokens !== null;
  if (type === "refreshed") return hasTokens;
  return (
    type === "login" &&
    hasTokens &&
    typeof (event as { user?: unknown }).user === "object"
  );
}

/** Tells every other tab about a session change (this tab does not hear its own message). */
export function announce(event: SessionBroadcast): void {
  const message: SessionMessage = { id: randomId(), event };
  sessionChannel()?.postMessage(message);
  try {
    // NOTE: set then remove: other tabs get a storage event carrying the message, and no copy
    // of the tokens stays under this key.
    window.localStorage.setItem(SESSION_EVENT_KEY, JSON.stringify(message));
    window.localStorage.removeItem(SESSION_EVENT_KEY);
  } catch {
    // NOTE: without storage only the BroadcastChannel carries the change.
  }
}

/** Calls `onEvent` for each change another tab announces; returns the unsubscribe function. */
export function listenToOtherTabs(
  target: Window,
  onEvent: (event: SessionBroadcast) => void,
): () => void {
  const seen: string[] = [];
  const deliver = (raw: unknown) => {
    if (!isSessionMessage(raw) || seen.includes(raw.id)) return;
    seen.push(raw.id);
    if (seen.length > SEEN_LIMIT) seen.shift();
    onEvent(raw.event);
  };
  const onMessage = (event: MessageEvent) => {
    deliver(event.data);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_EVENT_KEY || event.newValue === null) return;
    try {
      deliver(JSON.parse(event.newValue));
    } catch {
      // NOTE: not a message of ours.
    }
  };
  const bus = sessionChannel();
  bus?.addEventListener("message", onMessage);
  target.addEventListener("storage", onStorage);
  return () => {
    bus?.removeEventListener("message", onMessage);
    target.removeEventListener("storage", onStorage);
  };
}
