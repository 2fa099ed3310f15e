// Tiny fetch helpers for server tests: request a path on the test server and read the envelope.
export interface EnvelopeBody<T = any> {
  code: number;
  data: T;
  msg: string;
  /** A refusal's stable reason (contract/apiErrors.ts) and its params. */
  reason?: string;
  params?: Record<string, unknown>;
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: EnvelopeBody<T>;
}

export async function getJson<T = any>(
  baseUrl: string,
  path: string,
  init?: RequestInit,
): Promise<JsonResponse<T>> {
  const response = await fetch(new URL(path, baseUrl), init);
  const text = await response.text();
  let body: EnvelopeBody<T>;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(
      `${path}: expected JSON, got ${response.status} ${text.slice(0, 200)}`,
    );
  }
  return { status: response.status, headers: response.headers, body };
}
