// The seam for OAuth returns that are not a plain WeChat login: `?source=<name>` is handed to
// the handler registered under that name (the order flow registers "order" for its silent
// authorization with masterId, masterOrderNo and id). An unregistered source is an error.
import { orderCallback } from "../pay/orderCallback";
import type { CallbackOutcome, CallbackParams } from "./callbackParams";

export type CallbackSourceHandler = (
  params: CallbackParams,
) => Promise<CallbackOutcome>;

const handlers = new Map<string, CallbackSourceHandler>([
  ["order", orderCallback],
]);

/** Registers the handler of `?source=name`; returns the function that removes it. */
export function registerCallbackSource(
  name: string,
  handler: CallbackSourceHandler,
): () => void {
  handlers.set(name, handler);
  return () => {
    if (handlers.get(name) === handler) handlers.delete(name);
  };
}

export function callbackSourceHandler(
  name: string,
): CallbackSourceHandler | undefined {
  return handlers.get(name);
}
