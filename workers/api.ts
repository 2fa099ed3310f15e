// THE comlink boundary between the tabs and the IM worker: every method, argument, result and event
// that crosses it. Only plain, structured-cloneable data; the worker returns error codes, never text.
// Imports nothing but types from src/db, so a tab can `import type` it without pulling worker code.
// The methods are also declared as data, for the worker's facade and relay, in apiMethods.ts.
import type { ChannelRef } from "../src/db/channelKey";
import type { MessageRecord } from "../src/db/entities/MessageRecord";
import type { JsonValue } from "../src/db/entities/JsonValue";
import type { UploadState } from "../src/db/entities/UploadRecord";

export type { ChannelRef, JsonValue, UploadState };

/**
 * Version of this interface. The SharedWorker's name includes it, and `attach` refuses a tab built
 * against another version (`VERSION_MISMATCH`), so an old tab never talks to a new worker.
 */
export const API_VERSION = 1;

/**
 * Longest text message, in UTF-16 code units: the worker refuses a longer text (INVALID_ARGUMENT)
 * and the composer counts against it. NOTE: keeps the encrypted, base64-encoded SEND (≈ ×4 bytes
 * per unit × 4/3) far below the codec's 1 MiB frame cap.
 */
export const MAX_TEXT_LENGTH = 5_000;

/** The public connection statuses, named as the WuKongIM SDK names them (spec §4). */
export const ConnectionStatus = {
  /** No socket: not started, stopped, or lost and waiting to reconnect. */
  DISCONNECT: "Disconnect",
  /** A socket is opening or the CONNECT/CONNACK handshake is running. */
  CONNECTING: "Connecting",
  /** CONNACK reason 1: messages flow. */
  CONNECTED: "Connected",
  /**
   * The server refused the login: a CONNACK with another reason (e.g. 2 authFail), or the server
   * closed the socket on CONNECT several times in a row without a CONNACK (how WuKongIM v2.2.5
   * refuses a wrong token; no reason code then). No automatic reconnect: a new token (`start`) does.
   */
  CONNECT_FAIL: "ConnectFail",
  /** The server sent DISCONNECT: no automatic reconnect. */
  CONNECT_KICK: "ConnectKick",
} as const;
/** One of the {@link ConnectionStatus} values. */
export type ConnectionStatus =
  (typeof ConnectionStatus)[keyof typeof ConnectionStatus];

/**
 * Why the server ended the session: `SIGNED_IN_ELSEWHERE` for DISCONNECT reason 12 (connectKick,
 * "login in other device"), `SIGN_IN_AGAIN` for any other reason (the token is no longer good).
 */
export type KickReason = "SIGNED_IN_ELSEWHERE" | "SIGN_IN_AGAIN";

/** What the worker's messenger is doing, as the UI shows it. */
export interface MessengerStatus {
  readonly connection: ConnectionStatus;
  /** The IM uid the session was started for; `null` when stopped or logged out. */
  readonly imUid: string | null;
  /** Whether any attached tab reports the network online (see {@link MessengerApi.hint}). */
  readonly online: boolean;
  /**
   * The protocol reason code (§11) of a `ConnectFail` or `ConnectKick`; absent for a `ConnectFail`
   * the server gave by closing the socket without a CONNACK.
   */
  readonly reasonCode?: number;
  /** Set with `ConnectKick`. */
  readonly kick?: KickReason;
}

