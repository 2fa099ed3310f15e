// ProviderError: typed code, provider, retry flag and cause; secret-free message.
import { describe, expect, it } from "vitest";
import {
  PROVIDER_ERROR_CODES,
  ProviderError,
  isProviderError,
} from "../../../server/providers/errors";

describe("ProviderError", () => {
  it("carries code, provider, retryable, providerCode and cause", () => {
    const cause = new Error("ECONNRESET");
    const error = new ProviderError("SMS_UNAVAILABLE", "tencent-sms", {
      message: "HTTP 502",
      retryable: true,
      providerCode: "InternalError",
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(isProviderError(error)).toBe(true);
    expect(isProviderError(cause)).toBe(false);
    expect(error).toMatchObject({
      name: "ProviderError",
      code: "SMS_UNAVAILABLE",
      provider: "tencent-sms",
      retryable: true,
      providerCode: "InternalError",
      cause,
    });
    expect(error.message).toBe("tencent-sms: HTTP 502");
  });

  it("defaults to not retryable, with the code as message", () => {
    const error = new ProviderError("PAY_BAD_SIGNATURE", "wechat-pay");
    expect(error.retryable).toBe(false);
    expect(error.message).toBe("wechat-pay: PAY_BAD_SIGNATURE");
    expect("cause" in error).toBe(false);
  });

  it("uses SCREAMING_SNAKE codes only", () => {
    for (const code of PROVIDER_ERROR_CODES)
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)+$/);
  });
});
