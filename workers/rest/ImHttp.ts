// The worker's REST client: `apiBase` + `Authorization: Bearer <access token>` from the tab, the
// `{ code, data, msg }` envelope, and failures as MessengerFailure codes. A 401 marks that token
// stale: it is reported once and never sent again, so nothing loops until a tab sends a new one.
import { MessengerFailure } from "../messenger/errors";

/** Endpoint and token of the REST API, as the tab last gave them. */
export interface HttpAuth {
  readonly apiBase: string;
  readonly accessToken: string;
}

export type QueryValue = string | number | boolean | undefined;

export interface HttpRequest {
  readonly method?: "GET" | "POST" | "DELETE";
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
}

export interface ImHttpOptions {
  readonly fetch: typeof fetch;
  /** Called once per access token the server refuses. */
  readonly onUnauthorized: () => void;
}

/** `apiBase` + `path` (+ query), tolerating a trailing or leading slash. */
export function apiUrl(
  apiBase: string,
  path: string,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const base = apiBase.endsWith("/") ? apiBase.slice(0, -1) : apiBase;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  const url = `${base}/${path.replace(/^\//, "")}`;
  return search === "" ? url : `${url}?${search}`;
}

function envelopeCode(body: unknown): unknown {
  return typeof body === "object" && body !== null
    ? (body as { code?: unknown }).code
    : undefined;
}

function envelopeMessage(body: unknown, status: number): string {
  const msg =
    typeof body === "object" && body !== null
      ? (body as { msg?: unknown }).msg
      : undefined;
  return typeof msg === "string" && msg !== "" ? msg : `HTTP ${status}`;
}

/** REST calls with the tab's token. */
export class ImHttp {
  readonly #options: ImHttpOptions;
  #auth: HttpAuth | null = null;
  #staleToken: string | null = null;

  constructor(options: ImHttpOptions) {
    this.#options = options;
  }

  /** Sets (or clears) the endpoint and token. A new token lifts the stop a 401 put on the old one. */
  setAuth(auth: HttpAuth | null): void {
    this.#auth = auth;
  }

  get auth(): HttpAuth | null {
    return this.#auth;
  }

  /** True when the current token was refused and no newer one has arrived. */
  get waitingForAuth(): boolean {
    return this.#auth !== null && this.#auth.accessToken === this.#staleToken;
  }

  /** Throws UNAUTHORIZED unless a token that has not been refused is set. */
  #usableAuth(): HttpAuth {
    const auth = this.#auth;
    if (auth === null)
      throw new MessengerFailure("NOT_STARTED", "Messenger not started");
    if (auth.accessToken === this.#staleToken) {
      throw new MessengerFailure(
        "UNAUTHORIZED",
        "The access token was refused; waiting for a new one",
      );
    }
    return auth;
  }

  /** Headers for a request of the current token (uploads build their own request). */
  authorization(): {
    url: (path: string) => string;
    header: string;
    token: string;
  } {
    const auth = this.#usableAuth();
    return {
      url: (path) => apiUrl(auth.apiBase, path),
      header: `Bearer ${auth.accessToken}`,
      token: auth.accessToken,
    };
  }

  /** Reports a 401 for `token` (once per token). */
  refused(token: string): MessengerFailure {
    if (this.#staleToken !== token) {
      this.#staleToken = token;
      this.#options.onUnauthorized();
    }
    return new MessengerFailure(
      "UNAUTHORIZED",
      "The server refused the access token",
    );
  }

  /** Calls the API and returns the envelope's `data`. */
  async request<T>(path: string, request: HttpRequest = {}): Promise<T> {
    const auth = this.#usableAuth();
    const headers: Record<string, string> = {
      Accept: "application/json",
      Authorization: `Bearer ${auth.accessToken}`,
    };
    const init: RequestInit = { method: request.method ?? "GET", headers };
    if (request.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(request.body);
    }
    let response: Response;
    try {
      response = await this.#options.fetch(
        apiUrl(auth.apiBase, path, request.query),
        init,
      );
    } catch (cause) {
      throw new MessengerFailure(
        "NETWORK",
        `${path}: the server is unreachable`,
        {
          cause,
        },
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (response.status === 401 || envelopeCode(body) === 401)
      throw this.refused(auth.accessToken);
    if (!response.ok || envelopeCode(body) !== 0) {
      throw new MessengerFailure(
        "SERVER_ERROR",
        `${path}: ${envelopeMessage(body, response.status)}`,
      );
    }
    return (body as { data: T }).data;
  }
}