/**
 * Error codes crossing the boundary (SCREAMING_SNAKE). `src/i18n/errorMessages.ts` maps each one to a
 * translated message; the worker never translates.
 * - `NOT_ATTACHED`: the calling tab has not called {@link MessengerApi.attach}.
 * - `VERSION_MISMATCH`: the tab was built for another {@link API_VERSION}; reload the tab.
 * - `NOT_STARTED`: no IM session (call {@link MessengerApi.start} after login).
 * - `INVALID_ARGUMENT`: bad input (empty or too long text, an image without size, a bad channel…).
 * - `IMAGE_TOO_LARGE`: an image over #contract's upload limits (bytes or pixels), even after shrinking.
 * - `IMAGE_NOT_ACCEPTED`: a file that is not a PNG, JPEG, WebP or GIF image.
 * - `IMAGE_DAMAGED`: an image file that cannot be read (empty, or the tab could not decode it).
 * - `NOT_FOUND`: no such message, upload or conversation.
 * - `INVALID_STATE`: the target is not in a state that allows it (retrying a message that did not fail…).
 * - `STORAGE_FAILED`: IndexedDB refused the write (quota, private mode); nothing was half-written.
 * - `NETWORK`: an HTTP call (sync, upload) could not reach the server.
 * - `UNAUTHORIZED`: the server rejected the access token; sign in again.
 * - `SERVER_ERROR`: the server answered with an error envelope.
 * - `INTERNAL`: a bug in the worker (an unexpected exception, mapped at the facade).
 */
export type MessengerErrorCode =
  | "NOT_ATTACHED"
  | "VERSION_MISMATCH"
  | "NOT_STARTED"
  | "INVALID_ARGUMENT"
  | "IMAGE_TOO_LARGE"
  | "IMAGE_NOT_ACCEPTED"
  | "IMAGE_DAMAGED"
  | "NOT_FOUND"
  | "INVALID_STATE"
  | "STORAGE_FAILED"
  | "NETWORK"
  | "UNAUTHORIZED"
  | "SERVER_ERROR"
  | "INTERNAL";

/** A failure as plain data (comlink drops Error subclasses, so errors never cross as exceptions). */
export interface MessengerError {
  readonly code: MessengerErrorCode;
  /** For logs and developers only; never shown to users (they see the translated code). */
  readonly message: string;
  /** True when the same call may succeed later without the user changing anything. */
  readonly retryable: boolean;
}

/**
 * The result of every {@link MessengerApi} method. A rejected promise means a bug, not a failure.
 * @example
 * const r = await session.sendText({ channel, text });
 * if (!r.ok) toast(errorMessage(r.error.code));
 */
export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: MessengerError };

/** The argument of methods that need none: pass `{}` (every method takes one object). */
export type NoArgs = Readonly<Record<string, never>>;

/** Identity of a tab, sent once by {@link MessengerApi.attach}. */
export interface AttachArgs {
  /** Unique per tab for its lifetime (e.g. `crypto.randomUUID()`). */
  readonly tabId: string;
  /** Name of the Web Lock the tab holds for its whole life; when the worker gets it, the tab is gone. */
  readonly lockName: string;
  /** The {@link API_VERSION} the tab was built with. */
  readonly apiVersion: number;
}

/** Credentials and endpoints of an IM session (after login and `user/v1/info`). */
export interface StartArgs {
  readonly imUid: string;
  readonly imToken: string;
  /** Base URL of the REST API, e.g. `https://fuyuan.example/api/app`. */
  readonly apiBase: string;
  /** The app access token for REST calls (message sync, conversations, uploads). */
  readonly accessToken: string;
  /** The IM WebSocket URL, e.g. `wss://fuyuan.example/im`. */
  readonly wsUrl: string;
}

/** A message accepted into the outbox. */
export interface QueuedMessage {
  /** Key of the new `messages` row (status `wait`); the tab renders it from IndexedDB. */
  readonly clientMsgNo: string;
}

/** What {@link MessengerApi.loadOlder} achieved; the messages themselves are read from IndexedDB. */
export interface LoadOlderResult {
  /** How many messages older than `beforeSeq` are now stored (up to the requested limit). */
  readonly available: number;
  /** True when the channel has nothing older (seq 1 reached, or history cleared up to here). */
  readonly reachedStart: boolean;
}

