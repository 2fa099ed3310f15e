// The app's one fetch client: base URL, Bearer token, Accept-Language of the UI locale, envelope
// `{ code, data, msg }` unwrapping, the contract's error rules, and one silent refresh + retry on
// a 401. It never touches the router: a final 401 calls the handler the app installs.
import { i18n } from "@lingui/core";
import {
  type ApiErrorParams,
  type ApiErrorReason,
  apiSearch,
  isApiErrorReason,
  type QueryValue,
} from "#contract";
import { isLocale, type Locale } from "../i18n/locales";
import { session } from "../state/session";
import { ApiError } from "./ApiError";
import { apiBase } from "../sw/apiBase";

export { apiBase };

/** The Accept-Language the server localizes its messages by (accounts contract). */
export const ACCEPT_LANGUAGE: Readonly<Record<Locale, string>> = {
  cn: "zh-CN",
  tw: "zh-TW",
  en: "en",
};

/* eslint-disable lingui/no-unlocalized-strings -- developer-facing error texts fixed by the
   API contract; the UI shows its own translated messages. */
const FALLBACK_MESSAGES = {
  unauthorized: "Unauthorized",
  network: "Network error",
  http: "Unknown error",
  request: "request error",
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

type UnauthorizedHandler = () => void;

/**
 * Tries to get a fresh access token after `staleToken` was refused. Resolves true when a newer
 * token is in the session (the request is then retried once), false when the session is over.
 */
export type TokenRefresher = (staleToken: string) => Promise<boolean>;

let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign("/login");
};
let tokenRefresher: TokenRefresher | undefined;

/** Installs what a final 401 does (the app clears the session and navigates to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Installs the silent refresh tried once before a 401 counts (undefined: none). */
export function setTokenRefresher(refresher: TokenRefresher | undefined): void {
  tokenRefresher = refresher;
}

export type { QueryValue };

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  /** JSON-encoded, except FormData, which is sent as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sign-in calls: no Authorization header, no refresh, and a 401 is an ordinary error that
   * does not end the session.
   */
  anonymous?: boolean;
}

interface Envelope {
  code?: unknown;
  data?: unknown;
  msg?: unknown;
  reason?: unknown;
  params?: unknown;
  message?: unknown;
}

function buildUrl(
  path: string,
  query: Record<string, QueryValue> | undefined,
): string {
  const base = apiBase.endsWith("/") ? apiBase.slice(0, -1) : apiBase;
  const url = `${base}/${path.replace(/^\//, "")}`;
  const search = apiSearch(query ?? {});
  return search === "" ? url : `${url}?${search}`;
}

function envelopeMessage(envelope: Envelope | undefined): string | undefined {
  const text = envelope?.msg ?? envelope?.message;
  return typeof text === "string" && text !== "" ? text : undefined;
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null ? body : undefined;
  } catch {
    return undefined;
  }
}

function acceptLanguage(): string {
  return isLocale(i18n.locale) ? ACCEPT_LANGUAGE[i18n.locale] : "zh-CN";
}

function errorDetails(envelope: Envelope | undefined): {
  envelopeCode?: number;
  serverMessage?: string;
  reason?: ApiErrorReason;
  params?: ApiErrorParams;
} {
  const serverMessage = envelopeMessage(envelope);
  return {
    ...(typeof envelope?.code === "number"
      ? { envelopeCode: envelope.code }
      : {}),
    ...(serverMessage === undefined ? {} : { serverMessage }),
    ...(isApiErrorReason(envelope?.reason)
      ? { reason: envelope.reason, params: errorParams(envelope.params) }
      : {}),
  };
}

/** The envelope's params, keeping only the known ones of the right type. */
function errorParams(value: unknown): ApiErrorParams {
  if (typeof value !== "object" || value === null) return {};
  const params: ApiErrorParams = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (key === "max" || key === "retryAfterSeconds") {
      if (typeof field === "number" && Number.isFinite(field))
        params[key] = field;
    } else if (key === "wording") {
      if (typeof field === "string" || field === null) params.wording = field;
    } else if (
      (key === "field" ||
        key === "code" ||
        key === "status" ||
        key === "from" ||
        key === "to" ||
        key === "requestId") &&
      typeof field === "string"
    )
      params[key] = field;
  }
  return params;
}

/** One HTTP exchange: returns `data` or throws the ApiError the contract prescribes. */
async function send<T>(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<T> {
  const headers = new Headers({
    Accept: "application/json",
    "Accept-Language": acceptLanguage(),
  });
  if (token !== null) headers.set("Authorization", `Bearer ${token}`);
  const init: RequestInit = { method: options.method ?? "GET", headers };
  // NOTE: FormData goes as multipart (fetch sets the boundary); anything else as JSON.
  if (options.body instanceof FormData) init.body = options.body;
  else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(
      "NETWORK",
      0,
      cause instanceof Error ? cause.message : FALLBACK_MESSAGES.network,
      { cause },
    );
  }

  const envelope = await readEnvelope(response);
  if (response.status === 401 || envelope?.code === 401) {
    throw new ApiError(
      "UNAUTHORIZED",
      response.status,
      envelopeMessage(envelope) ?? FALLBACK_MESSAGES.unauthorized,
      { ...errorDetails(envelope), envelopeCode: 401 },
    );
  }
  if (!response.ok) {
    const message = envelopeMessage(envelope) ?? FALLBACK_MESSAGES.http;
    throw new ApiError(
      "HTTP_ERROR",
      response.status,
      `${String(response.status)}: ${message}`,
      errorDetails(envelope),
    );
  }
  if (envelope?.code !== 0) {
    throw new ApiError(
      "REQUEST_ERROR",
      response.status,
      envelopeMessage(envelope) ?? FALLBACK_MESSAGES.request,
      errorDetails(envelope),
    );
  }
  return envelope.data as T;
}

function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === "UNAUTHORIZED";
}

/**
 * Calls the API and returns the envelope's `data`. A 401 on an authenticated call is retried
 * once after a silent token refresh; if that fails the unauthorized handler runs.
 * @example const home = await apiRequest<HomeData>("oapi/v1/home", { query: { locale: "en" } });
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  if (options.anonymous === true) return send<T>(path, options, null);
  const token = session.accessToken;
  try {
    return await send<T>(path, options, token);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    if (token !== null && tokenRefresher !== undefined) {
      if (await tokenRefresher(token)) {
        try {
          return await send<T>(path, options, session.accessToken);
        } catch (retryError) {
          if (!isUnauthorized(retryError)) throw retryError;
        }
      }
    }
    onUnauthorized();
    throw error;
  }
}
