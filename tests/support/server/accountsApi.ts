// Accounts helpers for server tests: JSON calls with a Bearer token, an IP and a locale, reading
// login codes from the development outbox (/dev/outbox.json), and whole sign-in flows.
import type { EnvelopeBody, JsonResponse } from "../../server/apiClient";
import type { TestServer } from "./testServer";

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** Sent as X-Forwarded-For (the server must run with TRUST_PROXY on to use it). */
  ip?: string;
  /** Accept-Language. */
  lang?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(
  server: Pick<TestServer, "baseUrl">,
  method: "GET" | "POST",
  path: string,
  options: CallOptions = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token !== undefined)
    headers.authorization = `Bearer ${options.token}`;
  if (options.ip !== undefined) headers["x-forwarded-for"] = options.ip;
  if (options.lang !== undefined) headers["accept-language"] = options.lang;
  const response = await fetch(new URL(`/api/app/${path}`, server.baseUrl), {
    method,
    headers,
    ...(options.body === undefined
      ? {}
      : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: EnvelopeBody<T>;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${path}: expected JSON, got ${response.status} ${text}`);
  }
  return { status: response.status, headers: response.headers, body };
}

export interface OutboxItem {
  id: string;
  channel: "sms" | "email";
  to: string;
  code: string;
  text: string;
  locale: string;
  at: number;
}

export async function outbox(
  server: Pick<TestServer, "baseUrl">,
): Promise<OutboxItem[]> {
  const response = await fetch(new URL("/dev/outbox.json", server.baseUrl));
  if (response.status !== 200)
    throw new Error(`/dev/outbox.json answered ${response.status}`);
  return ((await response.json()) as { list: OutboxItem[] }).list;
}

/** The newest code sent to "+86…" (SMS) or an address (e-mail), read from the dev outbox. */
export async function latestCode(
  server: Pick<TestServer, "baseUrl">,
  to: string,
): Promise<string> {
  const found = (await outbox(server)).find((entry) => entry.to === to);
  if (found === undefined) throw new Error(`no code was sent to ${to}`);
  return found.code;
}

export interface Tokens {
  app_token: string;
  refresh_token: string;
  expires_in: number;
}

let phones = 0;

/** A fresh +86 number (a new account on first sign-in). */
export function freshPhone(): string {
  phones += 1;
  return `139${String(process.pid % 1000).padStart(3, "0")}${String(phones).padStart(5, "0")}`;
}

/** Requests an SMS code for a +86 number and signs in with it. */
export async function signInWithPhone(
  server: Pick<TestServer, "baseUrl">,
  phone: string,
  options: { ip?: string } = {},
): Promise<Tokens> {
  const ip = options.ip === undefined ? {} : { ip: options.ip };
  const sent = await call(server, "POST", "oapi/v1/msg", {
    body: { phone, areaCode: "86" },
    ...ip,
  });
  if (sent.status !== 200)
    throw new Error(`oapi/v1/msg: ${sent.status} ${sent.body.msg}`);
  const code = await latestCode(server, `+86${phone}`);
  const login = await call<Tokens>(server, "POST", "oapi/v1/phoneLogin", {
    body: { account: phone, code },
    ...ip,
  });
  if (login.status !== 200)
    throw new Error(`oapi/v1/phoneLogin: ${login.status} ${login.body.msg}`);
  return login.body.data;
}

/** A user signed in by phone, with the IM id and token user/v1/info hands out. */
export interface ImSignIn {
  tokens: Tokens;
  imId: string;
  imToken: string;
}

/** signInWithPhone, then user/v1/info for the IM credentials. */
export async function signInForIm(
  server: Pick<TestServer, "baseUrl">,
  phone: string,
): Promise<ImSignIn> {
  const tokens = await signInWithPhone(server, phone);
  const info = await call(server, "GET", "user/v1/info", {
    token: tokens.app_token,
  });
  if (info.status !== 200)
    throw new Error(`user/v1/info: ${info.status} ${info.body.msg}`);
  return { tokens, imId: info.body.data.imId, imToken: info.body.data.imToken };
}

/** The `name=value` part of a Set-Cookie header, to send back as Cookie. */
export function cookieOf(response: { headers: Headers }): string {
  const setCookie = response.headers.get("set-cookie");
  if (setCookie === null) throw new Error("no Set-Cookie header");
  return setCookie.split(";")[0]!;
}

/** What the browser holds after the WeChat redirect: the code and state, and its fy_oauth cookie. */
export interface WechatReturn {
  code: string;
  state: string;
  cookie: string;
}

/**
 * Runs the development WeChat emulator like a browser: wxState (cookie), the authorize page's
 * form for `identity`, and the redirect back; returns what the callback page would post.
 */
export async function wechatEmulatorReturn(
  server: Pick<TestServer, "baseUrl">,
  options: { identity?: string; type?: 1 | 2; cookie?: string } = {},
): Promise<WechatReturn> {
  const type = options.type ?? 1;
  const started = await call<{ state: string }>(
    server,
    "POST",
    "oapi/v1/wxState",
    {
      body: { type },
      ...(options.cookie === undefined
        ? {}
        : { headers: { cookie: options.cookie } }),
    },
  );
  if (started.status !== 200) throw new Error(`wxState: ${started.body.msg}`);
  const cookie = cookieOf(started);
  const config = (await call(server, "GET", "oapi/v1/config")).body.data.wechat;
  const form = new URLSearchParams({
    appid: type === 1 ? config.appId : config.mpAppId,
    redirect_uri: config.redirectUrl,
    state: started.body.data.state,
    identity: options.identity ?? "demo-1",
  });
  const chosen = await fetch(new URL("/dev/wechat/authorize", server.baseUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const location = chosen.headers.get("location");
  if (chosen.status !== 302 || location === null)
    throw new Error(
      `authorize answered ${chosen.status}: ${await chosen.text()}`,
    );
  const back = new URL(location);
  return {
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
    cookie,
  };
}

/** A whole WeChat sign-in through the emulator. */
export async function signInWithWechatEmulator(
  server: Pick<TestServer, "baseUrl">,
  options: { identity?: string; type?: 1 | 2 } = {},
): Promise<Tokens> {
  const type = options.type ?? 1;
  const back = await wechatEmulatorReturn(server, options);
  const login = await call<Tokens>(server, "POST", "oapi/v1/wxLogin", {
    body: { code: back.code, state: back.state, type },
    headers: { cookie: back.cookie },
  });
  if (login.status !== 200)
    throw new Error(`wxLogin: ${login.status} ${login.body.msg}`);
  return login.body.data;
}
