// IDOR table, part 4: Web Push subscriptions. Bob presents Alice's endpoint: he cannot remove it,
// move it by a renewal without its secret, or learn that it is hers from the status call or from
// subscribing with it (which answers as for a fresh endpoint). Unsubscribe comes last: its control
// removes Alice's subscription.
import { envelopeOf, type RouteTable } from "./probes";
import type { IdorWorld, Reply } from "./idorWorld";

const aliceStatus = (w: IdorWorld) =>
  w.call(
    w.alice,
    "GET",
    `push/v1/status?endpoint=${encodeURIComponent(w.objects.push.endpoint)}`,
  );

/** The endpoint flag of a status or subscribe answer. */
const endpointFlag = (reply: Reply) =>
  (envelopeOf(reply).data as { endpoint: boolean | null }).endpoint;

export const PUSH_ROUTES: RouteTable = {
  "GET push/v1/key": {
    class: "public",
    refs: [],
    why: "the server's VAPID public key",
  },
  "GET push/v1/status": {
    class: "owned",
    refs: ["endpoint"],
    why: "whether an endpoint is one of the caller's own subscriptions",
    probes: [
      {
        label: "Bob asks about Alice's endpoint: not his, and nothing more",
        expect: "scoped",
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `push/v1/status?endpoint=${encodeURIComponent(w.objects.push.endpoint)}`,
          ),
        check: (reply) => {
          expect(endpointFlag(reply)).toBe(false);
        },
        control: { run: aliceStatus, status: 200 },
      },
    ],
  },
  "POST push/v1/subscribe": {
    class: "owned",
    refs: ["endpoint"],
    why: "registers the caller's browser; an endpoint follows the account that registered it last",
    probes: [
      {
        // NOTE: answering otherwise than for a fresh endpoint (a 409, other counts) would tell Bob
        // that the endpoint exists (issue #19); the endpoint is the browser's, so it moves to the
        // account that registered it last (the rule and why: server/domain/push/subscriptions.ts).
        // Bob learns nothing of Alice's; her browser registering again takes it back.
        label:
          "Bob registers Alice's endpoint: answered as a fresh one, with his own counts only",
        expect: "scoped",
        attempt: (w) =>
          w.call(w.bob, "POST", "push/v1/subscribe", w.objects.push),
        check: (reply) => {
          expect(envelopeOf(reply).data).toEqual({
            subscriptions: 1,
            session: 1,
            endpoint: true,
          });
        },
        control: {
          run: async (w) => {
            const again = await w.call(
              w.alice,
              "POST",
              "push/v1/subscribe",
              w.objects.push,
            );
            expect(again.status, again.text).toBe(200);
            const status = await aliceStatus(w);
            expect(endpointFlag(status)).toBe(true);
            return status;
          },
          status: 200,
        },
      },
    ],
  },
  "POST push/v1/resubscribe": {
    class: "owned",
    refs: ["endpoint", "oldEndpoint"],
    why: "moves a subscription to a renewed endpoint; the old one's secret proves the browser",
    probes: [
      {
        label:
          "Bob moves Alice's endpoint to one of his with a made-up secret: not found, and it stays",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "push/v1/resubscribe", {
            oldEndpoint: w.objects.push.endpoint,
            oldAuth: Buffer.alloc(16, 7).toString("base64url"),
            endpoint: `${w.objects.push.endpoint}-bob`,
            keys: w.objects.push.keys,
          }),
        control: {
          // NOTE: Alice's browser renews onto the same endpoint and keys: nothing changes for the
          // probes after this one.
          run: (w) =>
            w.call(w.alice, "POST", "push/v1/resubscribe", {
              oldEndpoint: w.objects.push.endpoint,
              oldAuth: w.objects.push.keys.auth,
              endpoint: w.objects.push.endpoint,
              keys: w.objects.push.keys,
            }),
          status: 200,
        },
      },
    ],
  },
  "POST push/v1/unsubscribe": {
    class: "owned",
    refs: ["endpoint"],
    why: "removes one of the caller's own subscriptions",
    probes: [
      {
        label: "Bob removes Alice's endpoint",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "push/v1/unsubscribe", {
            endpoint: w.objects.push.endpoint,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "push/v1/unsubscribe", {
              endpoint: w.objects.push.endpoint,
            }),
          status: 200,
        },
      },
    ],
  },
};
