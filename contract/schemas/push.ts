// TypeBox schemas of the Web Push API (push/v1): the VAPID key, subscribe / unsubscribe /
// resubscribe bodies as the browser's PushSubscription names them, and the subscription status.
// The server validates with them; the tab and the service worker derive their request and
// answer types from them (src/pwa/pushApi.ts, src/sw/subscriptionRenewal.ts).
import { Type } from "typebox";
import { MAX_ENDPOINT_LENGTH } from "../push";

export const PushKey = Type.Object({
  publicKey: Type.String({
    description:
      "VAPID public key (base64url, uncompressed P-256 point): the applicationServerKey of pushManager.subscribe.",
  }),
});

const Endpoint = Type.String({
  minLength: 1,
  maxLength: MAX_ENDPOINT_LENGTH,
  description:
    "PushSubscription.endpoint (https; http only to loopback outside production).",
});

const authSecret = (
  description = "base64url of the 16-byte authentication secret.",
) => Type.String({ minLength: 1, maxLength: 100, description });

const Keys = Type.Object(
  {
    p256dh: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "base64url of the browser's 65-byte P-256 public key.",
    }),
    auth: authSecret(),
  },
  { additionalProperties: false },
);

export const SubscribeRequest = Type.Object(
  { endpoint: Endpoint, keys: Keys },
  { additionalProperties: false },
);

export const ResubscribeRequest = Type.Object(
  {
    oldEndpoint: Endpoint,
    oldAuth: authSecret(
      "The replaced subscription's authentication secret (base64url): only its browser and this server know it.",
    ),
    endpoint: Endpoint,
    keys: Keys,
  },
  { additionalProperties: false },
);

export const UnsubscribeRequest = Type.Object(
  { endpoint: Endpoint },
  { additionalProperties: false },
);

export const StatusQuery = Type.Object(
  { endpoint: Type.Optional(Endpoint) },
  { additionalProperties: false },
);

export const PushStatus = Type.Object({
  subscriptions: Type.Integer({
    description: "Your subscriptions on every device and sign-in.",
  }),
  session: Type.Integer({
    description: "Subscriptions made by this sign-in.",
  }),
  endpoint: Type.Union([Type.Boolean(), Type.Null()], {
    description:
      "Whether the endpoint given in the query is subscribed for you (null when none was given).",
  }),
});
