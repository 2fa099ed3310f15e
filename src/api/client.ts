// The app's one fetch client: base URL from configuration (`/api/app` by default), Bearer token
// from the session, envelope `{ code, data, msg }` unwrapping and the error rules of the contract.
// It never touches the router: a 401 calls the handler the app installs (setUnauthorizedHandler).
import { session } from "../state/session";
import { ApiError } from "./ApiError";

const DEFAULT_API_BASE = "/api/app";

export const apiBase: string =
  import.meta.env.VITE_API_BASE ?? DEFAULT_API_BASE;

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

let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign("/login");
};

/** Installs what a 401 does (the app navigates to /login with the router). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

interface Envelope {
  code?: unknown;
  data?: unknown;
  msg?: unknown;
  message?: unknown;
}

function buildUrl(
  path: string,
  query: Record<string, QueryValue> | undefined,
): string {
  const base = apiBase.endsWith("/") ? apiBase.slice(0, -1) : apiBase;
  const url = `${base}/${path.replace(/^\//, "")}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
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

function unauthorized(
  status: number,
  envelope: Envelope | undefined,
): ApiError {
  onUnauthorized();
  return new ApiError(
    "UNAUTHORIZED",
    status,
    envelopeMessage(envelope) ?? FALLBACK_MESSAGES.unauthorized,
    { envelopeCode: 401 },
  );
}

/**
 * Calls the API and returns the envelope's `data`.
 * @example const home = await apiRequest<HomeData>("oapi/v1/home", { query: { locale: "en" } });
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers = new Headers({ Accept: "application/json" });
  const token = session.accessToken;
  if (token !== null) headers.set("Authorization", `Bearer ${token}`);
  const init: RequestInit = { method: options.method ?? "GET", headers };
  if (options.body !== undefined) {
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
  if (response.status === 401 || envelope?.code === 401)
    throw unauthorized(response.status, envelope);
  if (!response.ok) {
    const message = envelopeMessage(envelope) ?? FALLBACK_MESSAGES.http;
    throw new ApiError(
      "HTTP_ERROR",
      response.status,
      `${String(response.status)}: ${message}`,
      {
        ...(typeof envelope?.code === "number"
          ? { envelopeCode: envelope.code }
          : {}),
      },
    );
  }
  if (envelope?.code !== 0) {
    throw new ApiError(
      "REQUEST_ERROR",
      response.status,
      envelopeMessage(envelope) ?? FALLBACK_MESSAGES.request,
      {
        ...(typeof envelope?.code === "number"
          ? { envelopeCode: envelope.code }
          : {}),
      },
    );
  }
  return envelope.data as T;
}
