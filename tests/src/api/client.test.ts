// The fetch client against stubbed fetch responses: envelope unwrapping, the Bearer header,
// each error rule of the contract and the 401 redirect.
import { i18n } from "@lingui/core";
import {
  ACCEPT_LANGUAGE,
  apiRequest,
  setUnauthorizedHandler,
} from "../../../src/api/client";
import { initI18n } from "../../../src/i18n/activateLocale";
import { ApiError, refusalTextOf } from "../../../src/api/ApiError";
import { clearSession, saveTokens } from "../../../src/state/session";

type FetchArgs = [input: string, init: RequestInit];

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() =>
    Promise.resolve(
      new Response(typeof body === "string" ? body : JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      }),
    ),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected the request to fail");
}

let unauthorized: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  clearSession();
  unauthorized = vi.fn<() => void>();
  setUnauthorizedHandler(unauthorized);
});

afterEach(() => {
  vi.unstubAllGlobals();
  initI18n();
});

describe("apiRequest", () => {
  it("returns data of a code-0 envelope and builds the URL from the base and query", async () => {
    const fetchMock = respond(200, { code: 0, data: { ok: 1 }, msg: "ok" });
    await expect(
      apiRequest("oapi/v1/news", {
        query: { locale: "en", page: 2, skip: undefined },
      }),
    ).resolves.toEqual({
      ok: 1,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/app/oapi/v1/news?locale=en&page=2");
    expect(init.method).toBe("GET");
  });

  it("sends no Authorization header without a token, Bearer <token> with one", async () => {
    const fetchMock = respond(200, { code: 0, data: null, msg: "ok" });
    await apiRequest("user/v1/info");
    expect(
      new Headers(fetchMock.mock.calls[0]![1].headers).has("Authorization"),
    ).toBe(false);

    saveTokens({ accessToken: "tok-123" });
    await apiRequest("user/v1/info");
    expect(
      new Headers(fetchMock.mock.calls[1]![1].headers).get("Authorization"),
    ).toBe("Bearer tok-123");
  });

  it("sends Accept-Language for the UI locale (zh-CN, zh-TW, en)", async () => {
    const fetchMock = respond(200, { code: 0, data: null, msg: "ok" });
    await apiRequest("oapi/v1/config");
    i18n.load("tw", {});
    i18n.activate("tw");
    await apiRequest("oapi/v1/config");
    i18n.load("en", {});
    i18n.activate("en");
    await apiRequest("oapi/v1/config");
    expect(
      fetchMock.mock.calls.map(([, init]) =>
        new Headers(init.headers).get("Accept-Language"),
      ),
    ).toEqual(["zh-CN", "zh-TW", "en"]);
    expect(ACCEPT_LANGUAGE).toEqual({ cn: "zh-CN", tw: "zh-TW", en: "en" });
  });

  it("keeps the server's message for logs and shows the translated reason", async () => {
    respond(429, {
      code: 429,
      data: null,
      msg: "A code was just sent. Please wait 40 seconds before requesting another.",
      reason: "CODE_RESEND_TOO_SOON",
      params: { retryAfterSeconds: 40, evil: "<script>", max: "NaN" },
    });
    const error = await failure(apiRequest("oapi/v1/msg", { anonymous: true }));
    expect(error.serverMessage).toMatch(/^A code was just sent/);
    expect(error.reason).toBe("CODE_RESEND_TOO_SOON");
    expect(error.params).toEqual({ retryAfterSeconds: 40 });
    expect(refusalTextOf(error)).toBe("验证码发送过于频繁，请 40 秒后再试");
  });

  it("shows no server text for a reason it does not know, nor for a bare error", async () => {
    respond(409, {
      code: 409,
      data: null,
      msg: "body/x is wrong",
      reason: "NEW_REASON",
    });
    const unknown = await failure(
      apiRequest("oapi/v1/msg", { anonymous: true }),
    );
    expect(unknown.reason).toBeUndefined();
    expect(refusalTextOf(unknown)).toBeUndefined();
    respond(502, "<html>bad gateway</html>");
    expect(
      refusalTextOf(
        await failure(apiRequest("oapi/v1/msg", { anonymous: true })),
      ),
    ).toBeUndefined();
  });

  it("an anonymous call's 401 is an ordinary error: no handler, no /login", async () => {
    respond(401, { code: 401, data: null, msg: "bad state" });
    const error = await failure(
      apiRequest("oapi/v1/wxLogin", { anonymous: true }),
    );
    expect(error.code).toBe("UNAUTHORIZED");
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("sends a JSON body", async () => {
    const fetchMock = respond(200, { code: 0, data: true, msg: "ok" });
    await apiRequest("oapi/v1/msg", {
      method: "POST",
      body: { phone: "13800000000" },
    });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"phone":"13800000000"}');
    expect(new Headers(init.headers).get("Content-Type")).toBe(
      "application/json",
    );
  });

  it("HTTP 401 calls the unauthorized handler (→ /login) and rejects", async () => {
    respond(401, { code: 401, data: null, msg: "token expired" });
    const error = await failure(apiRequest("user/v1/info"));
    expect(error.code).toBe("UNAUTHORIZED");
    expect(error.status).toBe(401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it("envelope code 401 on HTTP 200 also goes to /login", async () => {
    respond(200, { code: 401, data: null, msg: "login required" });
    const error = await failure(apiRequest("user/v1/info"));
    expect(error.code).toBe("UNAUTHORIZED");
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it("another non-zero code raises msg, then message, then 'request error'", async () => {
    respond(200, { code: 1001, data: null, msg: "余额不足" });
    let error = await failure(apiRequest("x"));
    expect(error).toMatchObject({
      code: "REQUEST_ERROR",
      message: "余额不足",
      envelopeCode: 1001,
    });

    respond(200, { code: 7, data: null, message: "from message" });
    error = await failure(apiRequest("x"));
    expect(error.message).toBe("from message");

    respond(200, { code: 7, data: null });
    error = await failure(apiRequest("x"));
    expect(error.message).toBe("request error");
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("a body without an envelope is a request error", async () => {
    respond(200, "<html>proxy page</html>");
    const error = await failure(apiRequest("x"));
    expect(error).toMatchObject({
      code: "REQUEST_ERROR",
      message: "request error",
    });
  });

  it("other HTTP errors carry the status and msg/message or 'Unknown error'", async () => {
    respond(400, {
      code: 400,
      data: null,
      msg: "locale must be one of cn, tw, en",
    });
    let error = await failure(apiRequest("x"));
    expect(error).toMatchObject({
      code: "HTTP_ERROR",
      status: 400,
      message: "400: locale must be one of cn, tw, en",
    });

    respond(503, { message: "maintenance" });
    error = await failure(apiRequest("x"));
    expect(error).toMatchObject({ status: 503, message: "503: maintenance" });

    respond(502, "Bad Gateway");
    error = await failure(apiRequest("x"));
    expect(error).toMatchObject({
      code: "HTTP_ERROR",
      status: 502,
      message: "502: Unknown error",
    });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("a failed connection is a NETWORK error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await failure(apiRequest("x"));
    expect(error).toMatchObject({
      code: "NETWORK",
      status: 0,
      message: "Failed to fetch",
    });
  });
});
