// WechatPayClient over real HTTP against the loopback WeChat Pay fake: signed orders, query, close,
// JSAPI pay parameters, and refusal of every answer whose platform signature is missing or wrong.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  verify,
} from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../../../server/providers/errors";
import type { WechatPayClientOptions } from "../../../../server/providers/wechatPay/WechatPayClient";
import { startFakeWechatPay } from "../../../support/fakes/fakeWechatPay";
import type { FakeWechatPay } from "../../../support/fakes/fakeWechatPay";
import { selfSignedCertificate } from "../../../support/fakes/selfSignedCertificate";
import { clientFor, failure } from "./wechatPayFixtures";

const MP_APP = "wxd678efh567hg6787";
const WEB_APP = "wx2421b1c4370ec43b";
let fake: FakeWechatPay;
let seq = 0;
const tradeNo = () => `FY${Date.now()}${++seq}`;

beforeAll(async () => {
  fake = await startFakeWechatPay({ appIds: [MP_APP, WEB_APP] });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.delayMs = 0;
  fake.nextAnswer = undefined;
});

const client = (overrides: Partial<WechatPayClientOptions> = {}) =>
  clientFor(fake, overrides);

const order = (outTradeNo: string, amountFen = 8800) => ({
  outTradeNo,
  description: "福缘-祈福香 x1",
  amountFen,
  appId: MP_APP,
});

