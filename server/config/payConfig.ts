// Payments configuration: whether payments are on, the WeChat Pay API v3 merchant settings and the
// order sweeper's period, with their docs. Pure: parses what appConfig.ts reads (PEM paths are read
// when the payment provider is wired, see server/domain/payments/createPayProvider.ts).
import {
  ConfigError,
  type EnvValue,
  type EnvVarDoc,
  parseFlag,
  parseHttpUrl,
} from "./env";
import type { NodeEnv } from "./nodeEnv";

export interface WechatPayConfig {
  mchId: string;
  /** Serial number of the merchant API certificate. */
  merchantSerialNo: string;
  /** Inline PEM, or the path of a PEM file. */
  merchantPrivateKey: string;
  apiV3Key: string;
  /** Inline PEM (public key or certificate), or the path of one. */
  platformPublicKey: string;
  /** The platform certificate serial or "PUB_KEY_ID_…"; null: read from the certificate. */
  platformSerial: string | null;
  notifyUrl: string;
  /** null: https://api.mch.weixin.qq.com. */
  baseUrl: string | null;
  /** The app (official account) orders are placed for. */
  appId: string;
}

export interface PayConfig {
  /** PAYMENTS=off turns ordering-and-paying off entirely. */
  enabled: boolean;
  /** null: not configured (development uses the emulator when DEV_TOOLS is on). */
  wechatPay: WechatPayConfig | null;
  /** Period of the order sweeper (reconciliation and auto-cancel); 0 = not scheduled. */
  sweepIntervalSeconds: number;
}

const REQUIRED = [
  "WECHAT_PAY_MCH_ID",
  "WECHAT_PAY_SERIAL",
  "WECHAT_PAY_PRIVATE_KEY",
  "WECHAT_PAY_API_V3_KEY",
  "WECHAT_PAY_PLATFORM_PUBLIC_KEY",
  "WECHAT_PAY_NOTIFY_URL",
] as const;

export const PAY_ENV_VARS: readonly EnvVarDoc[] = [
  {
    name: "PAYMENTS",
    default: "on",
    description:
      "Blessing orders and WeChat Pay: on or off. In production, on needs every WECHAT_PAY_* setting below; off answers pay calls with 503.",
  },
  {
    name: "WECHAT_PAY_MCH_ID",
    default: "(unset)",
    description:
      "WeChat Pay merchant id (mchid). The WECHAT_PAY_* settings go together; unset in development uses the built-in emulator (/dev/pay/cashier; /dev/pay/h5 for phone browsers). Desktops pay by Native QR code, WeChat's browser by JSAPI, other phone browsers by H5: enable the H5 product with PUBLIC_URL's domain in the merchant platform, and set TRUST_PROXY behind a proxy so WeChat gets the payer's real IP.",
  },
  {
    name: "WECHAT_PAY_SERIAL",
    default: "(unset)",
    description: "Serial number of the merchant API certificate.",
  },
  {
    name: "WECHAT_PAY_PRIVATE_KEY",
    default: "(unset)",
    description:
      "Merchant API private key: the PEM itself (\\n escapes allowed) or the path of apiclient_key.pem.",
  },
  {
    name: "WECHAT_PAY_API_V3_KEY",
    default: "(unset)",
    description: "The 32-byte APIv3 key (decrypts payment notifications).",
  },
  {
    name: "WECHAT_PAY_PLATFORM_PUBLIC_KEY",
    default: "(unset)",
    description:
      "WeChat Pay public key or platform certificate (PEM or path) that verifies answers and notifications.",
  },
  {
    name: "WECHAT_PAY_PLATFORM_SERIAL",
    default: "(from the certificate)",
    description:
      'Its serial: the "PUB_KEY_ID_…" of a WeChat Pay public key (required then) or the platform certificate serial.',
  },
  {
    name: "WECHAT_PAY_NOTIFY_URL",
    default: "(unset)",
    description:
      "Public https URL WeChat Pay posts notifications to: PUBLIC_URL + /api/app/pay/v1/notify.",
  },
  {
    name: "WECHAT_PAY_BASE",
    default: "https://api.mch.weixin.qq.com",
    description: "WeChat Pay API base URL (tests point it at a loopback fake).",
  },
  {
    name: "WECHAT_PAY_APP_ID",
    default: "WECHAT_MP_APP_ID",
    description:
      "App id orders are placed for (the official account whose openid pays in JSAPI).",
  },
  {
    name: "ORDER_SWEEP_SECONDS",
    default: "60",
    description:
      "How often the server reconciles unpaid orders with WeChat Pay and cancels those unpaid for 30 minutes (0 = never; `npm run admin -- order:sweep` runs it once).",
  },
];

