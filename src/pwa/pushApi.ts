// Calls of the Web Push API (push/v1, signed-in), one function per endpoint, behind the small
// PushApi interface the subscription logic takes (tests pass their own).
import type { PushKey, PushStatus, SubscribeRequest } from "#contract";
import type { Static } from "typebox";
import { isApiError } from "../api/ApiError";
import { apiRequest } from "../api/client";

export type PushSubscriptionBody = Static<typeof SubscribeRequest>;
/** `endpoint`: whether the endpoint asked about is yours (null when none was given). */
export type PushServerStatus = Static<typeof PushStatus>;

export type SubscribeAnswer = "saved" | "taken";

export interface PushApi {
  publicKey(): Promise<string>;
  /** "taken": the endpoint belongs to another account (subscribe anew for a fresh one). */
  subscribe(body: PushSubscriptionBody): Promise<SubscribeAnswer>;
  /** Resolves also when the server no longer had it. */
  unsubscribe(endpoint: string): Promise<void>;
  status(endpoint: string): Promise<PushServerStatus>;
}

const ENDPOINT_TAKEN = 409;

export const pushApi: PushApi = {
  async publicKey() {
    const data = await apiRequest<Static<typeof PushKey>>("push/v1/key");
    return data.publicKey;
  },
  async subscribe(body) {
    try {
      await apiRequest("push/v1/subscribe", { method: "POST", body });
      return "saved";
    } catch (error) {
      if (isApiError(error) && error.status === ENDPOINT_TAKEN) return "taken";
      throw error;
    }
  },
  async unsubscribe(endpoint) {
    try {
      await apiRequest("push/v1/unsubscribe", {
        method: "POST",
        body: { endpoint },
      });
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) throw error;
    }
  },
  status(endpoint) {
    return apiRequest<PushServerStatus>("push/v1/status", {
      query: { endpoint },
    });
  },
};