describe("WechatPayClient orders", () => {
  it("places a JSAPI order with a request signature that verifies by the documented recipe", async () => {
    const outTradeNo = tradeNo();
    const prepayId = await client().createJsapiPrepay({
      ...order(outTradeNo),
      payerOpenid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o",
    });
    expect(prepayId).toMatch(/^wx\d{14}[0-9a-f]{20}0000$/);

    const request = fake.requests.at(-1)!;
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toMatch(/Fuyuan/);
    const auth =
      /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
        String(request.headers.authorization),
      )!;
    expect(auth[1]).toBe(fake.mchId);
    expect(auth[5]).toBe(fake.keys.merchant.serialNo);
    const signed = `POST\n/v3/pay/transactions/jsapi\n${auth[4]}\n${auth[2]}\n${request.body}\n`;
    expect(
      verify(
        "sha256",
        Buffer.from(signed),
        createPublicKey(fake.keys.merchant.publicKeyPem),
        Buffer.from(auth[3]!, "base64"),
      ),
    ).toBe(true);
    expect(JSON.parse(request.body)).toEqual({
      appid: MP_APP,
      mchid: fake.mchId,
      description: "福缘-祈福香 x1",
      out_trade_no: outTradeNo,
      notify_url: "https://fuyuan.example/api/pay/v1/wechat/notify",
      amount: { total: 8800, currency: "CNY" },
      payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
    });
  });

  it("places a Native order whose code_url opens the development cashier", async () => {
    const codeUrl = await client().createNativePrepay({
      ...order(tradeNo()),
      appId: WEB_APP,
    });
    const url = new URL(codeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      "https://fuyuan.example/dev/pay/cashier",
    );
    expect(
      fake.emulator.orderForPrepayId(url.searchParams.get("prepay_id")!),
    ).toMatchObject({ appid: WEB_APP, trade_state: "NOTPAY" });
  });

  it("queries an order before and after payment", async () => {
    const outTradeNo = tradeNo();
    const prepayId = await client().createJsapiPrepay({
      ...order(outTradeNo, 1),
      payerOpenid: "oPayer1",
    });
    expect(await client().queryByOutTradeNo(outTradeNo)).toMatchObject({
      outTradeNo,
      tradeState: "NOTPAY",
      amount: { total: 1, currency: "CNY" },
    });
    expect(fake.requests.at(-1)!.url).toBe(
      `/v3/pay/transactions/out-trade-no/${outTradeNo}?mchid=${fake.mchId}`,
    );

    fake.emulator.completePayment({ prepayId });
    const paid = await client().queryByOutTradeNo(outTradeNo);
    expect(paid).toMatchObject({
      appId: MP_APP,
      mchId: fake.mchId,
      tradeState: "SUCCESS",
      tradeType: "JSAPI",
      payerOpenid: "oPayer1",
      amount: { total: 1, payerTotal: 1, currency: "CNY" },
    });
    expect(paid.transactionId).toMatch(/^4200\d{24}$/);
    expect(paid.successTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
  });

  it("closes an unpaid order (204) and reports paid, closed, unknown and duplicate orders", async () => {
    const open = tradeNo();
    await client().createNativePrepay(order(open));
    await client().closeOrder(open);
    expect(fake.requests.at(-1)).toMatchObject({
      status: 204,
      body: JSON.stringify({ mchid: fake.mchId }),
    });
    expect((await client().queryByOutTradeNo(open)).tradeState).toBe("CLOSED");
    expect(
      await failure(client().createNativePrepay(order(open))),
    ).toMatchObject({ code: "PAY_ORDER_CLOSED", providerCode: "ORDER_CLOSED" });

    const paid = tradeNo();
    const prepayId = await client().createJsapiPrepay({
      ...order(paid),
      payerOpenid: "o1",
    });
    fake.emulator.completePayment({ prepayId });
    expect(await failure(client().closeOrder(paid))).toMatchObject({
      code: "PAY_ORDER_PAID",
    });
    expect(
      await failure(client().queryByOutTradeNo("FYUNKNOWN0001")),
    ).toMatchObject({
      code: "PAY_ORDER_NOT_FOUND",
      providerCode: "ORDER_NOT_EXIST",
    });

    const twice = tradeNo();
    await client().createNativePrepay(order(twice, 100));
    expect(await client().createNativePrepay(order(twice, 100))).toMatch(
      /^https:/,
    );
    expect(
      await failure(client().createNativePrepay(order(twice, 200))),
    ).toMatchObject({ code: "PAY_REJECTED", providerCode: "INVALID_REQUEST" });
  });

  it("validates its own input before signing anything", async () => {
    const count = fake.requests.length;
    expect(
      (await failure(client().createNativePrepay(order(tradeNo(), 0)))).code,
    ).toBe("PAY_REJECTED");
    expect(
      (await failure(client().createNativePrepay(order(tradeNo(), 9.5)))).code,
    ).toBe("PAY_REJECTED");
    expect(
      (
        await failure(
          client().createNativePrepay({ ...order(tradeNo()), description: "" }),
        )
      ).code,
    ).toBe("PAY_REJECTED");
    expect(
      (
        await failure(
          client().createNativePrepay({ ...order("bad no!"), appId: MP_APP }),
        )
      ).code,
    ).toBe("PAY_REJECTED");
    expect(
      (
        await failure(
          client().createNativePrepay({
            ...order(tradeNo()),
            appId: "wxunknown",
          }),
        )
      ).code,
    ).toBe("PAY_MISCONFIGURED");
    expect(
      (
        await failure(
          client().createJsapiPrepay({ ...order(tradeNo()), payerOpenid: "" }),
        )
      ).code,
    ).toBe("PAY_REJECTED");
    expect(fake.requests.length).toBe(count);
  });

  it("refuses a 32-byte-less APIv3 key at construction", () => {
    expect(() => client({ apiV3Key: "too-short" })).toThrow(ProviderError);
  });
});

