// GET against api.weixin.qq.com: WeChat answers errors as HTTP 200 `{errcode, errmsg}`, so every
// JSON answer is checked for a non-zero errcode and mapped to a ProviderError before use.
import { ProviderError, PROVIDERS } from "../errors";
import type { ProviderErrorCode } from "../errors";
import { requestText } from "../lib/http";
import type { FetchLike } from "../lib/http";

export const WECHAT_API_BASE = "https://api.weixin.qq.com";

/** Global return codes with their meaning in WeChat's docs. */
const ERRCODES: Record<
  number,
  { code: ProviderErrorCode; retryable: boolean }
> = {
  [-1]: { code: "WECHAT_UNAVAILABLE", retryable: true }, // system busy
  40029: { code: "WECHAT_INVALID_CODE", retryable: false }, // invalid code
  42003: { code: "WECHAT_INVALID_CODE", retryable: false }, // code expired
  40163: { code: "WECHAT_CODE_USED", retryable: false }, // code been used
  40001: { code: "WECHAT_TOKEN_INVALID", retryable: false }, // invalid credential / secret
  40014: { code: "WECHAT_TOKEN_INVALID", retryable: false }, // invalid access_token
  42001: { code: "WECHAT_TOKEN_INVALID", retryable: false }, // access_token expired
  40013: { code: "WECHAT_MISCONFIGURED", retryable: false }, // invalid appid
  40125: { code: "WECHAT_MISCONFIGURED", retryable: false }, // invalid appsecret
  40164: { code: "WECHAT_MISCONFIGURED", retryable: false }, // caller IP not whitelisted
  40243: { code: "WECHAT_MISCONFIGURED", retryable: false }, // appsecret frozen
  45009: { code: "WECHAT_RATE_LIMITED", retryable: true }, // daily API quota reached
  45011: { code: "WECHAT_RATE_LIMITED", retryable: true }, // API called too often
};

export function wechatError(errcode: number, errmsg: string): ProviderError {
  const mapping = ERRCODES[errcode] ?? {
    code: "WECHAT_REJECTED",
    retryable: false,
  };
  // NOTE: errmsg may carry a "hints: [ rid: … ]" suffix but never the secret or token we sent.
  return new ProviderError(mapping.code, PROVIDERS.wechat, {
    message: `errcode ${errcode}: ${errmsg}`,
    retryable: mapping.retryable,
    providerCode: errcode,
  });
}

export interface WechatGetOptions {
  fetch: FetchLike;
  baseUrl: string;
  timeoutMs: number;
}

/** The parsed JSON object of a successful answer (errcode absent or 0). */
export async function wechatGet(
  options: WechatGetOptions,
  path: string,
  query: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const url = new URL(path, options.baseUrl);
  for (const [name, value] of Object.entries(query))
    url.searchParams.set(name, value);
  const response = await requestText(
    options.fetch,
    url,
    { method: "GET", headers: { Accept: "application/json" } },
    options.timeoutMs,
    {
      provider: PROVIDERS.wechat,
      timeout: "WECHAT_TIMEOUT",
      unavailable: "WECHAT_UNAVAILABLE",
    },
  );
  if (response.status !== 200) {
    throw new ProviderError("WECHAT_UNAVAILABLE", PROVIDERS.wechat, {
      message: `HTTP ${response.status} from ${path}`,
      retryable: response.status >= 500 || response.status === 429,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch (error) {
    throw new ProviderError("WECHAT_BAD_RESPONSE", PROVIDERS.wechat, {
      message: `${path} did not answer JSON`,
      cause: error,
    });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ProviderError("WECHAT_BAD_RESPONSE", PROVIDERS.wechat, {
      message: `${path} did not answer a JSON object`,
    });
  }
  const record = body as Record<string, unknown>;
  const errcode = record.errcode;
  if (typeof errcode === "number" && errcode !== 0) {
    throw wechatError(
      errcode,
      typeof record.errmsg === "string" ? record.errmsg : "",
    );
  }
  return record;
}

export function requireString(
  record: Record<string, unknown>,
  field: string,
  path: string,
): string {
  const value = record[field];
  if (typeof value !== "string" || value === "") {
    throw new ProviderError("WECHAT_BAD_RESPONSE", PROVIDERS.wechat, {
      message: `${path} answered without "${field}"`,
    });
  }
  return value;
}

export function optionalString(
  record: Record<string, unknown>,
  field: string,
): string | undefined {
  const value = record[field];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function requirePositiveNumber(
  record: Record<string, unknown>,
  field: string,
  path: string,
): number {
  const value = record[field];
  if (typeof value !== "number" || !(value > 0)) {
    throw new ProviderError("WECHAT_BAD_RESPONSE", PROVIDERS.wechat, {
      message: `${path} answered without a positive "${field}"`,
    });
  }
  return value;
}
