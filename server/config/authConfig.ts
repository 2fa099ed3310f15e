// Accounts configuration: the server secret, access-token life, enabled login methods and the
// SMS / e-mail / WeChat provider settings, with their docs. Pure: parses what appConfig.ts reads.
import {
  ConfigError,
  type EnvValue,
  type EnvVarDoc,
  parseFlag,
  parseHttpUrl,
} from "./env";
import type { NodeEnv } from "./nodeEnv";

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

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465) instead of STARTTLS. */
  secure: boolean;
  /** Without `secure`, refuse to send unless STARTTLS succeeds. */
  requireTls: boolean;
  auth: { user: string; pass: string } | null;
  from: string;
  /** PEM file of extra CAs to trust (a private relay), or null. */
  caFile: string | null;
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

export const AUTH_ENV_VARS: readonly EnvVarDoc[] = [
  {
    name: "AUTH_SECRET",
    default: "(generated in development)",
    description: `Server secret (at least ${MIN_SECRET_BYTES} bytes) signing access tokens and hashing one-time codes. Required in production; in development an unset secret is generated once and kept in the database.`,
  },
  {
    name: "ACCESS_TOKEN_TTL_SECONDS",
    default: "900",
    description: `Life of an access token in seconds (1-${MAX_ACCESS_TOKEN_TTL_SECONDS}); refresh tokens last at most 30 days.`,
  },
  {
    name: "LOGIN_METHODS",
    default: "phone,email,wechat",
    description:
      "Enabled login methods, comma-separated (or none). In production each enabled method needs its provider configured.",
  },
  {
    name: "TRUST_PROXY",
    default: "off",
    description:
      "Take the client IP (per-IP limits) from X-Forwarded-For: on (every peer is a trusted proxy; only behind a proxy!), off, or the proxies' comma-separated addresses/CIDRs.",
  },
  ...SMS_REQUIRED.map((name) => ({
    name,
    default: "(unset)",
    description: `Tencent Cloud SMS ${name.slice("TENCENT_SMS_".length).toLowerCase().replaceAll("_", " ")}; all five TENCENT_SMS_* credentials together turn real SMS on.`,
  })),
  {
    name: "TENCENT_SMS_REGION",
    default: "ap-guangzhou",
    description: "Tencent Cloud region (X-TC-Region) of the SMS API.",
  },
  {
    name: "TENCENT_SMS_ENDPOINT",
    default: "https://sms.tencentcloudapi.com",
    description:
      "Tencent Cloud SMS API endpoint (tests point it at a loopback fake).",
  },
  {
    name: "SMTP_URL",
    default: "(unset)",
    description:
      "smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465 (TLS); alternative to SMTP_HOST and friends.",
  },
  {
    name: "SMTP_HOST",
    default: "(unset)",
    description: "Host name of the SMTP relay that sends login-code e-mails.",
  },
  {
    name: "SMTP_PORT",
    default: "587 (465 with SMTP_SECURE)",
    description: "Port of the SMTP relay.",
  },
  {
    name: "SMTP_SECURE",
    default: "on for port 465",
    description: "TLS from the first byte (implicit TLS) instead of STARTTLS.",
  },
  {
    name: "SMTP_USER",
    default: "(unset)",
    description: "SMTP user name (with SMTP_PASS).",
  },
  {
    name: "SMTP_PASS",
    default: "(unset)",
    description: "SMTP password (with SMTP_USER).",
  },
  {
    name: "SMTP_REQUIRE_TLS",
    default: "on",
    description:
      "Without SMTP_SECURE, refuse to send unless STARTTLS succeeds (codes never cross the network in clear).",
  },
  {
    name: "SMTP_CA_FILE",
    default: "(unset)",
    description:
      "PEM file of extra CA certificates to trust for the SMTP relay.",
  },
  {
    name: "MAIL_FROM",
    default: "(unset)",
    description:
      'Sender of login-code e-mails, e.g. "福缘 <no-reply@example.com>".',
  },
  {
    name: "WECHAT_OPEN_APP_ID",
    default: "(unset)",
    description:
      "WeChat open-platform website app id (desktop QR login); all four WECHAT_*_APP_* together turn real WeChat login on.",
  },
  {
    name: "WECHAT_OPEN_APP_SECRET",
    default: "(unset)",
    description: "AppSecret of the WeChat website app.",
  },
  {
    name: "WECHAT_MP_APP_ID",
    default: "(unset)",
    description: "WeChat official account app id (login inside WeChat).",
  },
  {
    name: "WECHAT_MP_APP_SECRET",
    default: "(unset)",
    description: "AppSecret of the WeChat official account.",
  },
  {
    name: "WECHAT_API_BASE",
    default: "https://api.weixin.qq.com",
    description: "WeChat API base URL (tests point it at a loopback fake).",
  },
];