/** Events the worker pushes to every subscribed tab. */
export type MessengerEvent =
  /** The session status changed (also sent once right after {@link MessengerApi.subscribe}). */
  | { readonly type: "status"; readonly status: MessengerStatus }
  /** These conversation rows changed (a hint; liveQuery readers see the data anyway). */
  | {
      readonly type: "conversationsChanged";
      readonly channels: readonly ChannelRef[];
    }
  /** These message rows of one channel were added or changed. */
  | {
      readonly type: "messagesChanged";
      readonly channel: ChannelRef;
      readonly clientMsgNos: readonly string[];
      /**
       * The rows as stored, so an open thread shows them before its IndexedDB re-read (#20); empty
       * when the listed messages were removed; null when there were too many to copy to every tab
       * (more than MESSAGES_CHANGED_ROWS_MAX in messenger/UserContext.ts).
       */
      readonly rows: readonly MessageRecord[] | null;
    }
  /**
   * The server now counts these conversations as read as far as read here (their read mark went through): a tab that
   * keeps the server's unread total (service staff, monks) reloads it.
   */
  | {
      readonly type: "readsReported";
      readonly channels: readonly ChannelRef[];
    }
  /** Progress of an image upload. */
  | {
      readonly type: "uploadProgress";
      readonly clientMsgNo: string;
      readonly state: UploadState;
      readonly loaded: number;
      readonly total: number;
    }
  /** A command message (content type 99): delivered here only, never stored as a chat message. */
  | {
      readonly type: "command";
      readonly channel: ChannelRef;
      readonly fromUid: string;
      readonly cmd: string;
      readonly param: JsonValue;
    }
  /** The server ended this session; the worker will not reconnect until `start` is called again. */
  | {
      readonly type: "kicked";
      readonly reason: KickReason;
      readonly reasonCode: number;
    }
  /** Some tab logged out: the IM database is gone; every tab should return to the login screen. */
  | { readonly type: "loggedOut" }
  /**
   * The server refused the access token the worker holds (HTTP 401). The worker makes no further
   * HTTP call with that token; a tab refreshes its tokens and calls {@link MessengerApi.updateAuth}.
   */
  | { readonly type: "authRequired" }
  /** A background failure no call returned (e.g. a sync that failed). */
  | { readonly type: "error"; readonly error: MessengerError };

/**
 * The IM worker as a tab sees it through `Comlink.wrap<MessengerApi>` (only in
 * `src/messenger/imClient.ts`). Every method takes one object and resolves to a {@link Result};
 * the worker creates one facade per connected tab, so it knows which tab is calling.
 */
