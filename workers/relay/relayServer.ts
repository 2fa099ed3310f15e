// The leader's half of the dedicated-worker fallback: serves the MessengerApi calls other tabs'
// workers post on the relay channel, one tab facade per caller, and posts results and events back.
import type { Result, MessengerApi } from "../api";
import {
  createTabMessenger,
  type TabLiveness,
  type TabMessenger,
} from "../tabs/createTabMessenger";
import {
  isRelayMessage,
  type BroadcastLike,
  type RelayMessage,
} from "./relayProtocol";
import type { MessengerService } from "../messenger/MessengerService";

export interface RelayServerOptions {
  readonly channel: BroadcastLike;
  /** This leader's id, announced on start and in answer to `hello`. */
  readonly leaderId: string;
  readonly service: MessengerService;
  readonly liveness: TabLiveness;
}

type AnyMethod = (arg: unknown) => Promise<Result<unknown>>;

/** Serves the relay until the returned function is called. */
export function serveRelay(options: RelayServerOptions): () => void {
  const { channel, leaderId, service } = options;
  const facades = new Map<string, TabMessenger>();
  const post = (message: RelayMessage) => {
    channel.postMessage(message);
  };
  const liveness: TabLiveness = {
    watch: (tabId, lockName, gone) => {
      options.liveness.watch(tabId, lockName, gone);
    },
    unwatch: (tabId) => {
      options.liveness.unwatch(tabId);
    },
  };

  const facadeOf = (routeId: string): TabMessenger => {
    let facade = facades.get(routeId);
    if (facade === undefined) {
      facade = createTabMessenger(service, routeId, { liveness });
      facades.set(routeId, facade);
    }
    return facade;
  };

  const call = async (
    routeId: string,
    method: string,
    arg: unknown,
  ): Promise<Result<unknown>> => {
    const api: MessengerApi = facadeOf(routeId).api;
    if (method === "subscribe") {
      return api.subscribe((event) => {
        post({ t: "event", tabId: routeId, event });
      });
    }
    if (
      !Object.hasOwn(api, method) ||
      typeof api[method as keyof MessengerApi] !== "function"
    ) {
      return {
        ok: false,
        error: {
          code: "INVALID_ARGUMENT",
          message: `No method ${method}`,
          retryable: false,
        },
      };
    }
    return (api[method as keyof MessengerApi] as AnyMethod)(arg);
  };

  const onMessage = (event: { readonly data: unknown }) => {
    const message = event.data;
    if (!isRelayMessage(message)) return;
    if (message.t === "hello") {
      post({ t: "leader", leaderId });
      return;
    }
    if (message.t !== "call") return;
    const { tabId, callId, method, arg } = message;
    void call(tabId, method, arg).then((result) => {
      post({ t: "result", tabId, callId, result });
    });
  };

  channel.addEventListener("message", onMessage);
  post({ t: "leader", leaderId });
  return () => {
    channel.removeEventListener("message", onMessage);
    for (const facade of facades.values()) facade.dispose();
    facades.clear();
  };
}
