// The contract endpoints in front of the fake server the UI tests already stub (tests/support/ui/fakeApi.ts
// and the chat additions): agreements, signable orders, send, sign (multipart) and contractSend,
// answering from fixtures and recording each call. Test support.
import type { Answer } from "../fakeAnswers";
import type {
  Agreement,
  ChatAgreement,
  SignableOrder,
} from "../../../../src/features/contract/contractApi";

export interface ContractCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface FakeContract {
  calls: ContractCall[];
  chatAgreements: ChatAgreement[];
  signableOrders: SignableOrder[];
  agreements: Map<number, Agreement>;
  /** Paths answered with this error envelope instead. */
  failures: Map<string, Answer>;
  callsTo(path: string): ContractCall[];
}

export const STAFF_IM_ID = "demo_service";

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
    order: {
      masterId: 9,
      masterOrderNo: "202611210000000001",
      productTitle: "光明灯",
      optionLabel: "一年",
      quantity: 2,
      totalFen: 17_600,
      beneficiaryName: "王小明",
      status: "paid",
    },
    ...overrides,
  };
}

export function signableFixture(
  overrides: Partial<SignableOrder> = {},
): SignableOrder {
  return {
    masterId: 9,
    masterOrderNo: "202611210000000001",
    productTitle: "光明灯",
    optionLabel: "一年",
    quantity: 2,
    totalFen: 17_600,
    status: "paid",
    createdAt: "2026-11-21T01:00:00.000Z",
    agreement: null,
    ...overrides,
  };
}

const envelope = (status: number, data: unknown, msg = "ok") =>
  Promise.resolve(
    Response.json({ code: status === 200 ? 0 : status, data, msg }, { status }),
  );

/** Wraps the currently stubbed fetch; call after the other fakes are installed. */
export function installFakeContract(): FakeContract {
  const inner = globalThis.fetch;
  const fake: FakeContract = {
    calls: [],
    chatAgreements: [],
    signableOrders: [],
    agreements: new Map(),
    failures: new Map(),
    callsTo: (path) => fake.calls.filter((c) => c.path === path),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      const path = url.pathname.replace(/^\/api\/app\//, "");
      if (!path.startsWith("prayer/v1/") && path !== "wuKong/v1/contractSend")
        return inner(input, init);
      const body =
        typeof init?.body === "string"
          ? (JSON.parse(init.body) as unknown)
          : init?.body;
      fake.calls.push({
        method: init?.method ?? "GET",
        path,
        query: url.searchParams,
        body,
        headers: new Headers(init?.headers),
      });
      const failure = fake.failures.get(path);
      if (failure !== undefined)
        return Promise.resolve(
          Response.json(failure.body, { status: failure.status }),
        );
      switch (path) {
        case "prayer/v1/chatAgreements":
          return envelope(200, { list: fake.chatAgreements });
        case "prayer/v1/signableOrders":
          return envelope(200, { list: fake.signableOrders });
        case "prayer/v1/sendAgreement": {
          const { masterOrderNo } = body as { masterOrderNo: string };
          return envelope(200, {
            agreementId: 5,
            masterOrderNo,
            status: "sent",
            messageSent: true,
          });
        }
        case "prayer/v1/agreement": {
          const found = fake.agreements.get(Number(url.searchParams.get("id")));
          return found === undefined
            ? envelope(404, null, "agreement not found")
            : envelope(200, found);
        }
        case "prayer/v1/signContract":
          return envelope(200, {
            agreementId: 5,
            status: "signed",
            signedAt: "2026-11-21T03:00:00.000Z",
            signatureUrl: "http://localhost:3000/media/sig.png",
            width: 300,
            height: 120,
          });
        case "wuKong/v1/contractSend":
          return envelope(200, {
            message_idstr: "77",
            client_msg_no: "contract-5",
            channel_id: STAFF_IM_ID,
            channel_type: 1,
          });
        default:
          return envelope(404, null, `no route ${path}`);
      }
    }),
  );
  return fake;
}
