// Accounts configuration: the server secret, access-token life, enabled login methods, client-IP
// trust and the SMS / e-mail (smtpConfig.ts) / WeChat provider settings, declared once (AUTH_ENV),
// and the rules across them (a provider all or nothing; production needs a provider per enabled
// method). Pure.
import { z } from "zod";
import { TENCENT_SMS_ENDPOINT } from "../providers/sms/TencentSmsSender";
import { WECHAT_API_BASE } from "../providers/wechat/wechatApi";
import { allOrNone, ConfigError, type Env, envVar, type NodeEnv } from "./env";
import { flag, httpUrl, isFlagWord, quoting, wholeNumber } from "./envSchemas";
import { type SmtpConfig, smtpConfigOf, SMTP_ENV } from "./smtpConfig";

export const LOGIN_METHODS = ["phone", "email", "wechat"] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const MIN_SECRET_BYTES = 32;
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 900;

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** null: Tencent's public endpoint. */
  endpoint: string | null;
}

export interface WechatAppConfig {
  appId: string;
  appSecret: string;
}

export interface WechatConfig {
  /** Open-platform website app (desktop QR login, type 1). */
  open: WechatAppConfig;
  /** Official account (in-app login, type 2). */
  mp: WechatAppConfig;
  /** null: https://api.weixin.qq.com. */
  apiBase: string | null;
}

export interface AuthConfig {
  /** AUTH_SECRET; null outside production means "generate once and keep it in the database". */
  secret: string | null;
  accessTokenTtlSeconds: number;
  /** What LOGIN_METHODS enables (a method also needs its provider or, in development, an emulator). */
  loginMethods: Record<LoginMethod, boolean>;
  sms: TencentSmsConfig | null;
  smtp: SmtpConfig | null;
  wechat: WechatConfig | null;
}

const SMS_REQUIRED = [
  "TENCENT_SMS_SECRET_ID",
  "TENCENT_SMS_SECRET_KEY",
  "TENCENT_SMS_SDK_APP_ID",
  "TENCENT_SMS_SIGN_NAME",
  "TENCENT_SMS_TEMPLATE_ID",
] as const;
const WECHAT_REQUIRED = [
  "WECHAT_OPEN_APP_ID",
  "WECHAT_OPEN_APP_SECRET",
  "WECHAT_MP_APP_ID",
  "WECHAT_MP_APP_SECRET",
] as const;
const SMTP_REQUIRED = ["SMTP_URL or SMTP_HOST", "MAIL_FROM"] as const;
const loginMethods = z
  .string()
  .transform((raw) => {
    const words = raw
      .toLowerCase()
      .split(/[\s,]+/)
      .filter((word) => word !== "");
    return words.length === 1 && words[0] === "none" ? [] : words;
  })
  .pipe(
    z.array(
      z.enum(LOGIN_METHODS, {
        error: quoting(
          `is not a login method (use ${LOGIN_METHODS.join(", ")} or none)`,
        ),
      }),
    ),
  )
  .transform((methods) => ({
    phone: methods.includes("phone"),
    email: methods.includes("email"),
    wechat: methods.includes("wechat"),
  }));

/** on/off, or the proxies' comma-separated addresses / CIDR ranges (Fastify has no hop counts). */
const trustProxy = z
  .string()
  .refine(
    (raw) =>
      isFlagWord(raw) ||
      raw
        .split(",")
        .every((part) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part.trim())),
    {
      error: quoting(
        "must be on/off or comma-separated IP addresses/CIDRs of the proxies",
      ),
    },
  )
  .transform((raw): boolean | string[] =>
    isFlagWord(raw)
      ? flag.parse(raw)
      : raw.split(",").map((part) => part.trim()),
  );

const digits = z.string().regex(/^\d+$/, { error: quoting("must be digits") });

const smsCredential = (
  what: string,
  schema: z.ZodType<string, string> = z.string(),
) =>
  envVar(schema, {
    description: `Tencent Cloud SMS ${what}; all five TENCENT_SMS_* credentials together turn real SMS on.`,
  });

