// What an open chat thread asks about agreements: staff `GET prayer/v1/signableOrders?imId=` (the
// peer's orders they may send an agreement for) and the user's `GET prayer/v1/chatAgreements?imId=`
// (the agreements that peer sent them). Both answer only for the caller's own side of the chat.
// Mounted by contract/routes.ts in its signed-in scope.
import {
  AgreementPeerQuery,
  ChatAgreementList,
  SignableOrderList,
} from "#contract/schemas";
import { EnvelopeOf, ok } from "../../http/envelope";
import { DEFAULT_LOCALE } from "../../lib/locale";
import { BEARER, signedIn } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { listAgreementsFrom, listSignableOrders } from "./chatAgreements";

const tags = ["contracts"];

export const chatAgreementRoutes: DomainPlugin = (app, { db }) => {
  app.get(
    "/prayer/v1/signableOrders",
    {
      schema: {
        tags,
        summary:
          "Staff: the chat peer's paid / in-service orders I may send an agreement for (a monk: only their own services)",
        security: BEARER,
        querystring: AgreementPeerQuery,
        response: {
          200: EnvelopeOf(SignableOrderList),
          ...ORDER_ERRORS,
        },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      const list = await listSignableOrders(
        db,
        userId,
        request.query.imId,
        request.query.locale ?? DEFAULT_LOCALE,
      );
      return ok({ list });
    },
  );

  app.get(
    "/prayer/v1/chatAgreements",
    {
      schema: {
        tags,
        summary:
          "My agreements the chat peer sent me, newest first, with their status",
        security: BEARER,
        querystring: AgreementPeerQuery,
        response: {
          200: EnvelopeOf(ChatAgreementList),
          ...ORDER_ERRORS,
        },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      const list = await listAgreementsFrom(
        db,
        userId,
        request.query.imId,
        request.query.locale ?? DEFAULT_LOCALE,
      );
      return ok({ list });
    },
  );
};
