// WechatPayClient refunds over real HTTP against the loopback WeChat Pay fake: the documented request,
// PROCESSING answers, one refund per out_refund_no, no refund beyond the trade's amount, queries, and
// WeChat's refusals told apart from failures after which the refund may exist.
import { createPublicKey, verify } from "node:crypto";
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { ProviderError, PROVIDERS } from "../../../../server/providers/errors";
import { isRefundRefused } from "../../../../server/providers/wechatPay/wechatPayErrors";
import { startFakeWechatPay } from "../../../support/fakes/fakeWechatPay";
import type { FakeWechatPay } from "../../../support/fakes/fakeWechatPay";
import { NOTIFY_URL, clientFor, failure, paidTrade } from "./wechatPayFixtures";

const MP_APP = "wxd678efh567hg6787";
let fake: FakeWechatPay;
let seq = 0;
const tradeNo = () => `FYR${Date.now()}${++seq}`;
const refundNo = () => `RF${Date.now()}-${++seq}`;

beforeAll(async () => {
  fake = await startFakeWechatPay({ appIds: [MP_APP] });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.delayMs = 0;
  fake.nextAnswer = undefined;
});

const client = () => clientFor(fake);

function refundOf(
  outTradeNo: string,
  refundFen: number,
  totalFen: number,
  outRefundNo = refundNo(),
) {
  return {
    outTradeNo,
    outRefundNo,
    reason: "法会取消",
    notifyUrl: `${NOTIFY_URL}/refund`,
    refundFen,
    totalFen,
  };
}

