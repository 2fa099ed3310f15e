// Loopback fake of WeChat Pay API v3: the WechatPayEmulator (merchant-signature checks, orders,
// platform-signed answers) served over real HTTP, able to break the next answer on purpose (signed
// error, tampered body/signature, unsigned, unknown serial, stale timestamp).
import type { IncomingMessage } from "node:http";
import { generateEmulatorKeys } from "../../../server/providers/wechatPay/emulatorKeys";
import type { WechatPayEmulatorKeys } from "../../../server/providers/wechatPay/emulatorKeys";
import { rsaSign } from "../../../server/providers/wechatPay/wechatPayCrypto";
import { WechatPayEmulator } from "../../../server/providers/wechatPay/WechatPayEmulator";
import type { EmulatorResponse } from "../../../server/providers/wechatPay/WechatPayEmulator";
import { delay, startLoopbackServer } from "./loopbackServer";

export type FakePayMischief =
  | { kind: "error"; status: number; code: string; message: string }
  | { kind: "tamperBody" }
  | { kind: "tamperSignature" }
  | { kind: "unsigned" }
  | { kind: "unknownSerial" }
  | { kind: "staleTimestamp" };

export interface RecordedPayRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  status: number;
}

export interface FakeWechatPay {
  url: string;
  emulator: WechatPayEmulator;
  keys: WechatPayEmulatorKeys;
  mchId: string;
  appIds: readonly string[];
  publicUrl: string;
  requests: RecordedPayRequest[];
  /** Applied to the next answer only. */
  nextAnswer: FakePayMischief | undefined;
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeWechatPay(options: {
  appIds: readonly string[];
  mchId?: string;
  keys?: WechatPayEmulatorKeys;
  publicUrl?: string;
  now?: () => number;
}): Promise<FakeWechatPay> {
  const keys = options.keys ?? generateEmulatorKeys();
  const mchId = options.mchId ?? "1230000109";
  const publicUrl = options.publicUrl ?? "https://fuyuan.example";
  const now = options.now ?? Date.now;
  const emulator = new WechatPayEmulator({
    keys,
    mchId,
    appIds: options.appIds,
    publicUrl,
    clock: now,
  });

  function misbehave(
    answer: EmulatorResponse,
    mischief: FakePayMischief,
  ): EmulatorResponse {
    const headers = { ...answer.headers };
    switch (mischief.kind) {
      case "error":
        return emulator.signResponse(mischief.status, {
          code: mischief.code,
          message: mischief.message,
        });
      case "tamperBody":
        return {
          ...answer,
          body: answer.body.replace(
            /"(prepay_id|code_url|trade_state)":"[^"]*"/,
            '"$1":"FORGED"',
          ),
        };
      case "tamperSignature":
        headers["Wechatpay-Signature"] = rsaSign(
          "another message",
          keys.platform.privateKeyPem,
        );
        return { ...answer, headers };
      case "unsigned":
        return {
          ...answer,
          headers: Object.fromEntries(
            Object.entries(headers).filter(
              ([name]) => !name.startsWith("Wechatpay-"),
            ),
          ),
        };
      case "unknownSerial":
        headers["Wechatpay-Serial"] =
          "0000000000000000000000000000000000000000";
        return { ...answer, headers };
      case "staleTimestamp":
        return emulator.signResponse(
          answer.status,
          answer.body === "" ? undefined : JSON.parse(answer.body),
          {
            timestamp: Math.floor(now() / 1000) - 600,
          },
        );
    }
  }

  const server = await startLoopbackServer(async (req, res, body) => {
    if (fake.delayMs > 0) await delay(fake.delayMs);
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    let answer = emulator.handle({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers,
      body,
    });
    const mischief = fake.nextAnswer;
    fake.nextAnswer = undefined;
    if (mischief) answer = misbehave(answer, mischief);
    fake.requests.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body,
      status: answer.status,
    });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });

  const fake: FakeWechatPay = {
    url: server.url,
    emulator,
    keys,
    mchId,
    appIds: options.appIds,
    publicUrl,
    requests: [],
    nextAnswer: undefined,
    delayMs: 0,
    close: () => server.close(),
  };
  return fake;
}

/** The WECHAT_PAY_* settings that point a server's real WechatPayClient at this fake. */
export function wechatPayEnv(
  fake: FakeWechatPay,
  appId: string,
): Record<string, string> {
  return {
    WECHAT_PAY_MCH_ID: fake.mchId,
    WECHAT_PAY_SERIAL: fake.keys.merchant.serialNo,
    WECHAT_PAY_PRIVATE_KEY: fake.keys.merchant.privateKeyPem.replaceAll(
      "\n",
      "\\n",
    ),
    WECHAT_PAY_API_V3_KEY: fake.keys.apiV3Key,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: fake.keys.platform.publicKeyPem,
    WECHAT_PAY_PLATFORM_SERIAL: fake.keys.platform.serialNo,
    WECHAT_PAY_NOTIFY_URL: `${fake.publicUrl}/api/app/pay/v1/notify`,
    WECHAT_PAY_BASE: fake.url,
    WECHAT_PAY_APP_ID: appId,
  };
}