describe("WechatPayClient signature checks", () => {
  it("is refused (401 SIGN_ERROR) when it signs with a key the platform does not know", async () => {
    const stranger = generateKeyPairSync("rsa", {
      modulusLength: 2048,
    }).privateKey;
    const error = await failure(
      client({ merchantPrivateKey: stranger }).createNativePrepay(
        order(tradeNo()),
      ),
    );
    expect(error).toMatchObject({
      code: "PAY_MISCONFIGURED",
      providerCode: "SIGN_ERROR",
    });
    expect(fake.requests.at(-1)!.status).toBe(401);
    expect(
      await failure(
        client({ merchantSerialNo: "ABC" }).createNativePrepay(
          order(tradeNo()),
        ),
      ),
    ).toMatchObject({ providerCode: "SIGN_ERROR" });
  });

  it.each([
    ["a tampered body", { kind: "tamperBody" }, "PAY_BAD_SIGNATURE"],
    [
      "a signature over something else",
      { kind: "tamperSignature" },
      "PAY_BAD_SIGNATURE",
    ],
    ["no signature at all", { kind: "unsigned" }, "PAY_BAD_SIGNATURE"],
    [
      "an unknown platform serial",
      { kind: "unknownSerial" },
      "PAY_BAD_SIGNATURE",
    ],
    [
      "a signature ten minutes old",
      { kind: "staleTimestamp" },
      "PAY_STALE_TIMESTAMP",
    ],
  ] as const)("refuses a 2xx answer with %s", async (_name, mischief, code) => {
    fake.nextAnswer = mischief;
    expect(
      (
        await failure(
          client().createJsapiPrepay({
            ...order(tradeNo()),
            payerOpenid: "o1",
          }),
        )
      ).code,
    ).toBe(code);
  });

  it("refuses an unsigned 204 to a close", async () => {
    const open = tradeNo();
    await client().createNativePrepay(order(open));
    fake.nextAnswer = { kind: "unsigned" };
    expect((await failure(client().closeOrder(open))).code).toBe(
      "PAY_BAD_SIGNATURE",
    );
  });

  it("trusts a platform certificate PEM as well as a bare public key", async () => {
    const cert = selfSignedCertificate({
      keyPair: {
        privateKey: createPrivateKey(fake.keys.platform.privateKeyPem),
        publicKey: createPublicKey(fake.keys.platform.publicKeyPem),
      },
      commonName: "Tenpay.com Root CA",
    });
    const viaCert = client({
      platformPublicKeys: [
        { serialNo: fake.keys.platform.serialNo, publicKey: cert.certPem },
      ],
    });
    expect(await viaCert.createNativePrepay(order(tradeNo()))).toMatch(
      /^https:/,
    );
  });

  it("maps signed error answers to retry advice", async () => {
    fake.nextAnswer = {
      kind: "error",
      status: 500,
      code: "SYSTEM_ERROR",
      message: "系统异常，请稍后重试",
    };
    expect(
      await failure(client().queryByOutTradeNo("FY000000001")),
    ).toMatchObject({ code: "PAY_UNAVAILABLE", retryable: true });
    fake.nextAnswer = {
      kind: "error",
      status: 429,
      code: "FREQUENCY_LIMITED",
      message: "频率超限",
    };
    expect(
      await failure(client().queryByOutTradeNo("FY000000001")),
    ).toMatchObject({ code: "PAY_UNAVAILABLE", retryable: true });
    fake.nextAnswer = {
      kind: "error",
      status: 403,
      code: "NO_AUTH",
      message: "商户无权限",
    };
    expect(
      await failure(client().queryByOutTradeNo("FY000000001")),
    ).toMatchObject({ code: "PAY_MISCONFIGURED", retryable: false });
  });

  it("gives up through its AbortSignal when the service is slow", async () => {
    fake.delayMs = 1000;
    expect(
      await failure(
        client({ timeoutMs: 150 }).queryByOutTradeNo("FY000000001"),
      ),
    ).toMatchObject({ code: "PAY_TIMEOUT", retryable: true });
  });
});

describe("jsapiPayParams", () => {
  it("returns the WeixinJSBridge fields with a paySign the merchant public key verifies", () => {
    const now = 1_763_700_000_000;
    const params = client({ clock: () => now }).jsapiPayParams({
      appId: MP_APP,
      prepayId: "wx201410272009395522657a690389285100",
    });
    expect(params).toMatchObject({
      appId: MP_APP,
      timeStamp: "1763700000",
      nonceStr: expect.stringMatching(/^[A-Z0-9]{32}$/),
      packageVal: "prepay_id=wx201410272009395522657a690389285100",
      signType: "RSA",
    });
    const message = `${MP_APP}\n1763700000\n${params.nonceStr}\nprepay_id=wx201410272009395522657a690389285100\n`;
    expect(
      verify(
        "sha256",
        Buffer.from(message),
        createPublicKey(fake.keys.merchant.publicKeyPem),
        Buffer.from(params.paySign, "base64"),
      ),
    ).toBe(true);
  });

  it("refuses an app id that is not configured", () => {
    expect(() =>
      client().jsapiPayParams({ appId: "wxother", prepayId: "wx1" }),
    ).toThrow(ProviderError);
  });
});
