// Shared by the WeChat Pay provider tests: a real WechatPayClient pointed at a loopback fake, paid
// trades to refund, helpers that catch the ProviderError a call or a check must throw, and the
// checks every kind of notification must pass (timestamp window, authenticated ciphertext).
import { expect } from "vitest";
import { ProviderError } from "../../../../server/providers/errors";
import { rsaSign } from "../../../../server/providers/wechatPay/wechatPayCrypto";
import { WechatPayClient } from "../../../../server/providers/wechatPay/WechatPayClient";
import type { WechatPayClientOptions } from "../../../../server/providers/wechatPay/WechatPayClient";
import type { FakeWechatPay } from "../../../support/fakes/fakeWechatPay";

export const NOTIFY_URL = "https://fuyuan.example/api/pay/v1/wechat/notify";

export function clientFor(
  fake: FakeWechatPay,
  overrides: Partial<WechatPayClientOptions> = {},
): WechatPayClient {
  return new WechatPayClient({
    mchId: fake.mchId,
    merchantSerialNo: fake.keys.merchant.serialNo,
    merchantPrivateKey: fake.keys.merchant.privateKeyPem,
    apiV3Key: fake.keys.apiV3Key,
    platformPublicKeys: [
      {
        serialNo: fake.keys.platform.serialNo,
        publicKey: fake.keys.platform.publicKeyPem,
      },
    ],
    appIds: fake.appIds,
    notifyUrl: NOTIFY_URL,
    baseUrl: fake.url,
    timeoutMs: 3000,
    ...overrides,
  });
}

/** A JSAPI trade the payer has paid; returns WeChat's transaction id. */
export async function paidTrade(
  fake: FakeWechatPay,
  outTradeNo: string,
  amountFen: number,
): Promise<string> {
  const prepayId = await clientFor(fake).createJsapiPrepay({
    outTradeNo,
    description: "供灯",
    amountFen,
    appId: fake.appIds[0]!,
    payerOpenid: "oPayerRefund",
  });
  return fake.emulator.completePayment({ prepayId }).transaction_id!;
}

export async function failure(
  promise: Promise<unknown>,
): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

export function refusal(run: () => unknown): ProviderError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

/** Headers that sign `rawBody` with the fake's platform key, as WeChat signs notifications. */
export function platformSigned(
  fake: FakeWechatPay,
  rawBody: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const timestamp = String(timestampSeconds);
  return {
    "Wechatpay-Timestamp": timestamp,
    "Wechatpay-Nonce": "N0NCE",
    "Wechatpay-Serial": fake.keys.platform.serialNo,
    "Wechatpay-Signature": rsaSign(
      `${timestamp}\nN0NCE\n${rawBody}\n`,
      fake.keys.platform.privateKeyPem,
    ),
  };
}

/** Verifies 299 s after it was signed; refused 301 s after, and 301 s before. */
export function expectReplayWindow(
  fake: FakeWechatPay,
  notification: { headers: Record<string, string> },
  verifyAt: (client: WechatPayClient) => unknown,
): void {
  const sent = Number(notification.headers["Wechatpay-Timestamp"]) * 1000;
  const at = (ms: number) => () =>
    verifyAt(clientFor(fake, { clock: () => ms }));
  expect(at(sent + 299_000)).not.toThrow();
  expect(refusal(at(sent + 301_000)).code).toBe("PAY_STALE_TIMESTAMP");
  expect(refusal(at(sent - 301_000)).code).toBe("PAY_STALE_TIMESTAMP");
}

/** The notification with one ciphertext byte flipped, signed again with the platform key. */
export function withAlteredCiphertext(
  fake: FakeWechatPay,
  notification: { rawBody: string },
): { headers: Record<string, string>; rawBody: string } {
  const envelope = JSON.parse(notification.rawBody);
  const bytes = Buffer.from(envelope.resource.ciphertext, "base64");
  bytes[0] = bytes[0]! ^ 0xff;
  envelope.resource.ciphertext = bytes.toString("base64");
  const rawBody = JSON.stringify(envelope);
  return { headers: platformSigned(fake, rawBody), rawBody };
}
