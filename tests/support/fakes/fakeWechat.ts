// Loopback fake of api.weixin.qq.com for login and JS-SDK: apps with secrets, users with one openid
// per app, single-use 5-minute OAuth codes, web and global access tokens, jsapi tickets. Errors are
// HTTP 200 `{errcode, errmsg}` exactly as WeChat answers them.
import { randomBytes } from "node:crypto";
import { delay, sendJson, startLoopbackServer } from "./loopbackServer";

export interface FakeWechatApp {
  appId: string;
  appSecret: string;
}

export interface FakeWechatUser {
  key: string;
  /** openid per appId */
  openids: Readonly<Record<string, string>>;
  unionid?: string;
  nickname: string;
  headimgurl: string;
}

export interface FakeWechatOptions {
  apps: readonly FakeWechatApp[];
  users: readonly FakeWechatUser[];
  now?: () => number;
}

export interface FakeWechat {
  url: string;
  /** What the authorise page would redirect back with. */
  issueCode(appId: string, userKey: string, scope?: string): string;
  /** Paths and query strings seen, in order. */
  requests: { path: string; query: URLSearchParams }[];
  calls(path: string): number;
  /** Make every global access token invalid (as when another server refreshed it). */
  invalidateAccessTokens(): void;
  /** Answer the next call to `path` with this errcode (queued: call twice to fail two calls). */
  failNext(path: string, errcode: number, errmsg: string): void;
  delayMs: number;
  close(): Promise<void>;
}

const TOKEN_TTL_SECONDS = 7200;
const CODE_TTL_MS = 5 * 60_000;

export async function startFakeWechat(
  options: FakeWechatOptions,
): Promise<FakeWechat> {
  const now = options.now ?? Date.now;
  const codes = new Map<
    string,
    {
      appId: string;
      userKey: string;
      scope: string;
      expiresAt: number;
      used: boolean;
    }
  >();
  const webTokens = new Map<
    string,
    { appId: string; userKey: string; expiresAt: number }
  >();
  const globalTokens = new Map<string, { appId: string; expiresAt: number }>();
  const failures = new Map<string, { errcode: number; errmsg: string }[]>();
  const requests: FakeWechat["requests"] = [];
  const token = (): string => randomBytes(24).toString("base64url");
  const app = (appId: string | null) =>
    options.apps.find((a) => a.appId === appId);
  const user = (key: string) => options.users.find((u) => u.key === key);

  const server = await startLoopbackServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({ path: url.pathname, query: url.searchParams });
    if (fake.delayMs > 0) await delay(fake.delayMs);
    const q = (name: string) => url.searchParams.get(name);
    const answer = (body: Record<string, unknown>) => {
      sendJson(res, 200, body, {
        "Content-Type": "application/json; encoding=utf-8",
      });
    };
    const fail = (errcode: number, errmsg: string) => {
      answer({
        errcode,
        errmsg: `${errmsg} rid: ${randomBytes(4).toString("hex")}`,
      });
    };
    if (req.method !== "GET") {
      fail(43001, "require GET method");
      return;
    }
    const forced = failures.get(url.pathname)?.shift();
    if (forced) {
      fail(forced.errcode, forced.errmsg);
      return;
    }

    switch (url.pathname) {
      case "/sns/oauth2/access_token": {
        const found = app(q("appid"));
        if (!found) {
          fail(40013, "invalid appid");
          return;
        }
        if (q("secret") !== found.appSecret) {
          fail(40125, "invalid appsecret");
          return;
        }
        if (q("grant_type") !== "authorization_code") {
          fail(40002, "invalid grant_type");
          return;
        }
        const record = codes.get(q("code") ?? "");
        if (!record || record.appId !== found.appId) {
          fail(40029, "invalid code");
          return;
        }
        if (record.used) {
          fail(40163, "code been used");
          return;
        }
        if (record.expiresAt <= now()) {
          fail(40029, "invalid code");
          return;
        }
        record.used = true;
        const u = user(record.userKey)!;
        const accessToken = token();
        webTokens.set(accessToken, {
          appId: found.appId,
          userKey: u.key,
          expiresAt: now() + TOKEN_TTL_SECONDS * 1000,
        });
        answer({
          access_token: accessToken,
          expires_in: TOKEN_TTL_SECONDS,
          refresh_token: token(),
          openid: u.openids[found.appId],
          scope: record.scope,
          ...(u.unionid === undefined ? {} : { unionid: u.unionid }),
        });
        return;
      }
      case "/sns/userinfo": {
        const record = webTokens.get(q("access_token") ?? "");
        if (!record) {
          fail(
            40001,
            "invalid credential, access_token is invalid or not latest",
          );
          return;
        }
        if (record.expiresAt <= now()) {
          fail(42001, "access_token expired");
          return;
        }
        const u = user(record.userKey)!;
        if (q("openid") !== u.openids[record.appId]) {
          fail(40003, "invalid openid");
          return;
        }
        answer({
          openid: u.openids[record.appId],
          nickname: u.nickname,
          sex: 0,
          province: "",
          city: "",
          country: "",
          headimgurl: u.headimgurl,
          privilege: [],
          ...(u.unionid === undefined ? {} : { unionid: u.unionid }),
        });
        return;
      }
      case "/cgi-bin/token": {
        if (q("grant_type") !== "client_credential") {
          fail(40002, "invalid grant_type");
          return;
        }
        const found = app(q("appid"));
        if (!found) {
          fail(40013, "invalid appid");
          return;
        }
        if (q("secret") !== found.appSecret) {
          fail(
            40001,
            "invalid credential, access_token is invalid or not latest",
          );
          return;
        }
        const accessToken = token();
        globalTokens.set(accessToken, {
          appId: found.appId,
          expiresAt: now() + TOKEN_TTL_SECONDS * 1000,
        });
        answer({
          access_token: accessToken,
          expires_in: TOKEN_TTL_SECONDS,
        });
        return;
      }
      case "/cgi-bin/ticket/getticket": {
        const record = globalTokens.get(q("access_token") ?? "");
        if (!record) {
          fail(
            40001,
            "invalid credential, access_token is invalid or not latest",
          );
          return;
        }
        if (record.expiresAt <= now()) {
          fail(42001, "access_token expired");
          return;
        }
        if (q("type") !== "jsapi") {
          fail(40097, "invalid args");
          return;
        }
        answer({
          errcode: 0,
          errmsg: "ok",
          ticket: token(),
          expires_in: TOKEN_TTL_SECONDS,
        });
        return;
      }
      default: {
        fail(48001, "api unauthorized");
        return;
      }
    }
  });

  const fake: FakeWechat = {
    url: server.url,
    requests,
    delayMs: 0,
    issueCode(appId, userKey, scope = "snsapi_userinfo") {
      if (!app(appId) || !user(userKey))
        throw new Error(`unknown app ${appId} or user ${userKey}`);
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        appId,
        userKey,
        scope,
        expiresAt: now() + CODE_TTL_MS,
        used: false,
      });
      return code;
    },
    calls: (path) => requests.filter((r) => r.path === path).length,
    invalidateAccessTokens: () => {
      globalTokens.clear();
    },
    failNext(path, errcode, errmsg) {
      failures.set(path, [...(failures.get(path) ?? []), { errcode, errmsg }]);
    },
    close: () => server.close(),
  };
  return fake;
}
