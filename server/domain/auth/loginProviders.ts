// Wires the login providers from configuration: a configured provider uses its real client; an
// unconfigured one falls back to its development emulator (DevOutbox, EmulatedWechat) only when
// DEV_TOOLS is on outside production; otherwise that login method is unavailable (null).
import { WECHAT_LOGIN_TYPES, type WechatLoginType } from "#contract";
import { readFileSync } from "node:fs";
import type { Logger } from "pino";
import type { AppConfig } from "../../config/appConfig";
import { ConfigError } from "../../config/env";
import type { EmailSender } from "../../providers/email/EmailSender";
import { EmulatedEmailSender } from "../../providers/email/EmulatedEmailSender";
import { SmtpEmailSender } from "../../providers/email/SmtpEmailSender";
import type { Clock, ProviderLogger } from "../../providers/lib/runtime";
import { DevOutbox } from "../../providers/outbox/DevOutbox";
import { EmulatedSmsSender } from "../../providers/sms/EmulatedSmsSender";
import type { SmsSender } from "../../providers/sms/SmsSender";
import { TencentSmsSender } from "../../providers/sms/TencentSmsSender";
import { EmulatedWechat } from "../../providers/wechat/EmulatedWechat";
import { HttpWechatOAuthClient } from "../../providers/wechat/HttpWechatOAuthClient";
import type { WechatOAuthClient } from "../../providers/wechat/WechatOAuthClient";

/** App ids the WeChat emulator reports (website QR login, official account). */
export const EMULATOR_APP_IDS: Readonly<Record<WechatLoginType, string>> = {
  [WECHAT_LOGIN_TYPES.website]: "wx_fuyuan_dev_emulator",
  [WECHAT_LOGIN_TYPES.inApp]: "wx_fuyuan_dev_emulator_mp",
};

export interface WechatLogin {
  clients: Readonly<Record<WechatLoginType, WechatOAuthClient>>;
  /** The emulator behind the clients in development, else null. */
  emulator: EmulatedWechat | null;
}

export interface LoginProviders {
  /** null: phone login unavailable. */
  sms: SmsSender | null;
  /** null: e-mail login unavailable. */
  email: EmailSender | null;
  /** null: WeChat login unavailable. */
  wechat: WechatLogin | null;
  /** The development outbox (emulated SMS and e-mail write to it); null outside development. */
  outbox: DevOutbox | null;
  /** Releases provider resources (SMTP connections). */
  close(): void;
}

/** Emulators may stand in for unconfigured providers: DEV_TOOLS on, and never in production. */
export function emulatorsAllowed(
  config: Pick<AppConfig, "devTools" | "nodeEnv">,
): boolean {
  return config.devTools && config.nodeEnv !== "production";
}

export function createLoginProviders(
  config: AppConfig,
  { logger, clock }: { logger: Logger; clock: Clock },
): LoginProviders {
  const { auth } = config;
  const providerLogger: ProviderLogger = logger.child({
    component: "providers",
  });
  const emulate = emulatorsAllowed(config);
  const outbox = emulate ? new DevOutbox({ clock }) : null;

  let sms: SmsSender | null = null;
  if (auth.loginMethods.phone && auth.sms !== null) {
    const { endpoint, ...credentials } = auth.sms;
    sms = new TencentSmsSender({
      ...credentials,
      ...(endpoint === null ? {} : { endpoint }),
      clock,
      logger: providerLogger,
    });
  } else if (auth.loginMethods.phone && outbox !== null) {
    sms = new EmulatedSmsSender({ outbox, logger: providerLogger });
  }

  let smtp: SmtpEmailSender | null = null;
  let email: EmailSender | null = null;
  if (auth.loginMethods.email && auth.smtp !== null) {
    const { host, port, secure, requireTls, from, caFile } = auth.smtp;
    smtp = new SmtpEmailSender({
      host,
      port,
      secure,
      requireTls,
      from,
      ...(auth.smtp.auth === null ? {} : { auth: auth.smtp.auth }),
      ...(caFile === null ? {} : { tls: { ca: readCaFile(caFile) } }),
      logger: providerLogger,
    });
    email = smtp;
  } else if (auth.loginMethods.email && outbox !== null) {
    email = new EmulatedEmailSender({ outbox, logger: providerLogger });
  }

  let wechat: WechatLogin | null = null;
  if (auth.loginMethods.wechat && auth.wechat !== null) {
    const { open, mp, apiBase } = auth.wechat;
    const client = (appType: WechatLoginType, app: typeof open) =>
      new HttpWechatOAuthClient({
        appType,
        ...app,
        ...(apiBase === null ? {} : { baseUrl: apiBase }),
      });
    wechat = {
      clients: {
        [WECHAT_LOGIN_TYPES.website]: client(WECHAT_LOGIN_TYPES.website, open),
        [WECHAT_LOGIN_TYPES.inApp]: client(WECHAT_LOGIN_TYPES.inApp, mp),
      },
      emulator: null,
    };
  } else if (auth.loginMethods.wechat && emulate) {
    const emulator = new EmulatedWechat({ clock, appIds: EMULATOR_APP_IDS });
    wechat = {
      clients: {
        [WECHAT_LOGIN_TYPES.website]: emulator.client(
          WECHAT_LOGIN_TYPES.website,
        ),
        [WECHAT_LOGIN_TYPES.inApp]: emulator.client(WECHAT_LOGIN_TYPES.inApp),
      },
      emulator,
    };
  }

  return {
    sms,
    email,
    wechat,
    outbox,
    close: () => smtp?.close(),
  };
}

function readCaFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(
      "SMTP_CA_FILE",
      `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
