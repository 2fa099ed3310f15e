// TypeBox schemas of prayer agreements (prayer/v1, and wuKong/v1/contractSend): the chat thread's
// lists (a peer's signable orders for staff, the agreements a peer sent me), sending, my agreement
// with its text, signing and putting the signed agreement into the chat. Order statuses are plain
// strings here. The server validates with them; the tab derives its types from them
// (src/features/agreements/agreementsApi.ts).
import { type Static, Type } from "typebox";
import { AGREEMENT_STATUSES } from "../agreements";
import { MASTER_ORDER_NO_PATTERN } from "../orders";
import { DateTime, Id, LiteralUnion, LocaleQuery } from "./common";

const Status = LiteralUnion(AGREEMENT_STATUSES);
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

/** `?imId=`: the chat peer (with the text language). */
export const AgreementPeerQuery = Type.Object({
  ...LocaleQuery.properties,
  imId: Type.String({
    minLength: 1,
    maxLength: 128,
    description: "The chat peer's IM uid.",
  }),
});

/** What both sides see of the order an agreement is for (texts in the query's language). */
const OrderSummaryFields = {
  masterId: Type.Integer(),
  masterOrderNo: Type.String(),
  productTitle: Type.String(),
  optionLabel: Type.String(),
  quantity: Type.Integer(),
  totalFen: Type.Integer(),
};

/** One of a chat peer's orders staff may send an agreement for. */
export const SignableOrder = Type.Object({
  ...OrderSummaryFields,
  status: Type.String(),
  createdAt: DateTime,
  agreement: Type.Union([
    Type.Object({ id: Type.Integer(), status: Status }),
    Type.Null(),
  ]),
});
export const SignableOrderList = Type.Object({
  list: Type.Array(SignableOrder),
});

/** One of my agreements, as a chat thread lists it. */
export const ChatAgreement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  masterOrderNo: Type.String(),
  status: Status,
  sentAt: DateTime,
  signedAt: NullableDateTime,
});
export const ChatAgreementList = Type.Object({
  list: Type.Array(ChatAgreement),
});

export const SendAgreementRequest = Type.Object(
  { masterOrderNo: Type.String({ pattern: MASTER_ORDER_NO_PATTERN }) },
  { additionalProperties: false },
);
export const SendAgreementResult = Type.Object({
  agreementId: Type.Integer(),
  masterOrderNo: Type.String(),
  status: Status,
  messageSent: Type.Boolean({
    description:
      "The user was told: a sign reminder is stored for their devices (always true since #19; kept for API consumers).",
  }),
});

export const AgreementQuery = Type.Object({
  ...LocaleQuery.properties,
  id: Id,
});

/** My agreement with its text in my language and the order it is for. */
export const Agreement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  paragraphs: Type.Array(Type.String()),
  status: Status,
  sentAt: DateTime,
  signedAt: NullableDateTime,
  signatureUrl: Type.Union([Type.String(), Type.Null()]),
  sender: Type.Object({ imId: Type.String(), nickname: Type.String() }),
  order: Type.Object({
    ...OrderSummaryFields,
    beneficiaryName: Type.Union([Type.String(), Type.Null()]),
    status: Type.String(),
  }),
});

export const SignedAgreement = Type.Object({
  agreementId: Type.Integer(),
  status: Type.Literal("signed"),
  signedAt: DateTime,
  signatureUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});

export const ContractSendRequest = Type.Object(
  { agreementId: Id },
  { additionalProperties: false },
);

export type SignableOrderDto = Static<typeof SignableOrder>;
export type ChatAgreementDto = Static<typeof ChatAgreement>;
export type AgreementDto = Static<typeof Agreement>;
