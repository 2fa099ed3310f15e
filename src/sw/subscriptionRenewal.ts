// When the browser renews a push subscription (`pushsubscriptionchange`), the service worker asks
// the server to move the stored one to the new endpoint and keys, proving which one it was with the
// old subscription's authentication secret (only the browser and our server know it). Pure: builds
// that request from the two subscriptions' JSON.
import type { ResubscribeRequest } from "#contract";
import type { Static } from "typebox";

/** PushSubscription.toJSON()'s shape (fields may be missing). */
export interface SubscriptionJson {
  endpoint?: string | undefined;
  keys?: Record<string, string> | undefined;
}

/** The body of POST push/v1/resubscribe. */
export type RenewalRequest = Static<typeof ResubscribeRequest>;

/**
 * The renewal request, or null when there is nothing to do or nothing to prove it with: the old
 * subscription lacks its endpoint or secret, the new one its endpoint or keys, or nothing changed.
 */
export function renewalRequest(
  old: SubscriptionJson,
  next: SubscriptionJson,
): RenewalRequest | null {
  const oldAuth = old.keys?.auth;
  const p256dh = next.keys?.p256dh;
  const auth = next.keys?.auth;
  if (!old.endpoint || !oldAuth || !next.endpoint || !p256dh || !auth)
    return null;
  if (
    next.endpoint === old.endpoint &&
    auth === oldAuth &&
    p256dh === old.keys?.p256dh
  )
    return null;
  return {
    oldEndpoint: old.endpoint,
    oldAuth,
    endpoint: next.endpoint,
    keys: { p256dh, auth },
  };
}
