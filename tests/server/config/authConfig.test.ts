// The accounts part of parseConfig: secret, token life, login methods, client-IP trust and the
// provider settings, including the production rule that every enabled method has its provider.
import { configErrorOf } from "../../support/server/configError";
import { parseConfig } from "../../../server/config/appConfig";

const cwd = "/srv/fuyuan";
const SECRET = "s".repeat(32);
const SMS = {
  TENCENT_SMS_SECRET_ID: "AKID0000",
  TENCENT_SMS_SECRET_KEY: "key",
  TENCENT_SMS_SDK_APP_ID: "1400006666",
  TENCENT_SMS_SIGN_NAME: "福缘",
  TENCENT_SMS_TEMPLATE_ID: "1110",
};
const SMTP = {
  SMTP_HOST: "smtp.example.com",
  MAIL_FROM: "no-reply@example.com",
};
const WECHAT = {
  WECHAT_OPEN_APP_ID: "wxopen",
  WECHAT_OPEN_APP_SECRET: "open-secret",
  WECHAT_MP_APP_ID: "wxmp",
  WECHAT_MP_APP_SECRET: "mp-secret",
};

const errorOf = (env: Record<string, string>) => configErrorOf(env, cwd);

describe("accounts configuration", () => {
  it("defaults: no secret (generated in development), 900 s tokens, every method, no providers", () => {
    const config = parseConfig({}, cwd);
    expect(config.trustProxy).toBe(false);
    expect(config.auth).toEqual({
      secret: null,
      accessTokenTtlSeconds: 900,
      loginMethods: { phone: true, email: true, wechat: true },
      sms: null,
      smtp: null,
      wechat: null,
    });
  });

  it("reads every provider", () => {
    const config = parseConfig(
      {
        AUTH_SECRET: SECRET,
        ACCESS_TOKEN_TTL_SECONDS: "60",
        LOGIN_METHODS: "phone, wechat",
        TRUST_PROXY: "10.0.0.1, 10.1.0.0/16",
        ...SMS,
        TENCENT_SMS_REGION: "ap-beijing",
        TENCENT_SMS_ENDPOINT: "http://127.0.0.1:9/",
        SMTP_URL: "smtps://mailer%40example.com:p%40ss@mail.example.com",
        MAIL_FROM: "福缘 <no-reply@example.com>",
        SMTP_CA_FILE: "/etc/ssl/relay.pem",
        ...WECHAT,
        WECHAT_API_BASE: "http://127.0.0.1:10/",
      },
      cwd,
    );
    expect(config.trustProxy).toEqual(["10.0.0.1", "10.1.0.0/16"]);
    expect(config.auth).toEqual({
      secret: SECRET,
      accessTokenTtlSeconds: 60,
      loginMethods: { phone: true, email: false, wechat: true },
      sms: {
        secretId: "AKID0000",
        secretKey: "key",
        sdkAppId: "1400006666",
        signName: "福缘",
        templateId: "1110",
        region: "ap-beijing",
        endpoint: "http://127.0.0.1:9",
      },
      smtp: {
        host: "mail.example.com",
        port: 465,
        secure: true,
        requireTls: true,
        auth: { user: "mailer@example.com", pass: "p@ss" },
        from: "福缘 <no-reply@example.com>",
        caFile: "/etc/ssl/relay.pem",
      },
      wechat: {
        open: { appId: "wxopen", appSecret: "open-secret" },
        mp: { appId: "wxmp", appSecret: "mp-secret" },
        apiBase: "http://127.0.0.1:10",
      },
    });
  });

  it("derives SMTP port and TLS from the parts", () => {
    expect(parseConfig({ ...SMTP }, cwd).auth.smtp).toMatchObject({
      port: 587,
      secure: false,
      requireTls: true,
      auth: null,
    });
    expect(
      parseConfig({ ...SMTP, SMTP_PORT: "465" }, cwd).auth.smtp,
    ).toMatchObject({
      port: 465,
      secure: true,
    });
    expect(
      parseConfig(
        {
          ...SMTP,
          SMTP_PORT: "25",
          SMTP_REQUIRE_TLS: "off",
          SMTP_USER: "u",
          SMTP_PASS: "p",
        },
        cwd,
      ).auth.smtp,
    ).toMatchObject({
      port: 25,
      secure: false,
      requireTls: false,
      auth: { user: "u", pass: "p" },
    });
    expect(
      parseConfig({ SMTP_URL: "smtp://relay", MAIL_FROM: "a@b.c" }, cwd).auth
        .smtp,
    ).toMatchObject({
      host: "relay",
      port: 587,
      secure: false,
      auth: null,
    });
  });

  it("accepts LOGIN_METHODS=none and TRUST_PROXY on/off", () => {
    expect(
      parseConfig({ LOGIN_METHODS: "none" }, cwd).auth.loginMethods,
    ).toEqual({
      phone: false,
      email: false,
      wechat: false,
    });
    expect(parseConfig({ TRUST_PROXY: "on" }, cwd).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: "0" }, cwd).trustProxy).toBe(false);
  });

  it("starts in production when every enabled method has its provider", () => {
    const base = {
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      PAYMENTS: "off",
    };
    expect(
      parseConfig({ ...base, ...SMS, ...SMTP, ...WECHAT }, cwd).devTools,
    ).toBe(false);
    expect(
      parseConfig({ ...base, LOGIN_METHODS: "email", ...SMTP }, cwd).auth
        .loginMethods.email,
    ).toBe(true);
    expect(
      parseConfig({ ...base, LOGIN_METHODS: "none" }, cwd).auth.smtp,
    ).toBeNull();
  });

  it.each([
    [
      { NODE_ENV: "production", LOGIN_METHODS: "none" },
      "AUTH_SECRET",
      "AUTH_SECRET: must be set in production (at least 32 bytes, e.g. `openssl rand -base64 48`)",
    ],
    [
      { AUTH_SECRET: "short" },
      "AUTH_SECRET",
      "AUTH_SECRET: must be at least 32 bytes (e.g. `openssl rand -base64 48`)",
    ],
    [
      { NODE_ENV: "production", AUTH_SECRET: SECRET },
      "LOGIN_METHODS",
      "LOGIN_METHODS: phone login needs SMS: set TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID; email login needs e-mail: set SMTP_URL or SMTP_HOST, MAIL_FROM; wechat login needs WeChat: set WECHAT_OPEN_APP_ID, WECHAT_OPEN_APP_SECRET, WECHAT_MP_APP_ID, WECHAT_MP_APP_SECRET (or remove phone, email, wechat from LOGIN_METHODS)",
    ],
    [
      {
        NODE_ENV: "production",
        AUTH_SECRET: SECRET,
        LOGIN_METHODS: "wechat,email",
        ...SMTP,
      },
      "LOGIN_METHODS",
      "LOGIN_METHODS: wechat login needs WeChat: set WECHAT_OPEN_APP_ID, WECHAT_OPEN_APP_SECRET, WECHAT_MP_APP_ID, WECHAT_MP_APP_SECRET (or remove wechat from LOGIN_METHODS)",
    ],
    [
      { ACCESS_TOKEN_TTL_SECONDS: "0" },
      "ACCESS_TOKEN_TTL_SECONDS",
      'ACCESS_TOKEN_TTL_SECONDS: "0" must be a whole number of seconds from 1 to 900',
    ],
    [
      { ACCESS_TOKEN_TTL_SECONDS: "901" },
      "ACCESS_TOKEN_TTL_SECONDS",
      'ACCESS_TOKEN_TTL_SECONDS: "901" must be a whole number of seconds from 1 to 900',
    ],
    [
      { ACCESS_TOKEN_TTL_SECONDS: "1.5" },
      "ACCESS_TOKEN_TTL_SECONDS",
      'ACCESS_TOKEN_TTL_SECONDS: "1.5" must be a whole number of seconds from 1 to 900',
    ],
    [
      { LOGIN_METHODS: "phone,sms" },
      "LOGIN_METHODS",
      'LOGIN_METHODS: "sms" is not a login method (use phone, email, wechat or none)',
    ],
    [
      { TRUST_PROXY: "proxy.local" },
      "TRUST_PROXY",
      'TRUST_PROXY: "proxy.local" must be on/off or comma-separated IP addresses/CIDRs of the proxies',
    ],
    [
      { TENCENT_SMS_SECRET_ID: "AKID", TENCENT_SMS_SIGN_NAME: "福缘" },
      "TENCENT_SMS_SECRET_KEY",
      "TENCENT_SMS_SECRET_KEY: Tencent SMS is partly configured: also set TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_TEMPLATE_ID",
    ],
    [
      { ...SMS, TENCENT_SMS_SDK_APP_ID: "app" },
      "TENCENT_SMS_SDK_APP_ID",
      'TENCENT_SMS_SDK_APP_ID: "app" must be digits',
    ],
    [
      { WECHAT_MP_APP_ID: "wxmp" },
      "WECHAT_OPEN_APP_ID",
      "WECHAT_OPEN_APP_ID: WeChat login is partly configured: also set WECHAT_OPEN_APP_ID, WECHAT_OPEN_APP_SECRET, WECHAT_MP_APP_SECRET",
    ],
    [
      { ...WECHAT, WECHAT_API_BASE: "ftp://x" },
      "WECHAT_API_BASE",
      "WECHAT_API_BASE: must use http or https, not ftp",
    ],
    [
      { SMTP_HOST: "smtp.example.com" },
      "MAIL_FROM",
      "MAIL_FROM: is required when SMTP is configured",
    ],
    [
      { ...SMTP, MAIL_FROM: "nobody" },
      "MAIL_FROM",
      'MAIL_FROM: "nobody" must be an address or "Name <address>"',
    ],
    [
      { MAIL_FROM: "a@b.c" },
      "MAIL_FROM",
      "MAIL_FROM: is set but SMTP is not: also set SMTP_URL or SMTP_HOST",
    ],
    [
      { ...SMTP, SMTP_USER: "u" },
      "SMTP_PASS",
      "SMTP_PASS: SMTP_USER and SMTP_PASS go together",
    ],
    [
      { ...SMTP, SMTP_PORT: "0" },
      "SMTP_PORT",
      'SMTP_PORT: "0" is not a port number (1-65535)',
    ],
    [
      { SMTP_URL: "smtp://relay", SMTP_HOST: "x", MAIL_FROM: "a@b.c" },
      "SMTP_HOST",
      "SMTP_HOST: cannot be combined with SMTP_URL (put it in the URL instead)",
    ],
    [
      { SMTP_URL: "https://relay", MAIL_FROM: "a@b.c" },
      "SMTP_URL",
      "SMTP_URL: must start with smtp:// or smtps://",
    ],
    [
      { SMTP_URL: "smtp://user@relay", MAIL_FROM: "a@b.c" },
      "SMTP_URL",
      "SMTP_URL: must carry both user and password, or neither",
    ],
  ])("rejects %j naming %s", (env, variable, message) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toBe(message);
  });
});
