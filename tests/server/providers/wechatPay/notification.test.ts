// Payment notifications: built by the emulator (platform-signed, AES-256-GCM encrypted), checked by
// the real verifier; tampered, replayed, mis-keyed or mis-addressed ones are refused, and the order
// check catches a wrong amount, merchant, app or order.
import { createDecipheriv } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertTransactionMatchesOrder } from "../../../../server/providers/wechatPay/orderMatch";
import { rsaSign } from "../../../../server/providers/wechatPay/wechatPayCrypto";
import type { WechatPayClientOptions } from "../../../../server/providers/wechatPay/WechatPayClient";
import type { EmulatedNotification } from "../../../../server/providers/wechatPay/WechatPayEmulator";
import { startFakeWechatPay } from "../../../support/fakes/fakeWechatPay";
import type { FakeWechatPay } from "../../../support/fakes/fakeWechatPay";
import {
  clientFor,
  expectReplayWindow,
  platformSigned,
  refusal,
  withAlteredCiphertext,
} from "./wechatPayFixtures";

const MP_APP = "wxd678efh567hg6787";
let fake: FakeWechatPay;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeWechatPay({ appIds: [MP_APP] });
});
afterAll(() => fake.close());

const client = (overrides: Partial<WechatPayClientOptions> = {}) =>
  clientFor(fake, overrides);

async function paidNotification(
  amountFen = 6600,
): Promise<{ outTradeNo: string; notification: EmulatedNotification }> {
  const outTradeNo = `FYN${Date.now()}${++seq}`;
  await client().createJsapiPrepay({
    outTradeNo,
    description: "供灯",
    amountFen,
    appId: MP_APP,
    payerOpenid: "oPayerN",
  });
  return {
    outTradeNo,
    notification: fake.emulator.buildNotification(outTradeNo, "SUCCESS"),
  };
}

/** Node/Fastify style: lower-case names. */
function incoming(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]),
  );
}

