// Payments configuration: whether payments are on, the WeChat Pay API v3 merchant settings and the
// order sweeper's period, declared once (PAY_ENV), and the rules across them (WeChat Pay all or
// nothing; production needs it while payments are on). Pure: PEM paths are read when the payment
// provider is wired (server/domain/payments/createPayProvider.ts).
import { z } from "zod";
import { WECHAT_PAY_BASE } from "../providers/wechatPay/WechatPayClient";
import { allOrNone, ConfigError, envVar, type NodeEnv } from "./env";
import { flag, httpUrl, quoting } from "./envSchemas";

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
/** Settings that only mean something with the REQUIRED ones. */
const EXTRAS = [
  "WECHAT_PAY_PLATFORM_SERIAL",
  "WECHAT_PAY_BASE",
  "WECHAT_PAY_APP_ID",
] as const;

/** An inline PEM may arrive with literal "\n" escapes (one-line env files). */
const pem = z
  .string()
  .transform((raw) =>
    raw.includes("-----BEGIN") ? raw.replaceAll("\\n", "\n") : raw,
  );

export const PAY_ENV = z.object({
  PAYMENTS: envVar(flag, {
    default: "on",
    description:
      "Blessing orders and WeChat Pay: on or off. In production, on needs every WECHAT_PAY_* setting below; off answers pay calls with 503.",
  }),
  WECHAT_PAY_MCH_ID: envVar(
    z.string().regex(/^\d{6,32}$/, { error: quoting("must be digits") }),
    {
      description:
        "WeChat Pay merchant id (mchid). The WECHAT_PAY_* settings go together; unset in development uses the built-in emulator (/dev/pay/cashier; /dev/pay/h5 for phone browsers). Desktops pay by Native QR code, WeChat's browser by JSAPI, other phone browsers by H5: enable the H5 product with PUBLIC_URL's domain in the merchant platform, and set TRUST_PROXY behind a proxy so WeChat gets the payer's real IP.",
    },
  ),
  WECHAT_PAY_SERIAL: envVar(z.string(), {
    description: "Serial number of the merchant API certificate.",
  }),
  WECHAT_PAY_PRIVATE_KEY: envVar(pem, {
    description:
      "Merchant API private key: the PEM itself (\\n escapes allowed) or the path of apiclient_key.pem.",
  }),
  WECHAT_PAY_API_V3_KEY: envVar(
    z
      .string()
      .refine(
        (key) => Buffer.byteLength(key, "utf8") === 32,
        "must be exactly 32 bytes (the APIv3 key set in the merchant platform)",
      ),
    {
      description: "The 32-byte APIv3 key (decrypts payment notifications).",
    },
  ),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: envVar(pem, {
    description:
      "WeChat Pay public key or platform certificate (PEM or path) that verifies answers and notifications.",
  }),
  WECHAT_PAY_PLATFORM_SERIAL: envVar(z.string(), {
    whenUnset: "(from the certificate)",
    description:
      'Its serial: the "PUB_KEY_ID_…" of a WeChat Pay public key (required then) or the platform certificate serial.',
  }),
  WECHAT_PAY_NOTIFY_URL: envVar(
    httpUrl("https://fuyuan.example.com/api/app/pay/v1/notify"),
    {
      description:
        "Public https URL WeChat Pay posts notifications to: PUBLIC_URL + /api/app/pay/v1/notify.",
    },
  ),
  WECHAT_PAY_BASE: envVar(httpUrl(WECHAT_PAY_BASE), {
    whenUnset: WECHAT_PAY_BASE,
    description: "WeChat Pay API base URL (tests point it at a loopback fake).",
  }),
  WECHAT_PAY_APP_ID: envVar(z.string(), {
    whenUnset: "WECHAT_MP_APP_ID",
    description:
      "App id orders are placed for (the official account whose openid pays in JSAPI).",
  }),
  ORDER_SWEEP_SECONDS: envVar(
    z
      .string()
      .regex(/^\d{1,6}$/, {
        error: quoting("must be a whole number of seconds (0 = never)"),
      })
      .transform(Number),
    {
      default: "60",
      description:
        "How often the server reconciles unpaid orders with WeChat Pay and cancels those unpaid for 30 minutes (0 = never; `npm run admin -- order:sweep` runs it once).",
    },
  ),
});

type PayValues = z.output<typeof PAY_ENV> & {
  NODE_ENV: NodeEnv;
  WECHAT_MP_APP_ID?: string | undefined;
};

/** The payments configuration from the parsed variables. */
export function payConfigOf(values: PayValues): PayConfig {
  const wechatPay = wechatPayOf(values);
  if (
    values.PAYMENTS &&
    wechatPay === null &&
    values.NODE_ENV === "production"
  ) {
    throw new ConfigError(
      REQUIRED[0],
      `payments need WeChat Pay in production: set ${REQUIRED.join(", ")} (or PAYMENTS=off)`,
    );
  }
  return {
    enabled: values.PAYMENTS,
    wechatPay,
    sweepIntervalSeconds: values.ORDER_SWEEP_SECONDS,
  };
}

function wechatPayOf(values: PayValues): WechatPayConfig | null {
  const set = allOrNone(values, "WeChat Pay", REQUIRED);
  if (set === null) {
    const stray = EXTRAS.find((name) => values[name] !== undefined);
    if (stray !== undefined)
      throw new ConfigError(
        stray,
        `is set but WeChat Pay is not: also set ${REQUIRED.join(", ")}`,
      );
    return null;
  }
  const platformPublicKey = set.WECHAT_PAY_PLATFORM_PUBLIC_KEY;
  const platformSerial = values.WECHAT_PAY_PLATFORM_SERIAL ?? null;
  if (platformSerial === null && platformPublicKey.includes("BEGIN PUBLIC KEY"))
    throw new ConfigError(
      "WECHAT_PAY_PLATFORM_SERIAL",
      'is required with a WeChat Pay public key (its "PUB_KEY_ID_…")',
    );
  const appId = values.WECHAT_PAY_APP_ID ?? values.WECHAT_MP_APP_ID;
  if (appId === undefined)
    throw new ConfigError(
      "WECHAT_PAY_APP_ID",
      "is required when WECHAT_MP_APP_ID is not set (the app id orders are placed for)",
    );
  return {
    mchId: set.WECHAT_PAY_MCH_ID,
    merchantSerialNo: set.WECHAT_PAY_SERIAL,
    merchantPrivateKey: set.WECHAT_PAY_PRIVATE_KEY,
    apiV3Key: set.WECHAT_PAY_API_V3_KEY,
    platformPublicKey,
    platformSerial,
    notifyUrl: set.WECHAT_PAY_NOTIFY_URL,
    baseUrl: values.WECHAT_PAY_BASE ?? null,
    appId,
  };
}
