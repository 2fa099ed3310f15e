// TencentSmsSender against the loopback SendSms fake: signed requests accepted, every failure mode
// (signature, clock skew, error answers, per-number rejection, timeouts, dead endpoint) typed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../../../server/providers/errors";
import { TencentSmsSender } from "../../../../server/providers/sms/TencentSmsSender";
import type { TencentSmsOptions } from "../../../../server/providers/sms/TencentSmsSender";
import { startFakeTencentSms } from "../../../support/fakes/fakeTencentSms";
import type { FakeTencentSms } from "../../../support/fakes/fakeTencentSms";
import {
  sendJson,
  startLoopbackServer,
} from "../../../support/fakes/loopbackServer";
import { recordingLogger } from "../../../support/fakes/recordingLogger";

const SECRET_KEY = "tencentSecretKeyForTests0123456789";
let fake: FakeTencentSms;

beforeAll(async () => {
  fake = await startFakeTencentSms({
    secretId: "AKIDfuyuanTest",
    secretKey: SECRET_KEY,
    sdkAppId: "1400006666",
    signNames: ["福缘"],
    templateIds: ["1110", "2220"],
  });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.delayMs = 0;
});

function sender(overrides: Partial<TencentSmsOptions> = {}): TencentSmsSender {
  return new TencentSmsSender({
    secretId: "AKIDfuyuanTest",
    secretKey: SECRET_KEY,
    sdkAppId: "1400006666",
    signName: "福缘",
    templateId: "1110",
    region: "ap-guangzhou",
    endpoint: fake.url,
    timeoutMs: 2000,
    ...overrides,
  });
}

const message = {
  phone: "138 0013 8000",
  areaCode: "+86",
  code: "482913",
  ttlMinutes: 5,
  locale: "cn",
} as const;

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("TencentSmsSender", () => {
  it("sends a signed SendSms that the gateway accepts, with [code, minutes] as template parameters", async () => {
    const logger = recordingLogger();
    const before = fake.delivered.length;
    await sender({ logger }).sendLoginCode(message);
    expect(fake.delivered.slice(before)).toEqual([
      {
        phoneNumber: "+8613800138000",
        templateId: "1110",
        signName: "福缘",
        params: ["482913", "5"],
      },
    ]);
    const request = fake.requests.at(-1)!;
    expect(request.rejectedWith).toBeUndefined();
    expect(request.headers["x-tc-action"]).toBe("SendSms");
    expect(request.headers["x-tc-version"]).toBe("2021-01-11");
    expect(request.headers["x-tc-region"]).toBe("ap-guangzhou");
    expect(request.headers.authorization).toMatch(
      /SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(request.body)).toMatchObject({
      SmsSdkAppId: "1400006666",
      PhoneNumberSet: ["+8613800138000"],
    });
    expect(logger.lines.at(-1)?.obj.serialNo).toMatch(/^2645:/);
  });

  it("uses the per-locale template when one is configured", async () => {
    await sender({ templateIdByLocale: { en: "2220" } }).sendLoginCode({
      ...message,
      areaCode: "852",
      phone: "61234567",
      locale: "en",
    });
    expect(fake.delivered.at(-1)).toMatchObject({
      phoneNumber: "+85261234567",
      templateId: "2220",
    });
  });

  it("is refused with a wrong secret key (AuthFailure.SignatureFailure) and never echoes the secret", async () => {
    const error = await failure(
      sender({ secretKey: "wrong-secret" }).sendLoginCode(message),
    );
    expect(error).toMatchObject({
      code: "SMS_MISCONFIGURED",
      retryable: false,
      providerCode: "AuthFailure.SignatureFailure",
    });
    expect(error.message).not.toContain("wrong-secret");
    expect(JSON.stringify(error)).not.toContain("wrong-secret");
  });

  it("is refused when its clock is more than five minutes off (AuthFailure.SignatureExpire)", async () => {
    const skewed = () => Date.now() - 6 * 60_000;
    const error = await failure(
      sender({ clock: skewed }).sendLoginCode(message),
    );
    expect(error).toMatchObject({
      code: "SMS_MISCONFIGURED",
      providerCode: "AuthFailure.SignatureExpire",
    });
  });

  it("maps Response.Error codes to typed errors with retry advice", async () => {
    fake.failNextWith("LimitExceeded.PhoneNumberDailyLimit", "daily limit");
    expect(await failure(sender().sendLoginCode(message))).toMatchObject({
      code: "SMS_RATE_LIMITED",
      retryable: false,
    });
    fake.failNextWith("InternalError.Timeout", "timeout");
    expect(await failure(sender().sendLoginCode(message))).toMatchObject({
      code: "SMS_UNAVAILABLE",
      retryable: true,
    });
    fake.failNextWith("RequestLimitExceeded", "too many requests");
    expect(await failure(sender().sendLoginCode(message))).toMatchObject({
      code: "SMS_RATE_LIMITED",
      retryable: true,
    });
  });

  it("reports an unapproved template as misconfiguration", async () => {
    const error = await failure(
      sender({ templateId: "9999" }).sendLoginCode(message),
    );
    expect(error).toMatchObject({
      code: "SMS_MISCONFIGURED",
      providerCode: "FailedOperation.TemplateIncorrectOrUnapproved",
    });
  });

  it("turns a SendStatusSet entry whose Code is not Ok into SMS_REJECTED", async () => {
    fake.rejectNextNumberWith(
      "FailedOperation.PhoneNumberInBlacklist",
      "blacklisted",
    );
    const error = await failure(sender().sendLoginCode(message));
    expect(error).toMatchObject({
      code: "SMS_REJECTED",
      providerCode: "FailedOperation.PhoneNumberInBlacklist",
    });
  });

  it("rejects a number that cannot be E.164 before calling the gateway", async () => {
    const count = fake.requests.length;
    const error = await failure(
      sender().sendLoginCode({ ...message, phone: "12ab" }),
    );
    expect(error.code).toBe("SMS_INVALID_NUMBER");
    expect(fake.requests.length).toBe(count);
  });

  it("times out through its AbortSignal when the gateway does not answer", async () => {
    fake.delayMs = 1000;
    const started = Date.now();
    const error = await failure(
      sender({ timeoutMs: 150 }).sendLoginCode(message),
    );
    expect(error).toMatchObject({ code: "SMS_TIMEOUT", retryable: true });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("reports a dead endpoint, a non-200 answer and a non-JSON answer", async () => {
    const dead = await startLoopbackServer(() => undefined);
    await dead.close();
    expect(
      await failure(sender({ endpoint: dead.url }).sendLoginCode(message)),
    ).toMatchObject({
      code: "SMS_UNAVAILABLE",
      retryable: true,
    });

    const gateway = await startLoopbackServer((req, res) => {
      if (req.headers["x-tc-region"] === "bad-gateway") {
        res
          .writeHead(502, { "Content-Type": "text/html" })
          .end("<html>502</html>");
      } else {
        sendJson(res, 200, { Response: { Unexpected: true } });
      }
    });
    try {
      expect(
        await failure(
          sender({
            endpoint: gateway.url,
            region: "bad-gateway",
          }).sendLoginCode(message),
        ),
      ).toMatchObject({
        code: "SMS_UNAVAILABLE",
        retryable: true,
      });
      expect(
        await failure(sender({ endpoint: gateway.url }).sendLoginCode(message)),
      ).toMatchObject({
        code: "SMS_BAD_RESPONSE",
      });
    } finally {
      await gateway.close();
    }
  });
});
