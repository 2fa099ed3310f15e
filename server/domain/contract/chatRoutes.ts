// What an open chat thread asks about agreements: staff `GET prayer/v1/signableOrders?imId=` (the
// peer's orders they may send an agreement for) and the user's `GET prayer/v1/chatAgreements?imId=`
// (the agreements that peer sent them). Both answer only for the caller's own side of the chat.
// Mounted by contract/routes.ts in its signed-in scope.
import { LocaleQuery } from "#contract/schemas";
import { Type } from "typebox";
import { EnvelopeOf, ok } from "../../http/envelope";
import { DEFAULT_LOCALE } from "../../lib/locale";
import { BEARER, signedIn } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { listAgreementsFrom, listSignableOrders } from "./chatAgreements";

const tags = ["contracts"];

const PeerQuery = Type.Object({
  ...LocaleQuery.properties,
  imId: Type.String({
    minLength: 1,
    maxLength: 128,
    description: "The chat peer's IM uid.",
  }),
});
const AgreementStatus = Type.Union([
  Type.Literal("sent"),
  Type.Literal("signed"),
]);
const SignableOrder = Type.Object({
  masterId: Type.Integer(),
  masterOrderNo: Type.String(),
  productTitle: Type.String(),
  optionLabel: Type.String(),
  quantity: Type.Integer(),
  totalFen: Type.Integer(),
  status: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
  agreement: Type.Union([
    Type.Object({ id: Type.Integer(), status: AgreementStatus }),
    Type.Null(),
  ]),
});
const ChatAgreement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  masterOrderNo: Type.String(),
  status: AgreementStatus,
  sentAt: Type.String({ format: "date-time" }),
  signedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});

export const chatAgreementRoutes: DomainPlugin = (app, { db }) => {
  app.get(
    "/prayer/v1/signableOrders",
    {
      schema: {
        tags,
        summary:
          "Staff: the chat peer's paid / in-service orders I may send an agreement for (a monk: only their own services)",
        security: BEARER,
        querystring: PeerQuery,
        response: {
          200: EnvelopeOf(Type.Object({ list: Type.Array(SignableOrder) })),
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
        querystring: PeerQuery,
        response: {
          200: EnvelopeOf(Type.Object({ list: Type.Array(ChatAgreement) })),
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