export interface AuthConfigContext {
  nodeEnv: NodeEnv;
}

export function parseAuthConfig(
  value: EnvValue,
  { nodeEnv }: AuthConfigContext,
): AuthConfig {
  const secret = value("AUTH_SECRET") ?? null;
  if (secret !== null && Buffer.byteLength(secret, "utf8") < MIN_SECRET_BYTES) {
    throw new ConfigError(
      "AUTH_SECRET",
      `must be at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 48\`)`,
    );
  }
  if (secret === null && nodeEnv === "production") {
    throw new ConfigError(
      "AUTH_SECRET",
      `must be set in production (at least ${MIN_SECRET_BYTES} bytes, e.g. \`openssl rand -base64 48\`)`,
    );
  }

  const config: AuthConfig = {
    secret,
    accessTokenTtlSeconds: parseTtl(value("ACCESS_TOKEN_TTL_SECONDS")),
    loginMethods: parseLoginMethods(value("LOGIN_METHODS")),
    sms: parseSms(value),
    smtp: parseSmtp(value),
    wechat: parseWechat(value),
  };
  if (nodeEnv === "production") requireProviders(config);
  return config;
}

function parseTtl(raw: string | undefined): number {
  if (raw === undefined) return MAX_ACCESS_TOKEN_TTL_SECONDS;
  const seconds = Number(raw);
  if (
    !/^\d+$/.test(raw) ||
    seconds < 1 ||
    seconds > MAX_ACCESS_TOKEN_TTL_SECONDS
  ) {
    throw new ConfigError(
      "ACCESS_TOKEN_TTL_SECONDS",
      `"${raw}" must be a whole number of seconds from 1 to ${MAX_ACCESS_TOKEN_TTL_SECONDS}`,
    );
  }
  return seconds;
}

function parseLoginMethods(
  raw: string | undefined,
): Record<LoginMethod, boolean> {
  const enabled = { phone: false, email: false, wechat: false };
  const words =
    raw === undefined
      ? [...LOGIN_METHODS]
      : raw
          .toLowerCase()
          .split(/[\s,]+/)
          .filter((word) => word !== "");
  if (words.length === 1 && words[0] === "none") return enabled;
  for (const word of words) {
    const method = LOGIN_METHODS.find((m) => m === word);
    if (method === undefined) {
      throw new ConfigError(
        "LOGIN_METHODS",
        `"${word}" is not a login method (use ${LOGIN_METHODS.join(", ")} or none)`,
      );
    }
    enabled[method] = true;
  }
  return enabled;
}

/** All of `names` or none: a half-configured provider is a mistake worth stopping for. */
function allOrNone<const N extends string>(
  value: EnvValue,
  what: string,
  names: readonly N[],
): Record<N, string> | null {
  const found = names.map((name) => [name, value(name)] as const);
  const missing = found.filter(([, v]) => v === undefined).map(([n]) => n);
  if (missing.length === names.length) return null;
  const [first] = missing;
  if (first !== undefined) {
    throw new ConfigError(
      first,
      `${what} is partly configured: also set ${missing.join(", ")}`,
    );
  }
  return Object.fromEntries(found) as Record<N, string>;
}

function parseSms(value: EnvValue): TencentSmsConfig | null {
  const set = allOrNone(value, "Tencent SMS", SMS_REQUIRED);
  const region = value("TENCENT_SMS_REGION");
  const endpoint = value("TENCENT_SMS_ENDPOINT");
  if (set === null) return null;
  for (const name of [
    "TENCENT_SMS_SDK_APP_ID",
    "TENCENT_SMS_TEMPLATE_ID",
  ] as const) {
    if (!/^\d+$/.test(set[name]))
      throw new ConfigError(name, `"${set[name]}" must be digits`);
  }
  return {
    secretId: set.TENCENT_SMS_SECRET_ID,
    secretKey: set.TENCENT_SMS_SECRET_KEY,
    sdkAppId: set.TENCENT_SMS_SDK_APP_ID,
    signName: set.TENCENT_SMS_SIGN_NAME,
    templateId: set.TENCENT_SMS_TEMPLATE_ID,
    region: region ?? "ap-guangzhou",
    endpoint:
      endpoint === undefined
        ? null
        : parseHttpUrl(
            "TENCENT_SMS_ENDPOINT",
            endpoint,
            "https://sms.tencentcloudapi.com",
          ),
  };
}

