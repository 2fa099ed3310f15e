// Calls of the prayer-agreement API (server/domain/agreements), one function per endpoint, through the
// app's fetch client: staff list a peer's signable orders and send an agreement; the owner reads,
// signs (multipart PNG) and puts the signed agreement into the chat. The shapes are the server's
// own schemas (#contract), as types only.
import {
  SIGNATURE_TYPE,
  type AgreementDto,
  type ChatAgreementDto,
  type SendAgreementResult as SendAgreementResultSchema,
  type SentMessage,
  type SignableOrderDto,
  type SignedAgreement as SignedAgreementSchema,
} from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "../../api/client";
import type { OrderStatus } from "../../api/commerce";
import type { Locale } from "../../i18n/locales";

/**
 * One of a chat peer's orders staff may send an agreement for.
 * NOTE: `status` is narrowed to the order statuses (the schema declares a string), so the dialog
 * can name it.
 */
export type SignableOrder = Omit<SignableOrderDto, "status"> & {
  status: OrderStatus;
};

/** One of my agreements, as a chat thread lists it. */
export type ChatAgreement = ChatAgreementDto;

/** My agreement with its text in my language and the order it is for. */
export type Agreement = AgreementDto;

export type SendAgreementResult = Static<typeof SendAgreementResultSchema>;
export type SignedAgreement = Static<typeof SignedAgreementSchema>;

/** The message contractSend put into the conversation (WuKongIM wire fields). */
export type SentContractMessage = Static<typeof SentMessage>;

interface Call {
  signal?: AbortSignal | undefined;
}

const withSignal = (signal: AbortSignal | undefined) =>
  signal ? { signal } : {};

export async function fetchSignableOrders(
  imId: string,
  locale: Locale,
  { signal }: Call = {},
): Promise<SignableOrder[]> {
  const page = await apiRequest<{ list: SignableOrder[] }>(
    "prayer/v1/signableOrders",
    { query: { imId, locale }, ...withSignal(signal) },
  );
  return page.list;
}

export function sendAgreement(
  masterOrderNo: string,
): Promise<SendAgreementResult> {
  return apiRequest("prayer/v1/sendAgreement", {
    method: "POST",
    body: { masterOrderNo },
  });
}

export async function fetchChatAgreements(
  imId: string,
  locale: Locale,
  { signal }: Call = {},
): Promise<ChatAgreement[]> {
  const page = await apiRequest<{ list: ChatAgreement[] }>(
    "prayer/v1/chatAgreements",
    { query: { imId, locale }, ...withSignal(signal) },
  );
  return page.list;
}

export function fetchAgreement(
  id: number,
  locale: Locale,
  { signal }: Call = {},
): Promise<Agreement> {
  return apiRequest("prayer/v1/agreement", {
    query: { id, locale },
    ...withSignal(signal),
  });
}

/** `POST prayer/v1/signContract`: the PNG as `file`, with the fields `type`, `size`, `agreementId`. */
export function signContract(
  agreementId: number,
  png: Blob,
): Promise<SignedAgreement> {
  const form = new FormData();
  form.append("agreementId", String(agreementId));
  form.append("type", SIGNATURE_TYPE);
  form.append("size", String(png.size));
  form.append("file", png, "signature.png");
  return apiRequest("prayer/v1/signContract", { method: "POST", body: form });
}

export function contractSend(
  agreementId: number,
): Promise<SentContractMessage> {
  return apiRequest("wuKong/v1/contractSend", {
    method: "POST",
    body: { agreementId },
  });
}