describe("createRefund", () => {
  it("sends the documented body, signed like the order calls, and reads the PROCESSING answer", async () => {
    const outTradeNo = tradeNo();
    const transactionId = await paidTrade(fake, outTradeNo, 8800);
    const input = refundOf(outTradeNo, 3000, 8800);
    const refund = await client().createRefund(input);

    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: "POST",
      url: "/v3/refund/domestic/refunds",
      status: 200,
    });
    expect(JSON.parse(request.body)).toEqual({
      out_trade_no: outTradeNo,
      out_refund_no: input.outRefundNo,
      reason: "法会取消",
      notify_url: `${NOTIFY_URL}/refund`,
      amount: { refund: 3000, total: 8800, currency: "CNY" },
    });
    const auth =
      /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
        String(request.headers.authorization),
      )!;
    expect(
      verify(
        "sha256",
        Buffer.from(
          `POST\n/v3/refund/domestic/refunds\n${auth[4]}\n${auth[2]}\n${request.body}\n`,
        ),
        createPublicKey(fake.keys.merchant.publicKeyPem),
        Buffer.from(auth[3]!, "base64"),
      ),
    ).toBe(true);

    expect(refund).toMatchObject({
      outRefundNo: input.outRefundNo,
      outTradeNo,
      transactionId,
      status: "PROCESSING",
      channel: "ORIGINAL",
      amount: {
        total: 8800,
        refund: 3000,
        payerRefund: 3000,
        currency: "CNY",
      },
    });
    expect(refund.refundId).toMatch(/^50\d{27}$/);
    expect(refund.successTime).toBeUndefined();
    expect(refund.createTime).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/,
    );
    // A partial refund leaves the trade paid.
    expect((await client().queryByOutTradeNo(outTradeNo)).tradeState).toBe(
      "SUCCESS",
    );
  });

  it("names the trade by transaction_id alone when it is given", async () => {
    const outTradeNo = tradeNo();
    const transactionId = await paidTrade(fake, outTradeNo, 500);
    const refund = await client().createRefund({
      ...refundOf(outTradeNo, 500, 500),
      transactionId,
      reason: undefined,
    });
    const body = JSON.parse(fake.requests.at(-1)!.body);
    expect(body).toMatchObject({ transaction_id: transactionId });
    expect(body).not.toHaveProperty("out_trade_no");
    expect(body).not.toHaveProperty("reason");
    expect(refund).toMatchObject({ outTradeNo, transactionId });
  });

  it("refunds one out_refund_no once: a repeat returns the same refund, a changed repeat is refused", async () => {
    const outTradeNo = tradeNo();
    await paidTrade(fake, outTradeNo, 1000);
    const input = refundOf(outTradeNo, 600, 1000);
    const first = await client().createRefund(input);
    const again = await client().createRefund(input);
    expect(again.refundId).toBe(first.refundId);
    expect(again.createTime).toBe(first.createTime);

    // Two refunds of 600 would exceed 1000; the repeat did not count twice.
    const rest = await client().createRefund(refundOf(outTradeNo, 400, 1000));
    expect(rest.refundId).not.toBe(first.refundId);

    const changed = await failure(
      client().createRefund({ ...input, refundFen: 500 }),
    );
    expect(changed).toMatchObject({
      code: "PAY_REJECTED",
      providerCode: "INVALID_REQUEST",
      retryable: false,
    });
  });

  it("refuses to refund more than the trade has left, and a trade refunded in full moves to REFUND", async () => {
    const outTradeNo = tradeNo();
    const transactionId = await paidTrade(fake, outTradeNo, 8800);
    await client().createRefund(refundOf(outTradeNo, 6000, 8800));
    const over = await failure(
      client().createRefund(refundOf(outTradeNo, 2801, 8800)),
    );
    expect(over).toMatchObject({
      code: "PAY_REJECTED",
      providerCode: "INVALID_REQUEST",
      retryable: false,
    });
    expect(fake.requests.at(-1)!.status).toBe(400);
    expect(isRefundRefused(over)).toBe(true);

    await client().createRefund(refundOf(outTradeNo, 2800, 8800));
    const trade = await client().queryByOutTradeNo(outTradeNo);
    expect(trade).toMatchObject({
      tradeState: "REFUND",
      transactionId,
      amount: { total: 8800, payerTotal: 8800 },
    });
    expect(
      await failure(client().createRefund(refundOf(outTradeNo, 1, 8800))),
    ).toMatchObject({ code: "PAY_REJECTED", providerCode: "INVALID_REQUEST" });
  });

  it("refuses a refund of an unknown trade, an unpaid one, or with another total", async () => {
    expect(
      await failure(client().createRefund(refundOf("FYNOSUCHTRADE1", 1, 1))),
    ).toMatchObject({
      code: "PAY_ORDER_NOT_FOUND",
      providerCode: "RESOURCE_NOT_EXISTS",
    });

    const unpaid = tradeNo();
    await client().createNativePrepay({
      outTradeNo: unpaid,
      description: "香火",
      amountFen: 100,
      appId: MP_APP,
    });
    expect(
      await failure(client().createRefund(refundOf(unpaid, 100, 100))),
    ).toMatchObject({ code: "PAY_REJECTED", providerCode: "INVALID_REQUEST" });

    const paid = tradeNo();
    await paidTrade(fake, paid, 100);
    expect(
      await failure(client().createRefund(refundOf(paid, 50, 200))),
    ).toMatchObject({ code: "PAY_REJECTED", providerCode: "INVALID_REQUEST" });
  });

  it("checks its own input before signing anything", async () => {
    const count = fake.requests.length;
    const outTradeNo = tradeNo();
    const bad = [
      { ...refundOf(outTradeNo, 1, 1), outRefundNo: "" },
      { ...refundOf(outTradeNo, 1, 1), outRefundNo: "no spaces allowed" },
      { ...refundOf(outTradeNo, 1, 1), outRefundNo: "R".repeat(65) },
      { ...refundOf("bad no!", 1, 1) },
      { ...refundOf(outTradeNo, 0, 1) },
      { ...refundOf(outTradeNo, 1.5, 2) },
      { ...refundOf(outTradeNo, 3, 2) },
      { ...refundOf(outTradeNo, 1, 1), notifyUrl: `${NOTIFY_URL}?a=1` },
      { ...refundOf(outTradeNo, 1, 1), notifyUrl: "ftp://fuyuan.example/x" },
      { ...refundOf(outTradeNo, 1, 1), reason: "因".repeat(81) },
      { ...refundOf(outTradeNo, 1, 1), transactionId: "4200-00" },
    ];
    for (const input of bad) {
      const error = await failure(client().createRefund(input));
      expect(error.code, JSON.stringify(input)).toBe("PAY_REJECTED");
      expect(isRefundRefused(error)).toBe(true);
    }
    expect(fake.requests.length).toBe(count);
    await expect(client().queryRefund("has space")).rejects.toMatchObject({
      code: "PAY_REJECTED",
    });
    expect(fake.requests.length).toBe(count);
  });
});