export const AUTH_ENV = z.object({
  AUTH_SECRET: envVar(
    z
      .string()
      .refine(
        (secret) => Buffer.byteLength(secret, "utf8") >= MIN_SECRET_BYTES,
        `must be at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 48\`)`,
      ),
    {
      whenUnset: "(generated in development)",
      description: `Server secret (at least ${MIN_SECRET_BYTES} bytes) signing access tokens and hashing one-time codes. Required in production; in development an unset secret is generated once and kept in the database.`,
    },
  ),
  ACCESS_TOKEN_TTL_SECONDS: envVar(
    wholeNumber(
      1,
      MAX_ACCESS_TOKEN_TTL_SECONDS,
      `must be a whole number of seconds from 1 to ${MAX_ACCESS_TOKEN_TTL_SECONDS}`,
    ),
    {
      default: String(MAX_ACCESS_TOKEN_TTL_SECONDS),
      description: `Life of an access token in seconds (1-${MAX_ACCESS_TOKEN_TTL_SECONDS}); refresh tokens last at most 30 days.`,
    },
  ),
  LOGIN_METHODS: envVar(loginMethods, {
    default: LOGIN_METHODS.join(","),
    description:
      "Enabled login methods, comma-separated (or none). In production each enabled method needs its provider configured.",
  }),
  TRUST_PROXY: envVar(trustProxy, {
    default: "off",
    description:
      "Take the client IP (per-IP limits) from X-Forwarded-For: on (every peer is a trusted proxy; only behind a proxy!), off, or the proxies' comma-separated addresses/CIDRs.",
  }),
  TENCENT_SMS_SECRET_ID: smsCredential("secret id"),
  TENCENT_SMS_SECRET_KEY: smsCredential("secret key"),
  TENCENT_SMS_SDK_APP_ID: smsCredential("sdk app id", digits),
  TENCENT_SMS_SIGN_NAME: smsCredential("sign name"),
  TENCENT_SMS_TEMPLATE_ID: smsCredential("template id", digits),
  TENCENT_SMS_REGION: envVar(z.string(), {
    default: "ap-guangzhou",
    description: "Tencent Cloud region (X-TC-Region) of the SMS API.",
  }),
  TENCENT_SMS_ENDPOINT: envVar(httpUrl(TENCENT_SMS_ENDPOINT), {
    whenUnset: TENCENT_SMS_ENDPOINT,
    description:
      "Tencent Cloud SMS API endpoint (tests point it at a loopback fake).",
  }),
  ...SMTP_ENV.shape,
  WECHAT_OPEN_APP_ID: envVar(z.string(), {
    description:
      "WeChat open-platform website app id (desktop QR login); all four WECHAT_*_APP_* together turn real WeChat login on.",
  }),
  WECHAT_OPEN_APP_SECRET: envVar(z.string(), {
    description: "AppSecret of the WeChat website app.",
  }),
  WECHAT_MP_APP_ID: envVar(z.string(), {
    description: "WeChat official account app id (login inside WeChat).",
  }),
  WECHAT_MP_APP_SECRET: envVar(z.string(), {
    description: "AppSecret of the WeChat official account.",
  }),
  WECHAT_API_BASE: envVar(httpUrl(WECHAT_API_BASE), {
    whenUnset: WECHAT_API_BASE,
    description: "WeChat API base URL (tests point it at a loopback fake).",
  }),
});

type AuthValues = z.output<typeof AUTH_ENV> & { NODE_ENV: NodeEnv };

/** The accounts configuration from the parsed variables (`env` tells which were given). */
export function authConfigOf(values: AuthValues, env: Env): AuthConfig {
  const secret = values.AUTH_SECRET ?? null;
  const production = values.NODE_ENV === "production";
  if (secret === null && production) {
    throw new ConfigError(
      "AUTH_SECRET",
      `must be set in production (at least ${MIN_SECRET_BYTES} bytes, e.g. \`openssl rand -base64 48\`)`,
    );
  }
  const config: AuthConfig = {
    secret,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    loginMethods: values.LOGIN_METHODS,
    sms: smsOf(values),
    smtp: smtpConfigOf(values, env),
    wechat: wechatOf(values),
  };
  if (production) requireProviders(config);
  return config;
}

function smsOf(values: AuthValues): TencentSmsConfig | null {
  const set = allOrNone(values, "Tencent SMS", SMS_REQUIRED);
  if (set === null) return null;
  return {
    secretId: set.TENCENT_SMS_SECRET_ID,
    secretKey: set.TENCENT_SMS_SECRET_KEY,
    sdkAppId: set.TENCENT_SMS_SDK_APP_ID,
    signName: set.TENCENT_SMS_SIGN_NAME,
    templateId: set.TENCENT_SMS_TEMPLATE_ID,
    region: values.TENCENT_SMS_REGION,
    endpoint: values.TENCENT_SMS_ENDPOINT ?? null,
  };
}

function wechatOf(values: AuthValues): WechatConfig | null {
  const set = allOrNone(values, "WeChat login", WECHAT_REQUIRED);
  if (set === null) return null;
  return {
    open: {
      appId: set.WECHAT_OPEN_APP_ID,
      appSecret: set.WECHAT_OPEN_APP_SECRET,
    },
    mp: { appId: set.WECHAT_MP_APP_ID, appSecret: set.WECHAT_MP_APP_SECRET },
    apiBase: values.WECHAT_API_BASE ?? null,
  };
}

/** Production: every enabled method needs its real provider (emulators never stand in). */
function requireProviders(config: AuthConfig): void {
  const gaps: {
    method: LoginMethod;
    what: string;
    names: readonly string[];
  }[] = [];
  if (config.loginMethods.phone && config.sms === null)
    gaps.push({ method: "phone", what: "SMS", names: SMS_REQUIRED });
  if (config.loginMethods.email && config.smtp === null)
    gaps.push({ method: "email", what: "e-mail", names: SMTP_REQUIRED });
  if (config.loginMethods.wechat && config.wechat === null)
    gaps.push({ method: "wechat", what: "WeChat", names: WECHAT_REQUIRED });
  const [first] = gaps;
  if (first === undefined) return;
  const detail = gaps
    .map(
      (gap) =>
        `${gap.method} login needs ${gap.what}: set ${gap.names.join(", ")}`,
    )
    .join("; ");
  throw new ConfigError(
    "LOGIN_METHODS",
    `${detail} (or remove ${gaps.map((g) => g.method).join(", ")} from LOGIN_METHODS)`,
  );
}
