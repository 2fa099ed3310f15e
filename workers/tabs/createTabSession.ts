// One facade per connected tab (`onconnect` builds it for the port): the SessionApi a tab sees.
// The closure knows which tab calls; every method returns a Result, and any throw becomes a plain
// SessionError (unknown errors → INTERNAL), because comlink cannot carry error classes.
import {
  API_VERSION,
  type Result,
  type SessionApi,
  type SessionEvent,
  type SessionStatus,
} from "../api";
import { SessionFailure, toSessionError } from "../session/errors";
import type { SessionService } from "../session/SessionService";

/** Liveness of attached tabs (Web Locks; see tabRegistry.ts). */
export interface TabLiveness {
  /** Watches the tab's lock; `gone` runs once when the tab has died. */
  watch(tabId: string, lockName: string, gone: () => void): void;
  /** Stops watching (the tab detached itself). */
  unwatch(tabId: string): void;
}

/** What a facade needs besides the service. */
export interface TabSessionOptions {
  readonly liveness: TabLiveness;
  /** Frees what the connection holds for the tab (e.g. comlink's callback proxy). */
  readonly release?: (callback: (event: SessionEvent) => void) => void;
}

async function result<T>(run: () => T | Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: toSessionError(error) };
  }
}

/**
 * The facade of one tab connection. `connectionId` identifies the port until the tab attaches;
 * afterwards the tab's own `tabId` does.
 */
export function createTabSession(
  service: SessionService,
  connectionId: string,
  options: TabSessionOptions,
) {
  let tabId: string | null = null;
  let callback: ((event: SessionEvent) => void) | null = null;

  const attached = (): string => {
    if (tabId === null || !service.hasTab(tabId))
      throw new SessionFailure("NOT_ATTACHED", "Call attach first");
    return tabId;
  };

  const forget = () => {
    if (tabId !== null) service.detachTab(tabId);
    if (callback !== null) options.release?.(callback);
    callback = null;
  };

  const facade = {
    attach: (args) =>
      result((): SessionStatus => {
        if (args.apiVersion !== API_VERSION) {
          throw new SessionFailure(
            "VERSION_MISMATCH",
            `The tab speaks API ${String(args.apiVersion)}, the worker ${API_VERSION}`,
          );
        }
        if (typeof args.tabId !== "string" || args.tabId === "")
          throw new SessionFailure(
            "INVALID_ARGUMENT",
            "tabId must be a non-empty string",
          );
        if (tabId !== null && tabId !== args.tabId) forget();
        tabId = args.tabId;
        const id = args.tabId;
        if (typeof args.lockName === "string" && args.lockName !== "")
          options.liveness.watch(id, args.lockName, () => {
            if (tabId === id) forget();
          });
        return service.attachTab(id);
      }),
    detach: () =>
      result(() => {
        const id = attached();
        options.liveness.unwatch(id);
        forget();
        return null;
      }),
    hint: (args) =>
      result(() => {
        service.hint(attached(), args);
        return null;
      }),
    start: (args) =>
      result(() => {
        attached();
        return service.start(args);
      }),
    stop: (args) =>
      result(async () => {
        attached();
        await service.stop(args.deliberate);
        return null;
      }),
    logout: (args) =>
      result(async () => {
        attached();
        await service.logout(args.imUid);
        return null;
      }),
    updateAuth: (args) =>
      result(() => {
        attached();
        service.updateAuth(args.accessToken);
        return null;
      }),
    sendText: (args) =>
      result(() => {
        attached();
        return service.requireUser().sendText(args.channel, args.text);
      }),
    sendImage: (args) =>
      result(() => {
        attached();
        return service.requireUser().sendImage(args.channel, args);
      }),
    retry: (args) =>
      result(async () => {
        attached();
        await service.requireUser().retry(args.clientMsgNo);
        return null;
      }),
    cancelUpload: (args) =>
      result(async () => {
        attached();
        await service.requireUser().cancelUpload(args.clientMsgNo);
        return null;
      }),
    retryUpload: (args) =>
      result(async () => {
        attached();
        await service.requireUser().retryUpload(args.clientMsgNo);
        return null;
      }),
    openConversation: (args) =>
      result(() => {
        service.openConversation(attached(), args.channel);
        return null;
      }),
    closeConversation: (args) =>
      result(() => {
        service.closeConversation(attached(), args.channel);
        return null;
      }),
    markRead: (args) =>
      result(async () => {
        attached();
        await service.requireUser().markRead(args.channel);
        return null;
      }),
    deleteConversation: (args) =>
      result(async () => {
        attached();
        await service.requireUser().deleteConversation(args.channel);
        return null;
      }),
    loadOlder: (args) =>
      result(() => {
        attached();
        return service
          .requireUser()
          .loadOlder(args.channel, args.beforeSeq, args.limit);
      }),
    refreshChannelInfo: (args) =>
      result(async () => {
        attached();
        await service
          .requireUser()
          .channelInfo.refresh(args.channels, args.force === true);
        return null;
      }),
    reminderDone: (args) =>
      result(async () => {
        attached();
        await service.requireUser().reminderDone(args.reminderIds);
        return null;
      }),
    subscribe: (next) =>
      result(() => {
        const id = attached();
        if (callback !== null && callback !== next) options.release?.(callback);
        callback = next;
        service.subscribe(id, next);
        return null;
      }),
    status: () => result(() => service.status()),
  } satisfies SessionApi;

  return {
    /** What is exposed on the tab's port. */
    api: facade,
    connectionId,
    /** The port closed or the tab died: forget it (idempotent). */
    dispose: () => {
      if (tabId !== null) options.liveness.unwatch(tabId);
      forget();
    },
  };
}

/** A tab facade. */
export type TabSession = ReturnType<typeof createTabSession>;
