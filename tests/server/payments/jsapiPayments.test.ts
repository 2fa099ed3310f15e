// JSAPI payment inside WeChat, with the WeChat and WeChat Pay emulators over real HTTP: silent
// snsapi_base authorisation (state → authorize page → /callback with code) → bindOpenid → JSAPI
// parameters signed with the merchant key plus wx.config → the emulator's cashier → paid.
import { createPublicKey, verify } from "node:crypto";
import { eq } from "drizzle-orm";
import { orders } from "../../../server/db/schema";
import { loadEmulatorKeys } from "../../../server/domain/payments/emulatorKeyStore";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  placeOrder,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";

describeEachDatabase("JSAPI payment with the emulators", (database) => {
  let server: CommerceServer;
  let alice: Customer;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    alice = await signIn(server);
  });
  afterAll(() => server.close());

  /** What the browser does between oauthState and /callback: returns the callback URL. */
  async function authorize(
    authorizeUrl: string,
    identity = "demo-2",
  ): Promise<URL> {
    const url = new URL(authorizeUrl);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const chosen = await fetch(
      new URL("/dev/wechat/authorize", server.baseUrl),
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          appid: url.searchParams.get("appid")!,
          redirect_uri: url.searchParams.get("redirect_uri")!,
          state: url.searchParams.get("state")!,
          identity,
        }).toString(),
        redirect: "manual",
      },
    );
    expect(chosen.status).toBe(302);
    return new URL(chosen.headers.get("location")!);
  }

  it("binds the payer openid through the silent authorisation and pays through JSAPI", async () => {
    const order = await placeOrder(server, alice);
    const page = `${server.baseUrl}/orders/${order.masterOrderNo}/pay?from=wechat#top`;
    const early = await post(
      server,
      "pay/v1/jsapi",
      { masterId: order.masterId, url: page },
      alice,
    );
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/^no payer openid yet/);

    const started = await post(
      server,
      "pay/v1/oauthState",
      { masterId: order.masterId },
      alice,
    );
    expect(started.status).toBe(200);
    const { state, appId, redirectUrl, authorizeUrl } = started.body.data;
    expect(appId).toBe("wx_fuyuan_dev_emulator_mp");
    const redirect = new URL(redirectUrl);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(
      `${server.baseUrl}/callback`,
    );
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      type: "2",
      source: "order",
      masterId: String(order.masterId),
      masterOrderNo: order.masterOrderNo,
      id: String(order.id),
    });
    const auth = new URL(authorizeUrl);
    expect(`${auth.origin}${auth.pathname}`).toBe(
      `${server.baseUrl}/dev/wechat/authorize`,
    );
    expect(auth.hash).toBe("#wechat_redirect");
    expect(auth.searchParams.get("scope")).toBe("snsapi_base");
    expect(auth.searchParams.get("state")).toBe(state);

    const callback = await authorize(authorizeUrl);
    expect(callback.searchParams.get("source")).toBe("order");
    expect(callback.searchParams.get("state")).toBe(state);
    const code = callback.searchParams.get("code")!;

    const wrongState = await post(
      server,
      "pay/v1/bindOpenid",
      { code, state: "x".repeat(26), masterId: order.masterId },
      alice,
    );
    expect(wrongState.status).toBe(400);
    const bound = await post(
      server,
      "pay/v1/bindOpenid",
      { code, state, masterId: order.masterId },
      alice,
    );
    expect(bound.status).toBe(200);
    expect(bound.body.data).toEqual({
      masterId: order.masterId,
      masterOrderNo: order.masterOrderNo,
      openidBound: true,
    });
    const replay = await post(
      server,
      "pay/v1/bindOpenid",
      { code, state, masterId: order.masterId },
      alice,
    );
    expect(replay.status).toBe(400);
    const [row] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.masterId));
    expect(row?.payerOpenid).toMatch(/\S/);

    const elsewhere = await post(
      server,
      "pay/v1/jsapi",
      { masterId: order.masterId, url: "https://evil.example/pay" },
      alice,
    );
    expect(elsewhere.status).toBe(400);
    const pay = await post(
      server,
      "pay/v1/jsapi",
      { masterId: order.masterId, url: page },
      alice,
    );
    expect(pay.status).toBe(200);
    const params = pay.body.data;
    expect(params).toMatchObject({
      masterId: order.masterId,
      totalFen: order.totalFen,
      appId,
      signType: "RSA",
      emulator: true,
      config: { appId },
    });
    expect(params.packageVal).toMatch(/^prepay_id=wx\d{14}[0-9a-f]{20}0000$/);
    expect(params.config.signature).toMatch(/^[0-9a-f]{40}$/);
    const keys = await loadEmulatorKeys(server.db);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.packageVal}\n`;
    expect(
      verify(
        "sha256",
        Buffer.from(message),
        createPublicKey(keys.merchant.publicKeyPem),
        Buffer.from(params.paySign, "base64"),
      ),
    ).toBe(true);

    const cashier = new URL(params.cashierUrl);
    expect(cashier.searchParams.get("prepay_id")).toBe(
      params.packageVal.slice("prepay_id=".length),
    );
    const approve = await fetch(new URL("/dev/pay/approve", server.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        prepay_id: cashier.searchParams.get("prepay_id")!,
      }).toString(),
    });
    expect(approve.status).toBe(200);
    const status = await fetch(
      new URL(
        `/api/app/pay/v1/status?masterId=${order.masterId}`,
        server.baseUrl,
      ),
      {
        headers: { authorization: `Bearer ${alice.token}` },
      },
    );
    expect((await status.json()).data).toMatchObject({
      status: "paid",
      paid: true,
    });
    const [paid] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.masterId));
    expect(paid?.payChannel).toBe("jsapi");
    expect(paid?.payerOpenid).toBe(row?.payerOpenid);
  });

  it("switching from Native to JSAPI closes the Native attempt", async () => {
    const order = await placeOrder(server, alice);
    const native = await post(
      server,
      "pay/v1/native",
      { masterId: order.masterId },
      alice,
    );
    const nativePrepay = new URL(native.body.data.codeUrl).searchParams.get(
      "prepay_id",
    )!;
    const started = await post(
      server,
      "pay/v1/oauthState",
      { masterId: order.masterId },
      alice,
    );
    const callback = await authorize(started.body.data.authorizeUrl);
    await post(
      server,
      "pay/v1/bindOpenid",
      {
        code: callback.searchParams.get("code"),
        state: callback.searchParams.get("state"),
        masterId: order.masterId,
      },
      alice,
    );
    const pay = await post(
      server,
      "pay/v1/jsapi",
      { masterId: order.masterId, url: `${server.baseUrl}/pay` },
      alice,
    );
    expect(pay.status).toBe(200);
    const emulator = (await server.app.commerce.pay.provider())!.emulator!;
    expect(emulator.orderForPrepayId(nativePrepay)?.trade_state).toBe("CLOSED");
    const [row] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.masterId));
    expect(row?.outTradeNo).toBe(`${order.masterOrderNo}J2`);
  });
});
