// The prayer-agreement endpoints in front of the fake server the UI tests already stub
// (tests/support/ui/fakeApi.ts and the chat additions): agreements, signable orders, send, sign
// (multipart) and contractSend, answering from fixtures and recording each call. Every call is
// checked against #contract/schemas both ways: a drift fails the test. Test support.
import * as schemas from "#contract/schemas";
import { ContractCheck, type RouteContract } from "../contractCheck";
import { type Answer, bareFailure, ok } from "../fakeAnswers";
import { layerFetch } from "../layerFetch";
import type {
  Agreement,
  ChatAgreement,
  SignableOrder,
} from "../../../../src/features/agreements/agreementsApi";

/** What the server validates each path with (#contract/schemas): request parts and the answer. */
const CONTRACT: Record<string, RouteContract> = {
  "prayer/v1/chatAgreements": {
    query: schemas.AgreementPeerQuery,
    answer: schemas.ChatAgreementList,
  },
  "prayer/v1/signableOrders": {
    query: schemas.AgreementPeerQuery,
    answer: schemas.SignableOrderList,
  },
  "prayer/v1/sendAgreement": {
    body: schemas.SendAgreementRequest,
    answer: schemas.SendAgreementResult,
  },
  "prayer/v1/agreement": {
    query: schemas.AgreementQuery,
    answer: schemas.Agreement,
  },
  // NOTE: multipart, which the server reads field by field (no body schema to check).
  "prayer/v1/signContract": { answer: schemas.SignedAgreement },
  "wuKong/v1/contractSend": {
    body: schemas.ContractSendRequest,
    answer: schemas.SentMessage,
  },
};

export interface ContractCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface FakeAgreements {
  calls: ContractCall[];
  chatAgreements: ChatAgreement[];
  signableOrders: SignableOrder[];
  agreements: Map<number, Agreement>;
  /** Paths answered with this error envelope instead. */
  failures: Map<string, Answer>;
  /** Its calls checked against CONTRACT; the test fails on any drift. */
  contract: ContractCheck;
  callsTo(path: string): ContractCall[];
}

export const STAFF_IM_ID = "demo_service";

/** The paid order both fixtures are about, as both sides see it. */
const ORDER_SUMMARY = {
  masterId: 9,
  masterOrderNo: "202611210000000001",
  productTitle: "光明灯",
  optionLabel: "一年",
  quantity: 2,
  totalFen: 17_600,
  status: "paid",
} as const;

export function agreementFixture(
  overrides: Partial<Agreement> = {},
): Agreement {
  return {
    id: 5,
    title: "祈福服务协议 · 光明灯",
    paragraphs: [
      "本协议就订单 202611210000000001（光明灯，一年，共 2 份，合计 ¥176.00）订立。",
      "签署即表示您已阅读并同意以上内容。",
    ],
    status: "sent",
    sentAt: "2026-11-21T02:00:00.000Z",
    signedAt: null,
    signatureUrl: null,
    sender: { imId: STAFF_IM_ID, nickname: "福缘客服" },
    order: { ...ORDER_SUMMARY, beneficiaryName: "王小明" },
    ...overrides,
  };
}

export function signableFixture(
  overrides: Partial<SignableOrder> = {},
): SignableOrder {
  return {
    ...ORDER_SUMMARY,
    createdAt: "2026-11-21T01:00:00.000Z",
    agreement: null,
    ...overrides,
  };
}

/** Wraps the currently stubbed fetch; call after the other fakes are installed. */
export function installFakeAgreements(): FakeAgreements {
  const fake: FakeAgreements = {
    calls: [],
    chatAgreements: [],
    signableOrders: [],
    agreements: new Map(),
    failures: new Map(),
    contract: new ContractCheck(CONTRACT),
    callsTo: (path) => fake.calls.filter((c) => c.path === path),
  };
  // NOTE: the page catches a failed fetch, so a drift is also reported when the test ends.
  fake.contract.failTestOnDrift();
  layerFetch((request): Answer | undefined => {
    const { url, path, method, body, headers } = request;
    if (!path.startsWith("prayer/v1/") && path !== "wuKong/v1/contractSend")
      return undefined;
    return fake.contract.serve(request, (query) => {
      fake.calls.push({ method, path, query: url.searchParams, body, headers });
      return fake.failures.get(path) ?? answer(fake, path, query, body);
    });
  });
  return fake;
}

/** The fixtures' answer to a call of `path`. */
function answer(
  fake: FakeAgreements,
  path: string,
  query: Record<string, unknown>,
  body: unknown,
): Answer {
  switch (path) {
    case "prayer/v1/chatAgreements":
      return ok({ list: fake.chatAgreements });
    case "prayer/v1/signableOrders":
      return ok({ list: fake.signableOrders });
    case "prayer/v1/sendAgreement": {
      const { masterOrderNo } = body as { masterOrderNo: string };
      return ok({
        agreementId: 5,
        masterOrderNo,
        status: "sent",
        messageSent: true,
      });
    }
    case "prayer/v1/agreement": {
      const found = fake.agreements.get(query.id as number);
      return found === undefined
        ? bareFailure(404, "agreement not found")
        : ok(found);
    }
    case "prayer/v1/signContract":
      return ok({
        agreementId: 5,
        status: "signed",
        signedAt: "2026-11-21T03:00:00.000Z",
        signatureUrl: "http://localhost:3000/media/sig.png",
        width: 300,
        height: 120,
      });
    case "wuKong/v1/contractSend":
      return ok({
        message_id: 77,
        message_idstr: "77",
        message_seq: 3,
        client_msg_no: "contract-5",
        channel_id: STAFF_IM_ID,
        channel_type: 1,
        timestamp: 1_763_694_000,
      });
    default:
      return bareFailure(404, `no route ${path}`);
  }
}
