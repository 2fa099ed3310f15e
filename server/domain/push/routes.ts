// Web Push calls under /api/app/push/v1 (signed-in): the VAPID key, subscribe (bound to this
// sign-in session, texts in the request's Accept-Language), unsubscribe (own endpoints only) and
// status; and resubscribe, which the service worker calls without a sign-in when the browser
// renews a subscription (pushsubscriptionchange), proving it with the old one's secret. Sending
// happens in PushDispatcher.
import {
  PushKey,
  PushStatus,
  ResubscribeRequest,
  StatusQuery,
  SubscribeRequest,
  UnsubscribeRequest,
} from "#contract/schemas";
import { HttpError } from "../../http/errors";
import { EnvelopeOf, ok } from "../../http/envelope";
import type { DomainPlugin } from "../../http/domainPlugin";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import { localeFromAcceptLanguage } from "../auth/requestLocale";
import { checkEndpoint } from "./endpointRules";
import { PUSH_ERRORS } from "./schemas";
import {
  hasEndpoint,
  removeOwnSubscription,
  replaceSubscription,
  saveSubscription,
  subscriptionCounts,
} from "./subscriptions";
import { checkAuthSecret, checkP256Point } from "./vapidKeyFormat";

const tags = ["push"];

/** Refuses (400) a subscription whose endpoint or keys are not what a browser hands out. */
function checkSubscription(
  endpoint: string,
  keys: { p256dh: string; auth: string },
  production: boolean,
): void {
  const endpointProblem = checkEndpoint(endpoint, production);
  if (endpointProblem !== null)
    throw new HttpError("INVALID_FIELD", `body/${endpointProblem}`, {
      params: { field: "endpoint" },
    });
  const p256dhProblem = checkP256Point(keys.p256dh);
  if (p256dhProblem !== null)
    throw new HttpError("INVALID_FIELD", `body/keys/p256dh ${p256dhProblem}`, {
      params: { field: "keys.p256dh" },
    });
  const authProblem = checkAuthSecret(keys.auth);
  if (authProblem !== null)
    throw new HttpError("INVALID_FIELD", `body/keys/auth ${authProblem}`, {
      params: { field: "keys.auth" },
    });
}

export const pushRoutes: DomainPlugin = async (app, { db, auth, push }) => {
  await signedInRoutes(
    app,
    auth,
    (app) => {
      app.get(
        "/push/v1/key",
        {
          schema: {
            tags,
            summary: "The VAPID public key to subscribe with",
            security: BEARER,
            response: { 200: EnvelopeOf(PushKey), ...PUSH_ERRORS },
          },
        },
        () => ok({ publicKey: push.publicKey }),
      );

      app.post(
        "/push/v1/subscribe",
        {
          schema: {
            tags,
            summary:
              "Register this browser's push subscription for this sign-in (idempotent; moves it to this session)",
            security: BEARER,
            body: SubscribeRequest,
            response: { 200: EnvelopeOf(PushStatus), ...PUSH_ERRORS },
          },
        },
        async (request) => {
          const me = signedIn(request);
          const { endpoint, keys } = request.body;
          checkSubscription(endpoint, keys, push.production);
          // NOTE: an endpoint another account registered moves to the caller: any other answer would
          // tell the caller it exists (the rule and why: saveSubscription).
          await saveSubscription(db, {
            endpoint,
            userId: me.userId,
            sessionId: me.sessionId,
            p256dh: keys.p256dh,
            auth: keys.auth,
            locale: localeFromAcceptLanguage(
              request.headers["accept-language"],
            ),
          });
          const counts = await subscriptionCounts(db, me.userId, me.sessionId);
          return ok({
            subscriptions: counts.user,
            session: counts.session,
            endpoint: true,
          });
        },
      );

      app.post(
        "/push/v1/unsubscribe",
        {
          schema: {
            tags,
            summary: "Remove one of your push subscriptions",
            security: BEARER,
            body: UnsubscribeRequest,
            response: { 200: EnvelopeOf(PushStatus), ...PUSH_ERRORS },
          },
        },
        async (request) => {
          const me = signedIn(request);
          if (
            !(await removeOwnSubscription(db, me.userId, request.body.endpoint))
          )
            throw new HttpError(
              "PUSH_SUBSCRIPTION_NOT_FOUND",
              "you have no push subscription with this endpoint",
            );
          const counts = await subscriptionCounts(db, me.userId, me.sessionId);
          return ok({
            subscriptions: counts.user,
            session: counts.session,
            endpoint: false,
          });
        },
      );

      app.get(
        "/push/v1/status",
        {
          schema: {
            tags,
            summary:
              "Your push subscriptions, and whether a given endpoint is one of them",
            security: BEARER,
            querystring: StatusQuery,
            response: { 200: EnvelopeOf(PushStatus), ...PUSH_ERRORS },
          },
        },
        async (request) => {
          const me = signedIn(request);
          const { endpoint } = request.query;
          const counts = await subscriptionCounts(db, me.userId, me.sessionId);
          return ok({
            subscriptions: counts.user,
            session: counts.session,
            endpoint:
              endpoint === undefined
                ? null
                : await hasEndpoint(db, me.userId, endpoint),
          });
        },
      );
    },
    "preHandler",
  );

  // NOTE: no sign-in: the service worker renews a subscription on its own, proving it with the old
  // subscription's secret.
  app.post(
    "/push/v1/resubscribe",
    {
      schema: {
        tags,
        summary:
          "Replace a push subscription the browser renewed (the service worker's pushsubscriptionchange); no sign-in: the old subscription's secret proves it",
        body: ResubscribeRequest,
        response: { 200: EnvelopeOf(PushStatus), ...PUSH_ERRORS },
      },
    },
    async (request) => {
      const { oldEndpoint, oldAuth, endpoint, keys } = request.body;
      checkSubscription(endpoint, keys, push.production);
      const replaced = await replaceSubscription(db, {
        oldEndpoint,
        oldAuth,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
      if (replaced.status === "unknown")
        throw new HttpError(
          "PUSH_SUBSCRIPTION_NOT_FOUND",
          "no push subscription has this endpoint and secret",
        );
      const counts = await subscriptionCounts(
        db,
        replaced.userId,
        replaced.sessionId,
      );
      return ok({
        subscriptions: counts.user,
        session: counts.session,
        endpoint: true,
      });
    },
  );
};
