// Real SMS: Tencent Cloud SMS API 3.0 `SendSms` (version 2021-01-11), signed with TC3-HMAC-SHA256.
// HTTP 200 carries both outcomes: `Response.Error` or one `SendStatusSet` entry per number.
import { z } from "zod";
import { ProviderError, PROVIDERS } from "../errors";
import type { LoginCodeLocale } from "../loginCodeMessages";
import { DEFAULT_TIMEOUT_MS, requestText } from "../lib/http";
import type { FetchLike } from "../lib/http";
import { silentLogger, systemClock, unixSeconds } from "../lib/runtime";
import type { Clock, ProviderLogger } from "../lib/runtime";
import { signTc3 } from "./tc3Signer";
import { toE164 } from "./SmsSender";
import type { SmsLoginCode, SmsSender } from "./SmsSender";
import { tencentSmsError } from "./tencentSmsErrors";

export const TENCENT_SMS_VERSION = "2021-01-11";
export const TENCENT_SMS_ENDPOINT = "https://sms.tencentcloudapi.com";
const CONTENT_TYPE = "application/json; charset=utf-8";

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId from the SMS console, e.g. "1400006666". */
  sdkAppId: string;
  /** Approved signature text; required for mainland numbers. */
  signName?: string;
  /** Approved template with two parameters: {1} the code, {2} the minutes. */
  templateId: string;
  /** Per-locale templates (e.g. an international template for "en"); falls back to templateId. */
  templateIdByLocale?: Partial<Record<LoginCodeLocale, string>>;
  /** X-TC-Region, e.g. "ap-guangzhou" (required since 2021-01-11). */
  region: string;
  /** Defaults to https://sms.tencentcloudapi.com; tests point it at a loopback fake. */
  endpoint?: string;
  fetch?: FetchLike;
  clock?: Clock;
  timeoutMs?: number;
  logger?: ProviderLogger;
}

const sendStatusSchema = z.object({
  SerialNo: z.string().optional(),
  PhoneNumber: z.string(),
  Fee: z.number().optional(),
  Code: z.string(),
  Message: z.string(),
});

const responseSchema = z.object({
  Response: z.object({
    Error: z.object({ Code: z.string(), Message: z.string() }).optional(),
    SendStatusSet: z.array(sendStatusSchema).optional(),
    RequestId: z.string().optional(),
  }),
});

export class TencentSmsSender implements SmsSender {
  readonly #options: TencentSmsOptions;
  readonly #endpoint: URL;
  readonly #fetch: FetchLike;
  readonly #clock: Clock;
  readonly #logger: ProviderLogger;

  constructor(options: TencentSmsOptions) {
    this.#options = options;
    this.#endpoint = new URL(options.endpoint ?? TENCENT_SMS_ENDPOINT);
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? silentLogger;
  }

  async sendLoginCode(message: SmsLoginCode): Promise<void> {
    const phoneNumber = toE164(
      message.areaCode,
      message.phone,
      PROVIDERS.tencentSms,
    );
    const signName = this.#options.signName;
    const payload = JSON.stringify({
      PhoneNumberSet: [phoneNumber],
      SmsSdkAppId: this.#options.sdkAppId,
      TemplateId:
        this.#options.templateIdByLocale?.[message.locale] ??
        this.#options.templateId,
      ...(signName === undefined ? {} : { SignName: signName }),
      TemplateParamSet: [message.code, String(message.ttlMinutes)],
    });
    const timestamp = unixSeconds(this.#clock);
    const { authorization } = signTc3({
      secretId: this.#options.secretId,
      secretKey: this.#options.secretKey,
      service: "sms",
      method: "POST",
      headers: {
        "content-type": CONTENT_TYPE,
        host: this.#endpoint.host,
        "x-tc-action": "SendSms",
      },
      payload,
      timestamp,
    });

    const response = await requestText(
      this.#fetch,
      this.#endpoint,
      {
        method: "POST",
        headers: {
          Authorization: authorization,
          "Content-Type": CONTENT_TYPE,
          "X-TC-Action": "SendSms",
          "X-TC-Version": TENCENT_SMS_VERSION,
          "X-TC-Timestamp": String(timestamp),
          "X-TC-Region": this.#options.region,
        },
        body: payload,
      },
      this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      {
        provider: PROVIDERS.tencentSms,
        timeout: "SMS_TIMEOUT",
        unavailable: "SMS_UNAVAILABLE",
      },
    );
    if (response.status !== 200) {
      throw new ProviderError("SMS_UNAVAILABLE", PROVIDERS.tencentSms, {
        message: `HTTP ${response.status}`,
        retryable: response.status >= 500 || response.status === 429,
      });
    }

    const parsed = responseSchema.safeParse(safeJson(response.text));
    if (!parsed.success) {
      throw new ProviderError("SMS_BAD_RESPONSE", PROVIDERS.tencentSms, {
        message: "the answer is not a SendSms response",
        cause: parsed.error,
      });
    }
    const {
      Error: error,
      SendStatusSet: statuses,
      RequestId: requestId,
    } = parsed.data.Response;
    if (error !== undefined) throw tencentSmsError(error.Code, error.Message);
    const status =
      statuses?.find((s) => s.PhoneNumber === phoneNumber) ?? statuses?.[0];
    if (status === undefined) {
      throw new ProviderError("SMS_BAD_RESPONSE", PROVIDERS.tencentSms, {
        message: "SendStatusSet is empty",
      });
    }
    if (status.Code !== "Ok")
      throw tencentSmsError(status.Code, status.Message);
    this.#logger.info(
      { provider: PROVIDERS.tencentSms, requestId, serialNo: status.SerialNo },
      "login code SMS accepted",
    );
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
