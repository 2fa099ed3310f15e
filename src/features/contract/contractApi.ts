// Calls of the prayer-agreement API (server/domain/contract), one function per endpoint, through the
// app's fetch client: staff list a peer's signable orders and send an agreement; the owner reads,
// signs (multipart PNG) and puts the signed agreement into the chat.
import { apiRequest } from "../../api/client";
import type { OrderStatus } from "../../api/commerce";
import type { Locale } from "../../i18n/locales";

export type AgreementStatus = "sent" | "signed";

/** One of a chat peer's orders staff may send an agreement for. */
export interface SignableOrder {
  masterId: number;
  masterOrderNo: string;
  productTitle: string;
  optionLabel: string;
  quantity: number;
  totalFen: number;
  status: OrderStatus;
  createdAt: string;
  agreement: { id: number; status: AgreementStatus } | null;
}

/** One of my agreements, as a chat thread lists it. */
export interface ChatAgreement {
  id: number;
  title: string;
  masterOrderNo: string;
  status: AgreementStatus;
  sentAt: string;
  signedAt: string | null;
}

/** My agreement with its text in my language and the order it is for. */
export interface Agreement {
  id: number;
  title: string;
  paragraphs: string[];
  status: AgreementStatus;
  sentAt: string;
  signedAt: string | null;
  signatureUrl: string | null;
  sender: { imId: string; nickname: string };
  order: {
    masterId: number;
    masterOrderNo: string;
    productTitle: string;
    optionLabel: string;
    quantity: number;
    totalFen: number;
    beneficiaryName: string | null;
    status: OrderStatus;
  };
}

export interface SendAgreementResult {
  agreementId: number;
  masterOrderNo: string;
  status: AgreementStatus;
  messageSent: boolean;
}

export interface SignedAgreement {
  agreementId: number;
  status: "signed";
  signedAt: string;
  signatureUrl: string;
  width: number;
  height: number;
}

/** The message contractSend put into the conversation (WuKongIM wire fields). */
export interface SentContractMessage {
  message_idstr: string;
  client_msg_no: string;
  channel_id: string;
  channel_type: number;
}

interface Call {
  signal?: AbortSignal | undefined;
}

const withSignal = (signal: AbortSignal | undefined) =>
  signal ? { signal } : {};

/** The MIME type the signature is sent as (the server also accepts the field absent). */
export const SIGNATURE_TYPE = "image/png";

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