describe("refusals and failures whose outcome is open", () => {
  it.each([
    ["NOT_ENOUGH", 403],
    ["USER_ACCOUNT_ABNORMAL", 403],
    ["INVALID_REQUEST", 400],
  ] as const)("%s: WeChat refused, no refund exists", async (code, status) => {
    const outTradeNo = tradeNo();
    await paidTrade(fake, outTradeNo, 100);
    const input = refundOf(outTradeNo, 100, 100);
    fake.emulator.failNextRefund(code);
    const error = await failure(client().createRefund(input));
    expect(error).toMatchObject({
      code: "PAY_REJECTED",
      providerCode: code,
      retryable: false,
    });
    expect(fake.requests.at(-1)!.status).toBe(status);
    expect(isRefundRefused(error)).toBe(true);
    expect(fake.emulator.refund(input.outRefundNo)).toBeUndefined();
    expect(await client().queryRefund(input.outRefundNo)).toBeNull();
    // Only the next request fails.
    expect((await client().createRefund(input)).status).toBe("PROCESSING");
  });

  it("SYSTEM_ERROR and FREQUENCY_LIMITED are worth retrying with the same out_refund_no", async () => {
    const outTradeNo = tradeNo();
    await paidTrade(fake, outTradeNo, 100);
    const input = refundOf(outTradeNo, 100, 100);
    for (const code of ["SYSTEM_ERROR", "FREQUENCY_LIMITED"] as const) {
      fake.emulator.failNextRefund(code);
      const error = await failure(client().createRefund(input));
      expect(error).toMatchObject({
        code: "PAY_UNAVAILABLE",
        providerCode: code,
        retryable: true,
      });
      expect(isRefundRefused(error)).toBe(false);
    }
    expect((await client().createRefund(input)).status).toBe("PROCESSING");
  });

  it("a timeout is not a refusal: the refund may exist, and query or the same out_refund_no finds it", async () => {
    const outTradeNo = tradeNo();
    await paidTrade(fake, outTradeNo, 700);
    const input = refundOf(outTradeNo, 700, 700);
    fake.delayMs = 400;
    const error = await failure(
      clientFor(fake, { timeoutMs: 100 }).createRefund(input),
    );
    expect(error).toMatchObject({ code: "PAY_TIMEOUT", retryable: true });
    expect(isRefundRefused(error)).toBe(false);

    // The request still reached WeChat after the client gave up.
    await vi.waitFor(
      () => {
        expect(fake.emulator.refund(input.outRefundNo)).toBeDefined();
      },
      { timeout: 3000 },
    );
    fake.delayMs = 0;
    const found = await client().queryRefund(input.outRefundNo);
    expect(found).toMatchObject({
      status: "PROCESSING",
      amount: { refund: 700 },
    });
    expect((await client().createRefund(input)).refundId).toBe(found!.refundId);
  });

  it("an answer whose signature does not verify is not a refusal either", async () => {
    const outTradeNo = tradeNo();
    await paidTrade(fake, outTradeNo, 100);
    const input = refundOf(outTradeNo, 100, 100);
    fake.nextAnswer = { kind: "tamperSignature" };
    const error = await failure(client().createRefund(input));
    expect(error.code).toBe("PAY_BAD_SIGNATURE");
    expect(isRefundRefused(error)).toBe(false);
    expect(fake.emulator.refund(input.outRefundNo)?.status).toBe("PROCESSING");
  });

  it("is false for other errors, other providers and errors worth retrying", () => {
    expect(isRefundRefused(new Error("PAY_REJECTED"))).toBe(false);
    expect(
      isRefundRefused(
        new ProviderError("PAY_REJECTED", PROVIDERS.emulator, {}),
      ),
    ).toBe(false);
    // Whatever its code, an error worth retrying leaves the outcome open.
    expect(
      isRefundRefused(
        new ProviderError("PAY_REJECTED", PROVIDERS.wechatPay, {
          retryable: true,
        }),
      ),
    ).toBe(false);
    expect(isRefundRefused(undefined)).toBe(false);
  });
});