export function parsePayConfig(
  value: EnvValue,
  { nodeEnv }: { nodeEnv: NodeEnv },
): PayConfig {
  const enabledRaw = value("PAYMENTS");
  const enabled =
    enabledRaw === undefined ? true : parseFlag("PAYMENTS", enabledRaw);
  const wechatPay = parseWechatPay(value);
  if (enabled && wechatPay === null && nodeEnv === "production") {
    throw new ConfigError(
      REQUIRED[0],
      `payments need WeChat Pay in production: set ${REQUIRED.join(", ")} (or PAYMENTS=off)`,
    );
  }
  return {
    enabled,
    wechatPay,
    sweepIntervalSeconds: parseSweep(value("ORDER_SWEEP_SECONDS")),
  };
}

function parseSweep(raw: string | undefined): number {
  if (raw === undefined) return 60;
  if (!/^\d{1,6}$/.test(raw))
    throw new ConfigError(
      "ORDER_SWEEP_SECONDS",
      `"${raw}" must be a whole number of seconds (0 = never)`,
    );
  return Number(raw);
}

function parseWechatPay(value: EnvValue): WechatPayConfig | null {
  const found = REQUIRED.map((name) => [name, value(name)] as const);
  const missing = found.filter(([, v]) => v === undefined).map(([n]) => n);
  const extras = [
    "WECHAT_PAY_PLATFORM_SERIAL",
    "WECHAT_PAY_BASE",
    "WECHAT_PAY_APP_ID",
  ].filter((name) => value(name) !== undefined);
  if (missing.length === REQUIRED.length) {
    const [stray] = extras;
    if (stray !== undefined)
      throw new ConfigError(
        stray,
        `is set but WeChat Pay is not: also set ${REQUIRED.join(", ")}`,
      );
    return null;
  }
  const [first] = missing;
  if (first !== undefined)
    throw new ConfigError(
      first,
      `WeChat Pay is partly configured: also set ${missing.join(", ")}`,
    );
  const get = (name: (typeof REQUIRED)[number]): string => value(name) ?? "";

  const mchId = get("WECHAT_PAY_MCH_ID");
  if (!/^\d{6,32}$/.test(mchId))
    throw new ConfigError("WECHAT_PAY_MCH_ID", `"${mchId}" must be digits`);
  const apiV3Key = get("WECHAT_PAY_API_V3_KEY");
  if (Buffer.byteLength(apiV3Key, "utf8") !== 32)
    throw new ConfigError(
      "WECHAT_PAY_API_V3_KEY",
      "must be exactly 32 bytes (the APIv3 key set in the merchant platform)",
    );
  const platformPublicKey = unescapePem(get("WECHAT_PAY_PLATFORM_PUBLIC_KEY"));
  const platformSerial = value("WECHAT_PAY_PLATFORM_SERIAL") ?? null;
  if (platformSerial === null && platformPublicKey.includes("BEGIN PUBLIC KEY"))
    throw new ConfigError(
      "WECHAT_PAY_PLATFORM_SERIAL",
      'is required with a WeChat Pay public key (its "PUB_KEY_ID_…")',
    );
  const appId = value("WECHAT_PAY_APP_ID") ?? value("WECHAT_MP_APP_ID");
  if (appId === undefined)
    throw new ConfigError(
      "WECHAT_PAY_APP_ID",
      "is required when WECHAT_MP_APP_ID is not set (the app id orders are placed for)",
    );
  const base = value("WECHAT_PAY_BASE");
  return {
    mchId,
    merchantSerialNo: get("WECHAT_PAY_SERIAL"),
    merchantPrivateKey: unescapePem(get("WECHAT_PAY_PRIVATE_KEY")),
    apiV3Key,
    platformPublicKey,
    platformSerial,
    notifyUrl: parseHttpUrl(
      "WECHAT_PAY_NOTIFY_URL",
      get("WECHAT_PAY_NOTIFY_URL"),
      "https://fuyuan.example.com/api/app/pay/v1/notify",
    ),
    baseUrl:
      base === undefined
        ? null
        : parseHttpUrl(
            "WECHAT_PAY_BASE",
            base,
            "https://api.mch.weixin.qq.com",
          ),
    appId,
  };
}

/** An inline PEM may arrive with literal "\n" escapes (one-line env files). */
function unescapePem(raw: string): string {
  return raw.includes("-----BEGIN") ? raw.replaceAll("\\n", "\n") : raw;
}
