// One Web Push request (RFC 8030): the payload encrypted for the subscription (RFC 8291,
// aes128gcm) and signed with our VAPID key (RFC 8292) by `web-push`, POSTed with fetch (which,
// unlike web-push's own sender, also reaches a loopback http push service in development).
import webpush from "web-push";
import type { PushTarget } from "./subscriptions";
import type { VapidIdentity } from "./vapidKeys";

export type PushUrgency = "very-low" | "low" | "normal" | "high";

export interface PushDelivery {
  payload: string;
  /** Seconds the push service keeps it for an offline browser. */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** Replaces an undelivered push with the same topic. */
  topic: string;
}

export type PushOutcome =
  | { kind: "sent"; status: number }
  /** 404/410: the subscription no longer exists and must be deleted. */
  | { kind: "gone"; status: number }
  | { kind: "failed"; status: number | null; detail: string };

export interface PushSenderOptions {
  vapid: VapidIdentity;
  /** Per request, connection to answer. */
  timeoutMs: number;
}

export class PushSender {
  readonly #options: PushSenderOptions;

  constructor(options: PushSenderOptions) {
    this.#options = options;
  }

  get publicKey(): string {
    return this.#options.vapid.publicKey;
  }

  async send(target: PushTarget, delivery: PushDelivery): Promise<PushOutcome> {
    const { vapid, timeoutMs } = this.#options;
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        {
          endpoint: target.endpoint,
          keys: { p256dh: target.p256dh, auth: target.auth },
        },
        delivery.payload,
        {
          vapidDetails: vapid,
          TTL: delivery.ttlSeconds,
          urgency: delivery.urgency,
          topic: delivery.topic,
          contentEncoding: "aes128gcm",
        },
      );
    } catch (error) {
      return { kind: "failed", status: null, detail: messageOf(error) };
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(details.headers)) {
      // NOTE: fetch computes the length of the body itself.
      if (name.toLowerCase() !== "content-length") headers.set(name, value);
    }
    let response: Response;
    try {
      response = await fetch(target.endpoint, {
        method: "POST",
        headers,
        body: details.body === null ? null : new Uint8Array(details.body),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { kind: "failed", status: null, detail: messageOf(error) };
    }
    const text = await response.text().catch(() => "");
    if (response.status >= 200 && response.status < 300)
      return { kind: "sent", status: response.status };
    if (response.status === 404 || response.status === 410)
      return { kind: "gone", status: response.status };
    return {
      kind: "failed",
      status: response.status,
      detail: text.slice(0, 200),
    };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