describe("verifyAndDecryptNotification", () => {
  it("verifies and decrypts a SUCCESS notification into the typed transaction", async () => {
    const { outTradeNo, notification } = await paidNotification();
    expect(notification.notifyUrl).toBe(
      "https://fuyuan.example/api/pay/v1/wechat/notify",
    );
    const result = client().verifyAndDecryptNotification({
      headers: incoming(notification.headers),
      rawBody: Buffer.from(notification.rawBody),
    });
    expect(result).toMatchObject({
      eventType: "TRANSACTION.SUCCESS",
      summary: "支付成功",
    });
    expect(result.transaction).toMatchObject({
      appId: MP_APP,
      mchId: fake.mchId,
      outTradeNo,
      tradeState: "SUCCESS",
      payerOpenid: "oPayerN",
      amount: { total: 6600, payerTotal: 6600, currency: "CNY" },
    });
    expect(result.transaction.transactionId).toMatch(/^4200\d{24}$/);
    expect(() => {
      client().assertMatchesOrder(result.transaction, {
        outTradeNo,
        amountFen: 6600,
      });
    }).not.toThrow();
  });

  it("accepts fetch Headers too, and reads CLOSED notifications", async () => {
    const outTradeNo = `FYC${Date.now()}${++seq}`;
    await client().createNativePrepay({
      outTradeNo,
      description: "供灯",
      amountFen: 100,
      appId: MP_APP,
    });
    const notification = fake.emulator.buildNotification(outTradeNo, "CLOSED");
    const result = client().verifyAndDecryptNotification({
      headers: new Headers(notification.headers),
      rawBody: notification.rawBody,
    });
    expect(result.eventType).toBe("TRANSACTION.CLOSED");
    expect(result.transaction).toMatchObject({
      outTradeNo,
      tradeState: "CLOSED",
    });
    expect(result.transaction.transactionId).toBeUndefined();
  });

  it("carries a resource that the docs' node:crypto recipe decrypts with the APIv3 key", async () => {
    const { outTradeNo, notification } = await paidNotification();
    const envelope = JSON.parse(notification.rawBody);
    expect(envelope).toMatchObject({
      resource_type: "encrypt-resource",
      resource: {
        algorithm: "AEAD_AES_256_GCM",
        original_type: "transaction",
        associated_data: "transaction",
      },
    });
    expect(envelope.resource.nonce).toHaveLength(12);
    const data = Buffer.from(envelope.resource.ciphertext, "base64");
    const decipher = createDecipheriv(
      "aes-256-gcm",
      Buffer.from(fake.keys.apiV3Key),
      Buffer.from(envelope.resource.nonce),
    );
    decipher.setAAD(Buffer.from(envelope.resource.associated_data));
    decipher.setAuthTag(data.subarray(-16));
    const plain = JSON.parse(
      Buffer.concat([
        decipher.update(data.subarray(0, -16)),
        decipher.final(),
      ]).toString(),
    );
    expect(plain).toMatchObject({
      out_trade_no: outTradeNo,
      trade_state: "SUCCESS",
      amount: { total: 6600 },
    });
  });

  it("refuses a tampered body, a tampered or probe signature, missing headers and an unknown serial", async () => {
    const { notification } = await paidNotification();
    const headers = incoming(notification.headers);
    const verifyWith =
      (h: Record<string, string>, body = notification.rawBody) =>
      () =>
        client().verifyAndDecryptNotification({ headers: h, rawBody: body });

    expect(
      refusal(
        verifyWith(
          headers,
          notification.rawBody.replace(
            "TRANSACTION.SUCCESS",
            "TRANSACTION.SUCCESS ",
          ),
        ),
      ),
    ).toMatchObject({ code: "PAY_BAD_SIGNATURE" });
    expect(
      refusal(
        verifyWith({
          ...headers,
          "wechatpay-signature": rsaSign("x", fake.keys.merchant.privateKeyPem),
        }),
      ),
    ).toMatchObject({ code: "PAY_BAD_SIGNATURE" });
    expect(
      refusal(
        verifyWith({
          ...headers,
          "wechatpay-signature": "WECHATPAY/SIGNTEST/AbCd==",
        }),
      ),
    ).toMatchObject({ code: "PAY_BAD_SIGNATURE" });
    const { "wechatpay-nonce": _nonce, ...withoutNonce } = headers;
    expect(refusal(verifyWith(withoutNonce))).toMatchObject({
      code: "PAY_BAD_SIGNATURE",
    });
    expect(
      refusal(
        verifyWith({
          ...headers,
          "wechatpay-serial": "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
        }),
      ),
    ).toMatchObject({ code: "PAY_BAD_SIGNATURE" });
  });

  it("refuses a notification replayed after the five-minute window, or dated in the future", async () => {
    const { notification } = await paidNotification();
    expectReplayWindow(fake, notification, (atClient) =>
      atClient.verifyAndDecryptNotification(notification),
    );
  });

  it("refuses a correctly signed notification whose ciphertext was altered, or read with another APIv3 key", async () => {
    const { notification } = await paidNotification();
    const altered = withAlteredCiphertext(fake, notification);
    expect(
      refusal(() => client().verifyAndDecryptNotification(altered)),
    ).toMatchObject({ code: "PAY_DECRYPT_FAILED" });
    expect(
      refusal(() =>
        client({
          apiV3Key: "ZYXWVUTSRQPONMLKJIHGFEDCBA987654",
        }).verifyAndDecryptNotification({
          headers: notification.headers,
          rawBody: notification.rawBody,
        }),
      ),
    ).toMatchObject({ code: "PAY_DECRYPT_FAILED" });
  });

  it("refuses a signed envelope that is not a transaction notification", () => {
    const rawBody = JSON.stringify({
      id: "1",
      create_time: "x",
      event_type: "REFUND.SUCCESS",
      resource_type: "encrypt-resource",
      resource: {
        original_type: "refund",
        algorithm: "AEAD_AES_256_GCM",
        ciphertext: "AAAA",
        nonce: "n",
        associated_data: "refund",
      },
    });
    const headers = platformSigned(fake, rawBody);
    expect(
      refusal(() =>
        client().verifyAndDecryptNotification({ headers, rawBody }),
      ),
    ).toMatchObject({ code: "PAY_BAD_RESPONSE" });
  });
});

describe("assertTransactionMatchesOrder", () => {
  it("catches a wrong amount, currency, merchant, app or order", async () => {
    const { outTradeNo, notification } = await paidNotification(6600);
    const tx = client().verifyAndDecryptNotification({
      headers: notification.headers,
      rawBody: notification.rawBody,
    }).transaction;
    const expected = {
      mchId: fake.mchId,
      appIds: [MP_APP],
      outTradeNo,
      amountFen: 6600,
    };
    expect(() => {
      assertTransactionMatchesOrder(tx, expected);
    }).not.toThrow();
    expect(
      refusal(() => {
        client().assertMatchesOrder(tx, { outTradeNo, amountFen: 6601 });
      }),
    ).toMatchObject({ code: "PAY_AMOUNT_MISMATCH" });
    expect(
      refusal(() => {
        assertTransactionMatchesOrder(
          { ...tx, amount: { ...tx.amount, currency: "USD" } },
          expected,
        );
      }),
    ).toMatchObject({ code: "PAY_AMOUNT_MISMATCH" });
    expect(
      refusal(() => {
        assertTransactionMatchesOrder(tx, { ...expected, mchId: "1900000000" });
      }),
    ).toMatchObject({ code: "PAY_MERCHANT_MISMATCH" });
    expect(
      refusal(() => {
        assertTransactionMatchesOrder(tx, { ...expected, appIds: ["wxother"] });
      }),
    ).toMatchObject({ code: "PAY_MERCHANT_MISMATCH" });
    expect(
      refusal(() => {
        assertTransactionMatchesOrder(tx, {
          ...expected,
          outTradeNo: "FYOTHER0001",
        });
      }),
    ).toMatchObject({ code: "PAY_ORDER_MISMATCH" });
  });
});
