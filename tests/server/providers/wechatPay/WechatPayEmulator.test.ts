// The development wiring: the real WechatPayClient over the in-process WechatPayEmulator transport.
// A full JSAPI and Native round trip runs the production signing, verification and decryption.
import { beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../../../server/providers/errors";
import { createEmulatedWechatPay } from "../../../../server/providers/wechatPay/createEmulatedWechatPay";
import type { EmulatedWechatPay } from "../../../../server/providers/wechatPay/createEmulatedWechatPay";
import { generateEmulatorKeys } from "../../../../server/providers/wechatPay/emulatorKeys";
import { WechatPayClient } from "../../../../server/providers/wechatPay/WechatPayClient";

const MP_APP = "wxemulatedmp000001";
const WEB_APP = "wxemulatedweb00002";
let dev: EmulatedWechatPay;

beforeAll(() => {
  dev = createEmulatedWechatPay({
    appIds: [MP_APP, WEB_APP],
    publicUrl: "http://localhost:8080",
    notifyUrl: "http://localhost:8080/api/pay/v1/wechat/notify",
  });
});

describe("generateEmulatorKeys", () => {
  it("makes two distinct 2048-bit RSA pairs, 40-hex serials and a 32-byte APIv3 key", () => {
    const keys = dev.keys;
    expect(keys.merchant.serialNo).toMatch(/^[0-9A-F]{40}$/);
    expect(keys.platform.serialNo).not.toBe(keys.merchant.serialNo);
    expect(keys.merchant.privateKeyPem).toContain("BEGIN PRIVATE KEY");
    expect(keys.platform.publicKeyPem).toContain("BEGIN PUBLIC KEY");
    expect(keys.platform.publicKeyPem).not.toBe(keys.merchant.publicKeyPem);
    expect(Buffer.byteLength(keys.apiV3Key)).toBe(32);
  });
});

describe("emulated WeChat Pay round trip", () => {
  it("JSAPI: prepay → pay params → the developer pays → notification verifies with the real verifier", async () => {
    const outTradeNo = "FYDEV000000001";
    const prepayId = await dev.client.createJsapiPrepay({
      outTradeNo,
      description: "开光手串",
      amountFen: 19900,
      appId: MP_APP,
      payerOpenid: "oMp_DemoUser1",
    });
    const params = dev.client.jsapiPayParams({ appId: MP_APP, prepayId });
    expect(params.packageVal).toBe(`prepay_id=${prepayId}`);

    dev.emulator.completePayment({ prepayId });
    const notification = dev.emulator.buildNotification(outTradeNo, "SUCCESS");
    expect(notification.notifyUrl).toBe(
      "http://localhost:8080/api/pay/v1/wechat/notify",
    );
    const verified = dev.client.verifyAndDecryptNotification({
      headers: notification.headers,
      rawBody: notification.rawBody,
    });
    expect(verified.transaction).toMatchObject({
      outTradeNo,
      tradeState: "SUCCESS",
      payerOpenid: "oMp_DemoUser1",
      amount: { total: 19900 },
    });
    dev.client.assertMatchesOrder(verified.transaction, {
      outTradeNo,
      amountFen: 19900,
    });
    expect((await dev.client.queryByOutTradeNo(outTradeNo)).transactionId).toBe(
      verified.transaction.transactionId,
    );
  });

  it("Native: code_url points at the dev cashier, which can find and pay the order", async () => {
    const outTradeNo = "FYDEV000000002";
    const codeUrl = new URL(
      await dev.client.createNativePrepay({
        outTradeNo,
        description: "香火",
        amountFen: 500,
        appId: WEB_APP,
      }),
    );
    expect(`${codeUrl.origin}${codeUrl.pathname}`).toBe(
      "http://localhost:8080/dev/pay/cashier",
    );
    const prepayId = codeUrl.searchParams.get("prepay_id")!;
    expect(dev.emulator.orderForPrepayId(prepayId)).toMatchObject({
      out_trade_no: outTradeNo,
      trade_state: "NOTPAY",
      amount: { total: 500 },
    });
    const paid = dev.emulator.completePayment({ prepayId }, "oWeb_DemoUser2");
    expect(paid).toMatchObject({
      trade_state: "SUCCESS",
      trade_type: "NATIVE",
      payer: { openid: "oWeb_DemoUser2" },
    });
    const notification = dev.emulator.buildNotification(outTradeNo, "SUCCESS");
    expect(
      dev.client.verifyAndDecryptNotification(notification).transaction
        .transactionId,
    ).toBe(paid.transaction_id);
  });

  it("closes unpaid orders and will not pay or close them the wrong way round", async () => {
    await dev.client.createNativePrepay({
      outTradeNo: "FYDEV000000003",
      description: "香火",
      amountFen: 500,
      appId: WEB_APP,
    });
    const closed = dev.emulator.buildNotification("FYDEV000000003", "CLOSED");
    expect(
      dev.client.verifyAndDecryptNotification(closed).transaction.tradeState,
    ).toBe("CLOSED");
    expect(() =>
      dev.emulator.completePayment({ outTradeNo: "FYDEV000000003" }),
    ).toThrow(ProviderError);
    expect(() =>
      dev.emulator.buildNotification("FYDEV000000001", "CLOSED"),
    ).toThrow(ProviderError);
    expect(() =>
      dev.emulator.buildNotification("FYDEV-NOPE-0001", "SUCCESS"),
    ).toThrow(ProviderError);
  });

  it("Refund: the developer completes a refund and its notification verifies with the real verifier", async () => {
    const outTradeNo = "FYDEV000000004";
    await dev.client.createNativePrepay({
      outTradeNo,
      description: "香火",
      amountFen: 800,
      appId: WEB_APP,
    });
    dev.emulator.completePayment({ outTradeNo });
    const refund = await dev.client.createRefund({
      outTradeNo,
      outRefundNo: "RFDEV000000004",
      reason: "用户申请退款",
      notifyUrl: "http://localhost:8080/api/pay/v1/wechat/refund-notify",
      refundFen: 800,
      totalFen: 800,
    });
    expect(refund.status).toBe("PROCESSING");
    expect(dev.emulator.refund("RFDEV000000004")).toMatchObject({
      refund_id: refund.refundId,
      status: "PROCESSING",
    });

    dev.emulator.completeRefund("RFDEV000000004");
    const notification = dev.emulator.buildRefundNotification("RFDEV000000004");
    expect(notification.notifyUrl).toBe(
      "http://localhost:8080/api/pay/v1/wechat/refund-notify",
    );
    const verified =
      dev.client.verifyAndDecryptRefundNotification(notification);
    expect(verified).toMatchObject({
      eventType: "REFUND.SUCCESS",
      refund: { refundId: refund.refundId, status: "SUCCESS" },
    });
    expect((await dev.client.queryByOutTradeNo(outTradeNo)).tradeState).toBe(
      "REFUND",
    );
  });

  it("refuses a client holding other keys, and its answers are refused by a client trusting other keys", async () => {
    const other = generateEmulatorKeys();
    const base = {
      mchId: dev.emulator.mchId,
      apiV3Key: dev.keys.apiV3Key,
      appIds: [MP_APP],
      notifyUrl: "http://localhost:8080/api/pay/v1/wechat/notify",
      fetch: dev.emulator.fetch,
    };
    const wrongMerchantKey = new WechatPayClient({
      ...base,
      merchantSerialNo: dev.keys.merchant.serialNo,
      merchantPrivateKey: other.merchant.privateKeyPem,
      platformPublicKeys: [
        {
          serialNo: dev.keys.platform.serialNo,
          publicKey: dev.keys.platform.publicKeyPem,
        },
      ],
    });
    await expect(
      wrongMerchantKey.queryByOutTradeNo("FYDEV000000001"),
    ).rejects.toMatchObject({
      code: "PAY_MISCONFIGURED",
      providerCode: "SIGN_ERROR",
    });

    const wrongPlatformKey = new WechatPayClient({
      ...base,
      merchantSerialNo: dev.keys.merchant.serialNo,
      merchantPrivateKey: dev.keys.merchant.privateKeyPem,
      platformPublicKeys: [
        {
          serialNo: dev.keys.platform.serialNo,
          publicKey: other.platform.publicKeyPem,
        },
      ],
    });
    await expect(
      wrongPlatformKey.queryByOutTradeNo("FYDEV000000001"),
    ).rejects.toMatchObject({ code: "PAY_BAD_SIGNATURE" });
  });
});