describe("queryRefund", () => {
  it("reads a refund by out_refund_no before and after WeChat completes it", async () => {
    const outTradeNo = tradeNo();
    const transactionId = await paidTrade(fake, outTradeNo, 2000);
    const created = await client().createRefund(
      refundOf(outTradeNo, 2000, 2000),
    );

    const processing = await client().queryRefund(created.outRefundNo);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "GET",
      url: `/v3/refund/domestic/refunds/${created.outRefundNo}`,
      body: "",
    });
    expect(processing).toEqual(created);

    fake.emulator.completeRefund(created.outRefundNo);
    const done = await client().queryRefund(created.outRefundNo);
    expect(done).toMatchObject({
      refundId: created.refundId,
      outTradeNo,
      transactionId,
      status: "SUCCESS",
      userReceivedAccount: "支付用户零钱",
      amount: { total: 2000, refund: 2000, currency: "CNY" },
    });
    expect(done!.successTime).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/,
    );
  });

  it("answers null for a refund WeChat does not know, and throws for any other failure", async () => {
    expect(await client().queryRefund("RFNEVERASKED1")).toBeNull();
    expect(fake.requests.at(-1)!.status).toBe(404);

    fake.nextAnswer = {
      kind: "error",
      status: 500,
      code: "SYSTEM_ERROR",
      message: "系统异常",
    };
    expect(await failure(client().queryRefund("RFNEVERASKED1"))).toMatchObject({
      code: "PAY_UNAVAILABLE",
    });
    // A signed 404 is believed only when its signature verifies.
    fake.nextAnswer = { kind: "tamperSignature" };
    expect((await failure(client().queryRefund("RFNEVERASKED1"))).code).toBe(
      "PAY_BAD_SIGNATURE",
    );
  });
});

describe("emulated refund lifecycle", () => {
  it("completes ABNORMAL then SUCCESS by hand, but never reopens a final refund", async () => {
    const outTradeNo = tradeNo();
    await paidTrade(fake, outTradeNo, 300);
    const { outRefundNo } = await client().createRefund(
      refundOf(outTradeNo, 300, 300),
    );
    expect(fake.emulator.completeRefund(outRefundNo, "ABNORMAL").status).toBe(
      "ABNORMAL",
    );
    expect(fake.emulator.completeRefund(outRefundNo).status).toBe("SUCCESS");
    expect(fake.emulator.completeRefund(outRefundNo).status).toBe("SUCCESS");
    expect(() => fake.emulator.completeRefund(outRefundNo, "CLOSED")).toThrow(
      /already SUCCESS/,
    );
    expect(() => fake.emulator.completeRefund("RFNOSUCHREFUND")).toThrow(
      /no such emulated refund/,
    );
  });

  it("a CLOSED refund gives its amount back to the trade", async () => {
    const outTradeNo = tradeNo();
    await paidTrade(fake, outTradeNo, 300);
    const { outRefundNo } = await client().createRefund(
      refundOf(outTradeNo, 300, 300),
    );
    expect(fake.emulator.transaction(outTradeNo)?.trade_state).toBe("REFUND");
    fake.emulator.completeRefund(outRefundNo, "CLOSED");
    expect(fake.emulator.transaction(outTradeNo)?.trade_state).toBe("SUCCESS");
    expect(
      (await client().createRefund(refundOf(outTradeNo, 300, 300))).status,
    ).toBe("PROCESSING");
  });
});
