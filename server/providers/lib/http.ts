// One HTTP round trip with a deadline: the response is read completely before the AbortSignal
// fires, or the call fails with the provider's TIMEOUT code; network failures become UNAVAILABLE.
// NOTE: the URL is a parsed `URL`, so fetch never echoes a query string (WeChat puts secrets there)
// into a "cannot parse URL" error.
import { ProviderError } from "../errors";
import type { ProviderErrorCode, ProviderName } from "../errors";

/** What providers need from `fetch`; tests and emulators pass their own. */
export type FetchLike = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

export interface HttpFailureCodes {
  provider: ProviderName;
  timeout: ProviderErrorCode;
  unavailable: ProviderErrorCode;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export async function requestText(
  fetchFn: FetchLike,
  url: URL,
  init: RequestInit,
  timeoutMs: number,
  codes: HttpFailureCodes,
): Promise<RawResponse> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchFn(url, { ...init, signal });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (signal.aborted) {
      throw new ProviderError(codes.timeout, codes.provider, {
        message: `no answer within ${timeoutMs} ms`,
        retryable: true,
        cause: error,
      });
    }
    throw new ProviderError(codes.unavailable, codes.provider, {
      message: "request failed before an answer arrived",
      retryable: true,
      cause: error,
    });
  }
}
