// The messages of the dedicated-worker fallback: tabs' workers that are not the leader forward
// MessengerApi calls over a BroadcastChannel to the leader's service and get results and events back.
import type { Result, MessengerEvent, MessengerMethod } from "../api";

/** BroadcastChannel name (per API version, like the SharedWorker's name). */
export function relayChannelName(apiVersion: number): string {
  return `fuyuan-im-relay-${apiVersion}`;
}

/** Web Lock the leader holds for its whole life. */
export function leaderLockName(apiVersion: number): string {
  return `fuyuan-im-leader-${apiVersion}`;
}

/** Everything that crosses the relay channel (plain data only). */
export type RelayMessage =
  /** A new worker asks who leads. */
  | { readonly t: "hello" }
  /** The leader announces itself (on election and in answer to hello). */
  | { readonly t: "leader"; readonly leaderId: string }
  /** A call from the worker of tab `tabId`; `subscribe` carries no argument. */
  | {
      readonly t: "call";
      readonly tabId: string;
      readonly callId: number;
      readonly method: MessengerMethod;
      readonly arg: unknown;
    }
  | {
      readonly t: "result";
      readonly tabId: string;
      readonly callId: number;
      readonly result: Result<unknown>;
    }
  | {
      readonly t: "event";
      readonly tabId: string;
      readonly event: MessengerEvent;
    };

/** The part of BroadcastChannel used (a test double implements it in memory). */
export interface BroadcastLike {
  postMessage(message: unknown): void;
  addEventListener(
    type: "message",
    listener: (event: { readonly data: unknown }) => void,
  ): void;
  removeEventListener(
    type: "message",
    listener: (event: { readonly data: unknown }) => void,
  ): void;
  close(): void;
}

export function isRelayMessage(value: unknown): value is RelayMessage {
  if (typeof value !== "object" || value === null) return false;
  const t = (value as { t?: unknown }).t;
  return (
    t === "hello" ||
    t === "leader" ||
    t === "call" ||
    t === "result" ||
    t === "event"
  );
}
