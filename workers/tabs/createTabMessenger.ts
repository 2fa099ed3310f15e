// One facade per connected tab (`onconnect` builds it for the port): the MessengerApi a tab sees, made
// from api.ts's method table. The closure knows which tab calls; each method's behaviour is one entry
// of `forTab`, and the facade checks the tab attached and returns a Result: any throw becomes a plain
// MessengerError (unknown errors → INTERNAL), because comlink cannot carry error classes.
import { messengerApiOf } from "../apiMethods";
import {
  API_VERSION,
  type AttachArgs,
  type Result,
  type MessengerArg,
  type MessengerEvent,
  type MessengerMethod,
  type MessengerStatus,
  type MessengerValue,
} from "../api";
import { MessengerFailure, toMessengerError } from "../messenger/errors";
import type { MessengerService } from "../messenger/MessengerService";

/** Liveness of attached tabs (Web Locks; see tabRegistry.ts). */
export interface TabLiveness {
  /** Watches the tab's lock; `gone` runs once when the tab has died. */
  watch(tabId: string, lockName: string, gone: () => void): void;
  /** Stops watching (the tab detached itself). */
  unwatch(tabId: string): void;
}

/** What a facade needs besides the service. */
export interface TabMessengerOptions {
  readonly liveness: TabLiveness;
  /** Frees what the connection holds for the tab (e.g. comlink's callback proxy). */
  readonly release?: (callback: (event: MessengerEvent) => void) => void;
}

/**
 * What each method does for the attached tab `tabId`; `attach` and `status` need no attached tab.
 * Returns the method's value (throwing a MessengerFailure to fail); the facade wraps it in a Result.
 */
type ForTab = {
  readonly [M in Exclude<MessengerMethod, "attach" | "status">]: (
    tabId: string,
    arg: MessengerArg<M>,
  ) => MessengerValue<M> | Promise<MessengerValue<M>>;
};

/** Waits for `work`; null is the value of the methods that give none. */
async function done(work: Promise<unknown>): Promise<null> {
  await work;
  return null;
}

async function result<T>(run: () => T | Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: toMessengerError(error) };
  }
}

/**
 * The facade of one tab connection. `connectionId` identifies the port until the tab attaches;
 * afterwards the tab's own `tabId` does.
 */
export function createTabMessenger(
  service: MessengerService,
  connectionId: string,
  options: TabMessengerOptions,
) {
  let tabId: string | null = null;
  let callback: ((event: MessengerEvent) => void) | null = null;

  const attached = (): string => {
    if (tabId === null || !service.hasTab(tabId))
      throw new MessengerFailure("NOT_ATTACHED", "Call attach first");
    return tabId;
  };

  const forget = () => {
    if (tabId !== null) service.detachTab(tabId);
    if (callback !== null) options.release?.(callback);
    callback = null;
  };

  /** `attach` itself, which needs no attached tab. */
  const attach = (args: AttachArgs): MessengerStatus => {
    if (args.apiVersion !== API_VERSION) {
      throw new MessengerFailure(
        "VERSION_MISMATCH",
        `The tab speaks API ${String(args.apiVersion)}, the worker ${API_VERSION}`,
      );
    }
    if (typeof args.tabId !== "string" || args.tabId === "")
      throw new MessengerFailure(
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
  };

  const forTab: ForTab = {
    detach: (id) => {
      options.liveness.unwatch(id);
      forget();
      return null;
    },
    hint: (id, args) => {
      service.hint(id, args);
      return null;
    },
    start: (_, args) => service.start(args),
    stop: (_, args) => done(service.stop(args.deliberate)),
    logout: (_, args) => done(service.logout(args.imUid)),
    updateAuth: (_, args) => {
      service.updateAuth(args.accessToken);
      return null;
    },
    sendText: (_, args) =>
      service.requireUser().sendText(args.channel, args.text),
    sendImage: (_, args) => service.requireUser().sendImage(args.channel, args),
    retry: (_, args) => done(service.requireUser().retry(args.clientMsgNo)),
    cancelUpload: (_, args) =>
      done(service.requireUser().cancelUpload(args.clientMsgNo)),
    retryUpload: (_, args) =>
      done(service.requireUser().retryUpload(args.clientMsgNo)),
    openConversation: (id, args) => {
      service.openConversation(id, args.channel);
      return null;
    },
    closeConversation: (id, args) => {
      service.closeConversation(id, args.channel);
      return null;
    },
    markRead: (_, args) => done(service.requireUser().markRead(args.channel)),
    deleteConversation: (_, args) =>
      done(service.requireUser().deleteConversation(args.channel)),
    loadOlder: (_, args) =>
      service.requireUser().loadOlder(args.channel, args.beforeSeq, args.limit),
    refreshChannelInfo: (_, args) =>
      done(
        service
          .requireUser()
          .channelInfo.refresh(args.channels, args.force === true),
      ),
    reminderDone: (_, args) =>
      done(service.requireUser().reminderDone(args.reminderIds)),
    subscribe: (id, next) => {
      if (callback !== null && callback !== next) options.release?.(callback);
      callback = next;
      service.subscribe(id, next);
      return null;
    },
  };

  const facade = messengerApiOf((method: MessengerMethod, arg: unknown) =>
    result(() => {
      if (method === "attach") return attach(arg as AttachArgs);
      if (method === "status") return service.status();
      const run = forTab[method] as (id: string, arg: unknown) => unknown;
      return run(attached(), arg);
    }),
  );

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
export type TabMessenger = ReturnType<typeof createTabMessenger>;
