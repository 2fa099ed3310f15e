// Refund notifications: built by the emulator once a refund is final (platform-signed, AES-256-GCM
// encrypted), read by the real verifier into the same WechatPayRefund a query gives; tampered, stale,
// another merchant's, mislabelled, and payment notifications are refused, and the other way round.
import { createDecipheriv } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptResource } from "../../../../server/providers/wechatPay/wechatPayCrypto";
import type { EmulatedNotification } from "../../../../server/providers/wechatPay/WechatPayEmulator";
import { startFakeWechatPay } from "../../../support/fakes/fakeWechatPay";
import type { FakeWechatPay } from "../../../support/fakes/fakeWechatPay";
import {
  NOTIFY_URL,
  clientFor,
  expectReplayWindow,
  paidTrade,
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

const client = () => clientFor(fake);

/** A paid trade of 6600 fen, a refund of 2600 of it, completed as `status`, and its notification. */
async function refunded(
  status: "SUCCESS" | "ABNORMAL" | "CLOSED" = "SUCCESS",
): Promise<{
  outTradeNo: string;
  outRefundNo: string;
  notification: EmulatedNotification;
}> {
  const outTradeNo = `FYRN${Date.now()}${++seq}`;
  const outRefundNo = `RN${Date.now()}${seq}`;
  await paidTrade(fake, outTradeNo, 6600);
  await client().createRefund({
    outTradeNo,
    outRefundNo,
    notifyUrl: `${NOTIFY_URL}/refund`,
    refundFen: 2600,
    totalFen: 6600,
  });
  fake.emulator.completeRefund(outRefundNo, status);
  return {
    outTradeNo,
    outRefundNo,
    notification: fake.emulator.buildRefundNotification(outRefundNo),
  };
}

/** A platform-signed refund notification carrying any envelope fields and any resource. */
function forged(
  resource: unknown,
  envelope: Record<string, unknown> = {},
  associatedData = "refund",
): { headers: Record<string, string>; rawBody: string } {
  const nonce = "ABCDEFGHIJKL";
  const rawBody = JSON.stringify({
    id: "EV-forged",
    create_time: "2026-11-27T12:00:00+08:00",
    resource_type: "encrypt-resource",
    event_type: "REFUND.SUCCESS",
    summary: "退款成功",
    resource: {
      original_type: "refund",
      algorithm: "AEAD_AES_256_GCM",
      ciphertext: encryptResource(
        JSON.stringify(resource),
        fake.keys.apiV3Key,
        nonce,
        associatedData,
      ),
      associated_data: associatedData,
      nonce,
    },
    ...envelope,
  });
  return { headers: platformSigned(fake, rawBody), rawBody };
}

/** The decrypted resource of an emulated notification, by the docs' node:crypto recipe. */
function decrypted(notification: EmulatedNotification): {
  envelope: Record<string, unknown> & {
    resource: Record<string, string>;
  };
  plain: Record<string, unknown>;
} {
  const envelope = JSON.parse(notification.rawBody);
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
  return { envelope, plain };
}

describe("verifyAndDecryptRefundNotification", () => {
  it("reads a REFUND.SUCCESS notification into the refund a query returns", async () => {
    const { outTradeNo, outRefundNo, notification } = await refunded();
    expect(notification.notifyUrl).toBe(`${NOTIFY_URL}/refund`);
    const result = client().verifyAndDecryptRefundNotification({
      headers: Object.fromEntries(
        Object.entries(notification.headers).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      ),
      rawBody: Buffer.from(notification.rawBody),
    });
    expect(result).toMatchObject({
      eventType: "REFUND.SUCCESS",
      summary: "退款成功",
      id: expect.any(String),
      createTime: expect.stringMatching(/\+08:00$/),
    });
    const queried = await client().queryRefund(outRefundNo);
    expect(result.refund).toEqual({
      refundId: queried!.refundId,
      outRefundNo,
      outTradeNo,
      transactionId: queried!.transactionId,
      status: "SUCCESS",
      successTime: queried!.successTime,
      createTime: undefined,
      userReceivedAccount: "支付用户零钱",
      channel: undefined,
      amount: {
        total: 6600,
        refund: 2600,
        payerTotal: 6600,
        payerRefund: 2600,
        currency: "CNY",
      },
    });
    expect(result.refund.successTime).toMatch(/\+08:00$/);
  });

  it.each(["ABNORMAL", "CLOSED"] as const)(
    "reads REFUND.%s notifications",
    async (status) => {
      const { notification } = await refunded(status);
      const result = client().verifyAndDecryptRefundNotification({
        headers: new Headers(notification.headers),
        rawBody: notification.rawBody,
      });
      expect(result.eventType).toBe(`REFUND.${status}`);
      expect(result.refund.status).toBe(status);
      expect(result.refund.successTime).toBeUndefined();
    },
  );

  it("carries the documented envelope and a resource with refund_status, not status", async () => {
    const { outRefundNo, notification } = await refunded();
    const { envelope, plain } = decrypted(notification);
    expect(envelope).toMatchObject({
      resource_type: "encrypt-resource",
      event_type: "REFUND.SUCCESS",
      resource: {
        algorithm: "AEAD_AES_256_GCM",
        original_type: "refund",
        associated_data: "refund",
      },
    });
    expect(plain).toMatchObject({
      mchid: fake.mchId,
      out_refund_no: outRefundNo,
      refund_status: "SUCCESS",
      amount: {
        total: 6600,
        refund: 2600,
        payer_total: 6600,
        payer_refund: 2600,
      },
    });
    expect(plain).not.toHaveProperty("status");
  });

  it("is not built for a refund still PROCESSING, or for an unknown one", async () => {
    const outTradeNo = `FYRP${Date.now()}${++seq}`;
    await paidTrade(fake, outTradeNo, 100);
    const { outRefundNo } = await client().createRefund({
      outTradeNo,
      outRefundNo: `RP${Date.now()}${seq}`,
      notifyUrl: NOTIFY_URL,
      refundFen: 100,
      totalFen: 100,
    });
    expect(() => fake.emulator.buildRefundNotification(outRefundNo)).toThrow(
      /PROCESSING/,
    );
    expect(() => fake.emulator.buildRefundNotification("RFNONE")).toThrow(
      /no such emulated refund/,
    );
  });

  it("refuses a tampered body or signature and a notification signed by another key", async () => {
    const { notification } = await refunded();
    const verifyWith =
      (headers: Record<string, string>, rawBody: string) => () =>
        client().verifyAndDecryptRefundNotification({ headers, rawBody });
    expect(
      refusal(
        verifyWith(
          notification.headers,
          notification.rawBody.replace('"refund"', '"refund" '),
        ),
      ),
    ).toMatchObject({ code: "PAY_BAD_SIGNATURE" });
    expect(
      refusal(
        verifyWith(
          {
            ...notification.headers,
            "Wechatpay-Signature": platformSigned(fake, "another body")[
              "Wechatpay-Signature"
            ]!,
          },
          notification.rawBody,
        ),
      ),
    ).toMatchObject({ code: "PAY_BAD_SIGNATURE" });
    const { "Wechatpay-Signature": _signature, ...unsigned } =
      notification.headers;
    expect(refusal(verifyWith(unsigned, notification.rawBody))).toMatchObject({
      code: "PAY_BAD_SIGNATURE",
    });
  });

  it("refuses a notification replayed after the five-minute window", async () => {
    const { notification } = await refunded();
    expectReplayWindow(fake, notification, (atClient) =>
      atClient.verifyAndDecryptRefundNotification(notification),
    );
  });

  it("refuses a correctly signed notification whose ciphertext was altered", async () => {
    const { notification } = await refunded();
    const altered = withAlteredCiphertext(fake, notification);
    expect(
      refusal(() => client().verifyAndDecryptRefundNotification(altered)),
    ).toMatchObject({ code: "PAY_DECRYPT_FAILED" });
  });

  it("refuses another merchant's refund", async () => {
    const { notification } = await refunded();
    expect(
      refusal(() =>
        clientFor(fake, {
          mchId: "1900000000",
        }).verifyAndDecryptRefundNotification(notification),
      ),
    ).toMatchObject({ code: "PAY_MERCHANT_MISMATCH" });
  });

  it("refuses an event that does not name the refund's status, or an unknown REFUND event", async () => {
    const { notification } = await refunded("ABNORMAL");
    const { plain } = decrypted(notification);
    expect(
      refusal(() =>
        client().verifyAndDecryptRefundNotification(
          forged(plain, { event_type: "REFUND.SUCCESS" }),
        ),
      ),
    ).toMatchObject({ code: "PAY_BAD_RESPONSE" });
    expect(
      refusal(() =>
        client().verifyAndDecryptRefundNotification(
          forged(
            { ...plain, refund_status: "PROCESSING" },
            {
              event_type: "REFUND.PROCESSING",
            },
          ),
        ),
      ),
    ).toMatchObject({ code: "PAY_BAD_RESPONSE" });
    // The same resource under its own event is accepted: the refusals above are about the event.
    expect(
      client().verifyAndDecryptRefundNotification(
        forged(plain, { event_type: "REFUND.ABNORMAL" }),
      ).refund.status,
    ).toBe("ABNORMAL");
  });
});

describe("payment and refund notifications are not interchangeable", () => {
  it("the refund verifier refuses a payment notification, even one relabelled as a refund", async () => {
    const outTradeNo = `FYRX${Date.now()}${++seq}`;
    await paidTrade(fake, outTradeNo, 100);
    const payment = fake.emulator.buildNotification(outTradeNo, "SUCCESS");
    expect(
      refusal(() => client().verifyAndDecryptRefundNotification(payment)),
    ).toMatchObject({ code: "PAY_BAD_RESPONSE" });

    const transaction = fake.emulator.transaction(outTradeNo);
    expect(
      refusal(() =>
        client().verifyAndDecryptRefundNotification(
          forged(transaction, {}, "transaction"),
        ),
      ),
    ).toMatchObject({ code: "PAY_BAD_RESPONSE" });
  });

  it("the event type alone decides when WeChat leaves out original_type", async () => {
    const outTradeNo = `FYRY${Date.now()}${++seq}`;
    await paidTrade(fake, outTradeNo, 100);
    const withEvent = (eventType: string) => {
      const body = JSON.parse(
        forged(fake.emulator.transaction(outTradeNo), {}, "transaction")
          .rawBody,
      );
      body.event_type = eventType;
      delete body.resource.original_type;
      const rawBody = JSON.stringify(body);
      return { headers: platformSigned(fake, rawBody), rawBody };
    };
    expect(
      client().verifyAndDecryptNotification(withEvent("TRANSACTION.SUCCESS"))
        .transaction.outTradeNo,
    ).toBe(outTradeNo);
    expect(
      refusal(() =>
        client().verifyAndDecryptNotification(withEvent("REFUND.SUCCESS")),
      ),
    ).toMatchObject({ code: "PAY_BAD_RESPONSE" });
  });

  it("the payment verifier refuses a refund notification, even one relabelled as a transaction", async () => {
    const { notification } = await refunded();
    expect(
      refusal(() => client().verifyAndDecryptNotification(notification)),
    ).toMatchObject({ code: "PAY_BAD_RESPONSE" });

    // Keep the refund's resource but call it a transaction.
    const { plain } = decrypted(notification);
    const body = JSON.parse(forged(plain).rawBody);
    body.event_type = "TRANSACTION.SUCCESS";
    body.resource.original_type = "transaction";
    const rawBody = JSON.stringify(body);
    expect(
      refusal(() =>
        client().verifyAndDecryptNotification({
          headers: platformSigned(fake, rawBody),
          rawBody,
        }),
      ),
    ).toMatchObject({ code: "PAY_BAD_RESPONSE" });
  });
});