const SMTP_VARIABLES = [
  "SMTP_URL",
  "SMTP_HOST",
  "SMTP_PORT",
  "SMTP_SECURE",
  "SMTP_USER",
  "SMTP_PASS",
  "SMTP_REQUIRE_TLS",
  "SMTP_CA_FILE",
  "MAIL_FROM",
] as const;

function parseSmtp(value: EnvValue): SmtpConfig | null {
  const given = SMTP_VARIABLES.filter((name) => value(name) !== undefined);
  const url = value("SMTP_URL");
  const host = value("SMTP_HOST");
  if (url === undefined && host === undefined) {
    for (const name of given) {
      throw new ConfigError(
        name,
        "is set but SMTP is not: also set SMTP_URL or SMTP_HOST",
      );
    }
    return null;
  }
  if (url !== undefined) {
    const clash = given.find((name) =>
      [
        "SMTP_HOST",
        "SMTP_PORT",
        "SMTP_SECURE",
        "SMTP_USER",
        "SMTP_PASS",
      ].includes(name),
    );
    if (clash !== undefined)
      throw new ConfigError(
        clash,
        "cannot be combined with SMTP_URL (put it in the URL instead)",
      );
  }
  const from = value("MAIL_FROM");
  if (from === undefined)
    throw new ConfigError("MAIL_FROM", "is required when SMTP is configured");
  if (!/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(from))
    throw new ConfigError(
      "MAIL_FROM",
      `"${from}" must be an address or "Name <address>"`,
    );
  const caFile = value("SMTP_CA_FILE") ?? null;
  const server = url !== undefined ? smtpFromUrl(url) : smtpFromParts(value);
  const requireTlsRaw = value("SMTP_REQUIRE_TLS");
  return {
    ...server,
    requireTls:
      requireTlsRaw === undefined
        ? true
        : parseFlag("SMTP_REQUIRE_TLS", requireTlsRaw),
    from,
    caFile,
  };
}

type SmtpServer = Pick<SmtpConfig, "host" | "port" | "secure" | "auth">;

function smtpFromUrl(raw: string): SmtpServer {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      "SMTP_URL",
      "is not a URL (smtp://user:pass@host:587)",
    );
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new ConfigError("SMTP_URL", "must start with smtp:// or smtps://");
  if (url.hostname === "")
    throw new ConfigError("SMTP_URL", "must name a host");
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  if ((user === "") !== (pass === ""))
    throw new ConfigError(
      "SMTP_URL",
      "must carry both user and password, or neither",
    );
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port === "" ? (secure ? 465 : 587) : Number(url.port),
    secure,
    auth: user === "" ? null : { user, pass },
  };
}

function smtpFromParts(value: EnvValue): SmtpServer {
  const host = value("SMTP_HOST") ?? "";
  const portRaw = value("SMTP_PORT");
  if (
    portRaw !== undefined &&
    (!/^\d+$/.test(portRaw) || Number(portRaw) < 1 || Number(portRaw) > 65535)
  )
    throw new ConfigError(
      "SMTP_PORT",
      `"${portRaw}" is not a port number (1-65535)`,
    );
  const secureRaw = value("SMTP_SECURE");
  const secure =
    secureRaw !== undefined
      ? parseFlag("SMTP_SECURE", secureRaw)
      : portRaw === "465";
  const port = portRaw === undefined ? (secure ? 465 : 587) : Number(portRaw);
  const user = value("SMTP_USER");
  const pass = value("SMTP_PASS");
  if ((user === undefined) !== (pass === undefined))
    throw new ConfigError(
      user === undefined ? "SMTP_USER" : "SMTP_PASS",
      "SMTP_USER and SMTP_PASS go together",
    );
  return {
    host,
    port,
    secure,
    auth: user === undefined || pass === undefined ? null : { user, pass },
  };
}

function parseWechat(value: EnvValue): WechatConfig | null {
  const set = allOrNone(value, "WeChat login", WECHAT_REQUIRED);
  const apiBase = value("WECHAT_API_BASE");
  if (set === null) return null;
  return {
    open: {
      appId: set.WECHAT_OPEN_APP_ID,
      appSecret: set.WECHAT_OPEN_APP_SECRET,
    },
    mp: { appId: set.WECHAT_MP_APP_ID, appSecret: set.WECHAT_MP_APP_SECRET },
    apiBase:
      apiBase === undefined
        ? null
        : parseHttpUrl("WECHAT_API_BASE", apiBase, "https://api.weixin.qq.com"),
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
