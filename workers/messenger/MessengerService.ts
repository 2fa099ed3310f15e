// The IM service of the worker: one connection (ConnectionDriver), the signed-in user's messenger
// (UserMessenger), the attached tabs with their hints and event callbacks, and the lifecycle
// (start, stop, logout, token updates). Tab facades call it; it never sees comlink or a window.
import type { CryptoBackend } from "#protocol";
import {
  ConnectionStatus,
  type MessengerEvent,
  type MessengerStatus,
  type StartArgs,
} from "../api";
import type { AppDb } from "../../src/db/AppDb";
import {
  channelKey,
  parseChannelKey,
  type ChannelRef,
} from "../../src/db/channelKey";
import { kickReason } from "../connection/connectionMachine";
import type { Transport } from "../connection/socketTransport";
import {
  ConnectionDriver,
  type ConnectCredentials,
} from "../connection/ConnectionDriver";
import { MessengerFailure, toMessengerError } from "./errors";
import { ImHttp } from "../rest/ImHttp";
import { checkChannel } from "../outbox/outgoing";
import {
  DEFAULT_NO_UPDATE_CONTENT_TYPES,
  type ReceiveContext,
} from "../inbox/receiveRules";
import { createSerialQueue } from "../lib/serialQueue";
import {
  anyOnline,
  closeChannel,
  openChannel,
  removeTab,
  updateTab,
  visibleChannels,
  type TabViews,
} from "../tabs/tabViews";
import type { UploadTransport } from "../outbox/uploadTransport";
import { UserMessenger } from "./UserMessenger";

/** Everything the service needs from its environment (the worker entry or a test provides it). */
export interface MessengerServiceDeps {
  readonly transport: Transport;
  readonly fetch: typeof fetch;
  readonly uploadTransport: UploadTransport;
  /** The per-user database (src/db openImDb). */
  readonly openDb: (imUid: string) => AppDb;
  /** Deletes the per-user database (src/db deleteImDb). */
  readonly deleteDb: (imUid: string) => Promise<void>;
  /** The profile's stable device id (src/db getDeviceId). */
  readonly deviceId: () => Promise<string>;
  readonly now: () => number;
  readonly randomBytes: (n: number) => Uint8Array;
  /** Seed of the reconnect jitter. */
  readonly seed: number;
  readonly crypto?: CryptoBackend;
}

/** Receives the events of one tab (a comlink callback returns a promise). */
export type EventSink = (event: MessengerEvent) => unknown;

interface Credentials extends StartArgs {
  readonly deviceId: string;
}

const NOT_STARTED = () =>
  new MessengerFailure(
    "NOT_STARTED",
    "Messenger not started: call start first",
  );

function checkStartArgs(args: StartArgs): void {
  for (const key of [
    "imUid",
    "imToken",
    "apiBase",
    "accessToken",
    "wsUrl",
  ] as const) {
    if (typeof args[key] !== "string" || args[key] === "")
      throw new MessengerFailure(
        "INVALID_ARGUMENT",
        `${key} must be a non-empty string`,
      );
  }
}

/** The worker's IM service (one per worker). */
export class MessengerService {
  readonly #deps: MessengerServiceDeps;
  readonly #driver: ConnectionDriver;
  readonly #lifecycle = createSerialQueue();
  #tabs: TabViews = new Map();
  readonly #sinks = new Map<string, EventSink>();
  #credentials: Credentials | null = null;
  #user: UserMessenger | null = null;
  #connection: ConnectionStatus = ConnectionStatus.DISCONNECT;
  #reasonCode: number | undefined;

