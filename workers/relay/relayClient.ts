// Each tab's half of the dedicated-worker fallback: the MessengerApi its dedicated worker exposes,
// forwarding every call to whichever worker currently leads. It remembers what the tab set up
// (attach, hints, the started messenger, open conversations, subscription) and replays it to a new leader; calls
// cut short by a leader change are sent again when api.ts's MESSENGER_METHODS says they may be.
import { MESSENGER_METHODS, messengerApiOf } from "../apiMethods";
import type {
  AttachArgs,
  Result,
  MessengerArg,
  MessengerError,
  MessengerEvent,
  MessengerApi,
  MessengerMethod,
  StartArgs,
} from "../api";
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import {
  isRelayMessage,
  type BroadcastLike,
  type RelayMessage,
} from "./relayProtocol";

const INTERRUPTED: MessengerError = {
  code: "NETWORK",
  message:
    "The IM worker changed while this call ran; it may or may not have taken effect",
  retryable: false,
};

interface Pending {
  readonly method: MessengerMethod;
  readonly arg: unknown;
  readonly resolve: (result: Result<unknown>) => void;
  /** The leader it was posted to (null: not posted yet). */
  postedTo: string | null;
}

export interface RelayClientOptions {
  readonly channel: BroadcastLike;
  /** This worker's id on the relay (results and events are addressed to it). */
  readonly routeId: string;
}

/** The relay client: `api` is exposed to the tab; `leaderId` is who serves it now. */
export function createRelayClient(options: RelayClientOptions) {
  const { channel, routeId } = options;
  let callIds = 0;
  let leaderId: string | null = null;
  let replaying: Promise<void> = Promise.resolve();
  const pending = new Map<number, Pending>();
  const state: {
    attach?: AttachArgs;
    hint?: { readonly online: boolean; readonly visible: boolean };
    start?: StartArgs;
    callback?: (event: MessengerEvent) => void;
    open: Map<string, ChannelRef>;
  } = { open: new Map() };

  const post = (message: RelayMessage) => {
    channel.postMessage(message);
  };

  const send = (callId: number, entry: Pending) => {
    if (leaderId === null) return;
    entry.postedTo = leaderId;
    post({
      t: "call",
      tabId: routeId,
      callId,
      method: entry.method,
      arg: entry.arg,
    });
  };

  /** Posts a call (once a leader is known) and resolves with its result. */
  const raw = (
    method: MessengerMethod,
    arg: unknown,
  ): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      callIds += 1;
      const entry: Pending = { method, arg, resolve, postedTo: null };
      pending.set(callIds, entry);
      send(callIds, entry);
    });

  /** What a successful call set up, remembered for a later replay (the other methods set up nothing). */
  const remember: {
    readonly [M in MessengerMethod]?: (arg: MessengerArg<M>) => void;
  } = {
    attach: (arg) => {
      state.attach = arg;
    },
    detach: () => {
      delete state.attach;
    },
    hint: (arg) => {
      state.hint = arg;
    },
    start: (arg) => {
      state.start = arg;
    },
    logout: () => {
      delete state.start;
    },
    updateAuth: (arg) => {
      if (state.start !== undefined)
        state.start = { ...state.start, accessToken: arg.accessToken };
    },
    openConversation: (arg) => {
      state.open.set(channelKey(arg.channel), arg.channel);
    },
    closeConversation: (arg) => {
      state.open.delete(channelKey(arg.channel));
    },
  };

  const call = async <T>(
    method: MessengerMethod,
    arg: unknown,
  ): Promise<Result<T>> => {
    await replaying;
    const result = await raw(method, arg);
    if (result.ok)
      (remember[method] as ((arg: unknown) => void) | undefined)?.(arg);
    return result as Result<T>;
  };

  /** Sets up a new leader with what this tab had set up, then re-sends what the old one left. */
  const replay = async () => {
    if (state.attach !== undefined) await raw("attach", state.attach);
    if (state.callback !== undefined) await raw("subscribe", null);
    if (state.hint !== undefined) await raw("hint", state.hint);
    if (state.start !== undefined) await raw("start", state.start);
    for (const ch of state.open.values())
      await raw("openConversation", { channel: ch });
  };

  const onLeader = (id: string) => {
    if (id === leaderId) return;
    leaderId = id;
    const interrupted = [...pending.entries()].filter(
      ([, p]) => p.postedTo !== null,
    );
    for (const [callId, entry] of interrupted) {
      if (!MESSENGER_METHODS[entry.method].repeatable) {
        pending.delete(callId);
        entry.resolve({ ok: false, error: INTERRUPTED });
      } else {
        entry.postedTo = null;
      }
    }
    const waiting = [...pending.entries()];
    for (const [callId] of waiting) pending.delete(callId);
    replaying = replay().then(() => {
      for (const [callId, entry] of waiting) {
        pending.set(callId, entry);
        send(callId, entry);
      }
    });
  };

  const onMessage = (event: { readonly data: unknown }) => {
    const message = event.data;
    if (!isRelayMessage(message)) return;
    switch (message.t) {
      case "leader":
        onLeader(message.leaderId);
        return;
      case "result": {
        if (message.tabId !== routeId) return;
        const entry = pending.get(message.callId);
        if (entry === undefined) return;
        pending.delete(message.callId);
        entry.resolve(message.result);
        return;
      }
      case "event":
        if (message.tabId !== routeId) return;
        if (message.event.type === "loggedOut") delete state.start;
        state.callback?.(message.event);
        return;
      case "hello":
      case "call":
        return;
    }
  };

  channel.addEventListener("message", onMessage);
  post({ t: "hello" });

  const api = {
    ...messengerApiOf(call),
    subscribe: async (callback: (event: MessengerEvent) => void) => {
      // NOTE: set first: the leader sends the status event before the call's result.
      const previous = state.callback;
      state.callback = callback;
      const result = await call<null>("subscribe", null);
      if (!result.ok) {
        if (previous === undefined) delete state.callback;
        else state.callback = previous;
      }
      return result;
    },
  } satisfies MessengerApi;

  return {
    api,
    get leaderId() {
      return leaderId;
    },
    dispose: () => {
      channel.removeEventListener("message", onMessage);
    },
  };
}
