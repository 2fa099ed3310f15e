// Payment configuration: production needs WeChat Pay (or PAYMENTS=off) and names what is missing;
// a partial WECHAT_PAY_* set is an error; a full set is parsed (PEM escapes, serial rules); the
// emulator's keys survive a restart on the same database.
import { configErrorOf } from "../../support/server/configError";
import { parseConfig } from "../../../server/config/appConfig";
import { loadEmulatorKeys } from "../../../server/domain/payments/emulatorKeyStore";
import { createTestDatabase } from "../../support/server/testDb";
import { startTestServer } from "../../support/server/testServer";
import { deliver, forgeNotification } from "../payments/forgeNotification";
import { placeOrder, post, signIn } from "../orders/commerceApi";

const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "a-production-secret-of-at-least-32-bytes",
  LOGIN_METHODS: "none",
};
const FULL = {
  WECHAT_PAY_MCH_ID: "1230000109",
  WECHAT_PAY_SERIAL: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  WECHAT_PAY_PRIVATE_KEY: "/etc/fuyuan/apiclient_key.pem",
  WECHAT_PAY_API_V3_KEY: "0123456789abcdef0123456789abcdef",
  WECHAT_PAY_PLATFORM_PUBLIC_KEY:
    "-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----",
  WECHAT_PAY_PLATFORM_SERIAL: "PUB_KEY_ID_0112340000000000000000000000000001",
  WECHAT_PAY_NOTIFY_URL: "https://fuyuan.example.com/api/app/pay/v1/notify",
  WECHAT_PAY_APP_ID: "wx1234567890abcdef",
};

const configError = (env: Record<string, string>) => configErrorOf(env);

describe("payment configuration", () => {
  it("refuses to start in production without WeChat Pay unless payments are off", () => {
    expect(configError(PRODUCTION).message).toBe(
      "WECHAT_PAY_MCH_ID: payments need WeChat Pay in production: set WECHAT_PAY_MCH_ID, WECHAT_PAY_SERIAL, WECHAT_PAY_PRIVATE_KEY, WECHAT_PAY_API_V3_KEY, WECHAT_PAY_PLATFORM_PUBLIC_KEY, WECHAT_PAY_NOTIFY_URL (or PAYMENTS=off)",
    );
    expect(parseConfig({ ...PRODUCTION, PAYMENTS: "off" }, "/srv").pay).toEqual(
      {
        enabled: false,
        wechatPay: null,
        sweepIntervalSeconds: 60,
      },
    );
  });

  it("names what a partial configuration lacks", () => {
    const {
      WECHAT_PAY_SERIAL: _serial,
      WECHAT_PAY_NOTIFY_URL: _url,
      ...partial
    } = FULL;
    const error = configError(partial);
    expect(error.variable).toBe("WECHAT_PAY_SERIAL");
    expect(error.message).toBe(
      "WECHAT_PAY_SERIAL: WeChat Pay is partly configured: also set WECHAT_PAY_SERIAL, WECHAT_PAY_NOTIFY_URL",
    );
    expect(
      configError({ WECHAT_PAY_BASE: "https://example.com" }).variable,
    ).toBe("WECHAT_PAY_BASE");
    expect(
      configError({ ...FULL, WECHAT_PAY_API_V3_KEY: "short" }).variable,
    ).toBe("WECHAT_PAY_API_V3_KEY");
    expect(configError({ ...FULL, WECHAT_PAY_MCH_ID: "abc" }).variable).toBe(
      "WECHAT_PAY_MCH_ID",
    );
    const { WECHAT_PAY_PLATFORM_SERIAL: _s, ...noSerial } = FULL;
    expect(configError(noSerial).variable).toBe("WECHAT_PAY_PLATFORM_SERIAL");
    const { WECHAT_PAY_APP_ID: _a, ...noApp } = FULL;
    expect(configError(noApp).variable).toBe("WECHAT_PAY_APP_ID");
    expect(configError({ ORDER_SWEEP_SECONDS: "-1" }).variable).toBe(
      "ORDER_SWEEP_SECONDS",
    );
  });

  it("parses a full configuration", () => {
    const config = parseConfig(
      { ...PRODUCTION, ...FULL, ORDER_SWEEP_SECONDS: "0" },
      "/srv",
    );
    expect(config.pay).toEqual({
      enabled: true,
      sweepIntervalSeconds: 0,
      wechatPay: {
        mchId: "1230000109",
        merchantSerialNo: FULL.WECHAT_PAY_SERIAL,
        merchantPrivateKey: "/etc/fuyuan/apiclient_key.pem",
        apiV3Key: FULL.WECHAT_PAY_API_V3_KEY,
        platformPublicKey:
          "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----",
        platformSerial: FULL.WECHAT_PAY_PLATFORM_SERIAL,
        notifyUrl: FULL.WECHAT_PAY_NOTIFY_URL,
        baseUrl: null,
        appId: "wx1234567890abcdef",
      },
    });
  });

  it("refuses to start when the merchant key file cannot be read", async () => {
    await expect(
      startTestServer({
        seed: false,
        env: {
          ...FULL,
          WECHAT_PAY_PLATFORM_PUBLIC_KEY: "/nonexistent/platform.pem",
        },
      }),
    ).rejects.toMatchObject({ variable: "WECHAT_PAY_PRIVATE_KEY" });
  });

  it("keeps the emulator's keys across a restart, so its notifications still verify", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const first = await startTestServer({
        reuseDatabase: database,
        env: { TRUST_PROXY: "on", ORDER_SWEEP_SECONDS: "0" },
      });
      const keys = await loadEmulatorKeys(first.db);
      await first.close();
      const second = await startTestServer({
        reuseDatabase: database,
        env: { TRUST_PROXY: "on", ORDER_SWEEP_SECONDS: "0" },
      });
      try {
        expect(await loadEmulatorKeys(second.db)).toEqual(keys);
        const who = await signIn(second);
        const order = await placeOrder(second, who);
        await post(second, "pay/v1/native", { masterId: order.masterId }, who);
        const wire =
          (await second.app.commerce.pay.provider())!.emulator!.completePayment(
            {
              outTradeNo: `${order.masterOrderNo}N1`,
            },
          );
        const notification = forgeNotification(keys, wire, {
          timestampSeconds: Math.floor(Date.now() / 1000),
        });
        expect((await deliver(second.baseUrl, notification)).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });
});