export interface MessengerApi {
  /**
   * Registers the calling tab. Must come first; other calls answer `NOT_ATTACHED` before it.
   * @example await messenger.attach({ tabId, lockName: `fuyuan-tab-${tabId}`, apiVersion: API_VERSION });
   */
  attach(args: AttachArgs): Promise<Result<MessengerStatus>>;
  /** Forgets the calling tab (call on `pagehide`); its subscription and open conversations go too. */
  detach(args: NoArgs): Promise<Result<null>>;
  /**
   * Reports the tab's `navigator.onLine` and `document.visibilityState === "visible"` (the worker has
   * no window). The network counts as online when any tab says so; reconnects pause while all say offline.
   */
  hint(args: {
    readonly online: boolean;
    readonly visible: boolean;
  }): Promise<Result<null>>;
  /**
   * Opens the IM session of a signed-in user: opens that user's database and connects. Calling it
   * again for the same uid only updates the tokens; for another uid it stops the old session first.
   */
  start(args: StartArgs): Promise<Result<MessengerStatus>>;
  /**
   * Closes the socket. `deliberate: true` stays disconnected until `start`; `false` treats it as a
   * lost connection, so the usual reconnect follows (to pick up a new token, for example).
   */
  stop(args: { readonly deliberate: boolean }): Promise<Result<null>>;
  /**
   * Stops the session and deletes the user's IM database; every tab receives `loggedOut`. `imUid`
   * names the database to delete when the worker has no session (e.g. it restarted since login).
   */
  logout(args: { readonly imUid?: string }): Promise<Result<null>>;
  /**
   * Gives the worker a newer app access token (after a refresh, or in answer to `authRequired`).
   * HTTP work that waited for it (sync, receipts, uploads) resumes.
   */
  updateAuth(args: { readonly accessToken: string }): Promise<Result<null>>;
  /**
   * Queues a text message (status `wait`). It is stored before anything is sent, so it survives a
   * reload or a lost connection, and goes out as soon as the connection allows.
   */
  sendText(args: {
    readonly channel: ChannelRef;
    readonly text: string;
  }): Promise<Result<QueuedMessage>>;
  /**
   * Queues an image: stored with its file, uploaded, then sent. Later messages of the same channel
   * wait for it, so the peer sees them in the order they were written. A `Blob` crosses by
   * reference (structured clone does not copy its bytes), so no `Comlink.transfer` is needed.
   */
  sendImage(args: {
    readonly channel: ChannelRef;
    readonly file: Blob;
    readonly width: number;
    readonly height: number;
  }): Promise<Result<QueuedMessage>>;
  /** Re-queues a failed message (same clientMsgNo, so the server never stores it twice). */
  retry(args: { readonly clientMsgNo: string }): Promise<Result<null>>;
  /** Cancels a running or waiting upload; its message becomes `fail` and can be retried. */
  cancelUpload(args: { readonly clientMsgNo: string }): Promise<Result<null>>;
  /** Restarts a failed, suspended or cancelled upload. */
  retryUpload(args: { readonly clientMsgNo: string }): Promise<Result<null>>;
  /**
   * Tells the worker this tab shows `channel`. While the tab is visible, new messages there are read
   * at once (no unread) and their read receipts are sent.
   */
  openConversation(args: {
    readonly channel: ChannelRef;
  }): Promise<Result<null>>;
  /** The tab no longer shows `channel`. */
  closeConversation(args: {
    readonly channel: ChannelRef;
  }): Promise<Result<null>>;
  /** Marks everything in `channel` read (unread 0 on every tab and on the server). */
  markRead(args: { readonly channel: ChannelRef }): Promise<Result<null>>;
  /** Deletes the conversation and its local history (older messages are not synced back). */
  deleteConversation(args: {
    readonly channel: ChannelRef;
  }): Promise<Result<null>>;
  /** Makes up to `limit` (default 20) messages older than `beforeSeq` available: IndexedDB first, then server sync. */
  loadOlder(args: {
    readonly channel: ChannelRef;
    readonly beforeSeq: number;
    readonly limit?: number;
  }): Promise<Result<LoadOlderResult>>;
  /**
   * Makes sure these channels' info (name, avatar, online, role) is stored in `channelInfo`, where
   * tabs read it with liveQuery: fetched from the server unless the row is younger than 5 minutes
   * (`force`: fetched anyway, e.g. pull to refresh). Only person channels have info.
   */
  refreshChannelInfo(args: {
    readonly channels: readonly ChannelRef[];
    readonly force?: boolean;
  }): Promise<Result<null>>;
  /**
   * Marks reminders (mention me, join requests) done: locally at once, then on the server.
   * @example await messenger.reminderDone({ reminderIds: [12, 13] });
   */
  reminderDone(args: {
    readonly reminderIds: readonly number[];
  }): Promise<Result<null>>;
  /**
   * Delivers {@link MessengerEvent}s to this tab; replaces the tab's previous callback. The callback is
   * the one value that crosses wrapped in `Comlink.proxy` (released when the tab detaches or dies).
   */
  subscribe(callback: (event: MessengerEvent) => void): Promise<Result<null>>;
  /** The current {@link MessengerStatus}. */
  status(args: NoArgs): Promise<Result<MessengerStatus>>;
}

/** A {@link MessengerApi} method's name. */
export type MessengerMethod = keyof MessengerApi;

/** The argument of method `M` (the callback for `subscribe`). */
export type MessengerArg<M extends MessengerMethod> = Parameters<
  MessengerApi[M]
>[0];

/** What method `M` resolves to when it succeeds. */
export type MessengerValue<M extends MessengerMethod> = Extract<
  Awaited<ReturnType<MessengerApi[M]>>,
  { readonly ok: true }
>["value"];