  constructor(deps: MessengerServiceDeps) {
    this.#deps = deps;
    this.#driver = new ConnectionDriver({
      transport: deps.transport,
      now: deps.now,
      seed: deps.seed,
      ...(deps.crypto === undefined ? {} : { crypto: deps.crypto }),
      hooks: {
        credentials: () => this.#connectCredentials(),
        status: (status, reasonCode) => {
          this.#onStatus(status, reasonCode);
        },
        connected: () => {
          this.#user?.connected();
        },
        disconnected: () => {
          this.#user?.disconnected();
        },
        syncAll: () => {
          void this.#user?.sync.syncAll();
        },
        recvs: (live, recvs) => {
          this.#user?.inbound.receive(live, recvs);
        },
        sendAck: (frame) => {
          this.#user?.outbox.sendAck(frame);
        },
        protocolError: (error) => {
          this.#reportError(error);
        },
      },
    });
  }

  /** The connection driver (tests inspect its state). */
  get driver(): ConnectionDriver {
    return this.#driver;
  }

  /** The current user's messenger, if any (tests inspect its parts). */
  get user(): UserMessenger | null {
    return this.#user;
  }

  status(): MessengerStatus {
    const kicked = this.#connection === ConnectionStatus.CONNECT_KICK;
    return {
      connection: this.#connection,
      imUid: this.#credentials?.imUid ?? null,
      online: anyOnline(this.#tabs),
      ...(this.#reasonCode === undefined
        ? {}
        : { reasonCode: this.#reasonCode }),
      ...(kicked && this.#reasonCode !== undefined
        ? { kick: kickReason(this.#reasonCode) }
        : {}),
    };
  }

  // --- tabs -------------------------------------------------------------------------------

  attachTab(tabId: string): MessengerStatus {
    this.#setTabs(updateTab(this.#tabs, tabId, (view) => view));
    return this.status();
  }

  /** Forgets a tab (detach, or its Web Lock says it is gone): its callback and views go too. */
  detachTab(tabId: string): void {
    this.#sinks.delete(tabId);
    if (this.#tabs.has(tabId)) this.#setTabs(removeTab(this.#tabs, tabId));
  }

  hasTab(tabId: string): boolean {
    return this.#tabs.has(tabId);
  }

  subscribe(tabId: string, sink: EventSink): void {
    this.#sinks.set(tabId, sink);
    this.#deliver(sink, { type: "status", status: this.status() });
  }

  hint(
    tabId: string,
    hint: { readonly online: boolean; readonly visible: boolean },
  ): void {
    if (typeof hint.online !== "boolean" || typeof hint.visible !== "boolean")
      throw new MessengerFailure(
        "INVALID_ARGUMENT",
        "online and visible must be booleans",
      );
    const before = this.#tabs.get(tabId);
    this.#setTabs(
      updateTab(this.#tabs, tabId, (view) => ({ ...view, ...hint })),
    );
    if (hint.visible && before?.visible !== true)
      for (const key of before?.openChannels ?? []) void this.#shown(key);
  }

  openConversation(tabId: string, channel: ChannelRef): void {
    checkChannel(channel);
    const key = channelKey(channel);
    this.#setTabs(
      updateTab(this.#tabs, tabId, (view) => openChannel(view, key)),
    );
    if (this.#tabs.get(tabId)?.visible === true) void this.#shown(key);
  }

  closeConversation(tabId: string, channel: ChannelRef): void {
    checkChannel(channel);
    const key = channelKey(channel);
    this.#setTabs(
      updateTab(this.#tabs, tabId, (view) => closeChannel(view, key)),
    );
  }

  async #shown(key: string): Promise<void> {
    const user = this.#user;
    if (user === null) return;
    const channel = parseChannelKey(key);
    try {
      await user.channelShown(channel);
      user.sync.syncExtrasOf(channel);
    } catch (error) {
      this.#reportError(error);
    }
  }

  #setTabs(tabs: TabViews): void {
    const wasOnline = anyOnline(this.#tabs);
    this.#tabs = tabs;
    const online = anyOnline(tabs);
    if (online !== wasOnline) {
      this.#driver.network(online);
      if (online) this.#user?.uploads.resumeSuspended();
      this.#emit({ type: "status", status: this.status() });
    }
  }

  // --- lifecycle --------------------------------------------------------------------------

  /** Starts the messenger of `args.imUid` (see MessengerApi.start). */
  start(args: StartArgs): Promise<MessengerStatus> {
    checkStartArgs(args);
    return this.#lifecycle(async () => {
      const deviceId = await this.#deps.deviceId();
      const previous = this.#credentials;
      const credentials: Credentials = {
        imUid: args.imUid,
        imToken: args.imToken,
        apiBase: args.apiBase,
        accessToken: args.accessToken,
        wsUrl: args.wsUrl,
        deviceId,
      };
      const user = this.#user;
      if (user !== null && user.uid === args.imUid && previous !== null) {
        this.#credentials = credentials;
        user.http.setAuth({
          apiBase: args.apiBase,
          accessToken: args.accessToken,
        });
        const phase = this.#driver.state.phase.kind;
        if (
          previous.imToken !== args.imToken ||
          previous.wsUrl !== args.wsUrl
        ) {
          // NOTE: a new IM token means a new login: drop the old connection and connect with it.
          this.#driver.stop(true);
          this.#driver.start();
        } else if (phase === "idle") {
          this.#driver.start();
        } else if (previous.accessToken !== args.accessToken) {
          user.authUpdated(phase === "open");
        }
        return this.status();
      }
      // NOTE: another user without a logout first (the tabs log out before a new sign-in today):
      // the previous user's socket must go all the same, or the new user would send on it.
      if (this.#driver.state.phase.kind !== "idle") this.#driver.stop(true);
      await this.#closeUser();
      const db = this.#deps.openDb(args.imUid);
      await db.open();
      const http = new ImHttp({
        fetch: this.#deps.fetch,
        onUnauthorized: () => {
          this.#emit({ type: "authRequired" });
        },
      });
      http.setAuth({ apiBase: args.apiBase, accessToken: args.accessToken });
      const next = new UserMessenger({
        uid: args.imUid,
        db,
        http,
        uploadTransport: this.#deps.uploadTransport,
        now: this.#deps.now,
        randomBytes: this.#deps.randomBytes,
        live: () => this.#driver.live,
        emit: (event) => {
          this.#emit(event);
        },
        receiveContext: () => this.#receiveContext(),
        reportError: (error) => {
          this.#reportError(error);
        },
      });
      try {
        await next.restore();
      } catch (error) {
        next.dispose();
        db.close();
        throw error;
      }
      this.#user = next;
      this.#credentials = credentials;
      // NOTE: the driver reports Connecting as it starts, with the user. Announcing the user before
      // that showed the tabs a Disconnect with a user, "reconnecting", for a moment (#20's CLS).
      const before = this.#connection;
      this.#driver.start();
      if (this.#connection === before)
        this.#emit({ type: "status", status: this.status() });
      return this.status();
    });
  }

  /** Closes the socket: deliberately (stays closed) or as a loss (reconnects). */
  stop(deliberate: boolean): Promise<void> {
    return this.#lifecycle(() => {
      this.#driver.stop(deliberate);
      return Promise.resolve();
    });
  }

  /** Stops the messenger and deletes the user's database; every tab hears `loggedOut`. */
  logout(imUid?: string): Promise<void> {
    return this.#lifecycle(async () => {
      const uid = this.#user?.uid ?? imUid;
      this.#driver.stop(true);
      await this.#closeUser();
      this.#credentials = null;
      this.#reasonCode = undefined;
      if (uid !== undefined && uid !== "") await this.#deps.deleteDb(uid);
      this.#emit({ type: "status", status: this.status() });
      this.#emit({ type: "loggedOut" });
    });
  }

  /** A newer access token from a tab. */
  updateAuth(accessToken: string): void {
    if (typeof accessToken !== "string" || accessToken === "")
      throw new MessengerFailure(
        "INVALID_ARGUMENT",
        "accessToken must be a non-empty string",
      );
    const credentials = this.#credentials;
    const user = this.#user;
    if (credentials === null || user === null) throw NOT_STARTED();
    if (credentials.accessToken === accessToken) return;
    this.#credentials = { ...credentials, accessToken };
    user.http.setAuth({ apiBase: credentials.apiBase, accessToken });
    user.authUpdated(this.#driver.state.phase.kind === "open");
  }

  /** The signed-in user's messenger; NOT_STARTED without one. */
  requireUser(): UserMessenger {
    if (this.#user === null) throw NOT_STARTED();
    return this.#user;
  }

  async #closeUser(): Promise<void> {
    const user = this.#user;
    if (user === null) return;
    this.#user = null;
    user.dispose();
    user.db.close();
    await Promise.resolve();
  }

  // --- connection ------------------------------------------------------------------------

  #connectCredentials(): ConnectCredentials | null {
    const c = this.#credentials;
    if (c === null) return null;
    return {
      wsUrl: c.wsUrl,
      uid: c.imUid,
      token: c.imToken,
      deviceId: c.deviceId,
    };
  }

  #onStatus(status: ConnectionStatus, reasonCode?: number): void {
    this.#connection = status;
    this.#reasonCode =
      status === ConnectionStatus.CONNECT_FAIL ||
      status === ConnectionStatus.CONNECT_KICK
        ? reasonCode
        : undefined;
    this.#emit({ type: "status", status: this.status() });
    if (status === ConnectionStatus.CONNECT_KICK && reasonCode !== undefined)
      this.#emit({
        type: "kicked",
        reason: kickReason(reasonCode),
        reasonCode,
      });
  }

  #receiveContext(): ReceiveContext {
    return {
      selfUid: this.#credentials?.imUid ?? "",
      visibleChannels: visibleChannels(this.#tabs),
      noUpdateContentTypes: DEFAULT_NO_UPDATE_CONTENT_TYPES,
    };
  }

  // --- events -------------------------------------------------------------------------------

  #deliver(sink: EventSink, event: MessengerEvent): void {
    try {
      const result = sink(event);
      // NOTE: a comlink callback returns a promise that rejects when its tab is gone; that is not ours.
      if (result instanceof Promise) result.catch(() => undefined);
    } catch {
      // NOTE: a throwing listener must not stop delivery to the other tabs.
    }
  }

  #emit(event: MessengerEvent): void {
    for (const sink of [...this.#sinks.values()]) this.#deliver(sink, event);
  }

  #reportError(error: unknown): void {
    const sessionError = toMessengerError(error);
    // NOTE: a refused token is announced once as `authRequired`; repeating it as errors helps no one.
    if (sessionError.code === "UNAUTHORIZED") return;
    this.#emit({ type: "error", error: sessionError });
  }
}
