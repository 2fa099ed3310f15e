// H5 payment (a phone browser outside WeChat, issue #23 bug 8) with the real WechatPayClient against
// the loopback WeChat Pay fake: the signed /v3/pay/transactions/h5 request carries scene_info with
// the client's IP (X-Forwarded-For under TRUST_PROXY) and h5_info Wap; one prepay per order, reused
// while its h5_url is valid and raced safely; a merchant without H5 gets a stable refusal.
import { eq } from "drizzle-orm";
import { orders } from "../../../server/db/schema";
import { EmulatedOrders } from "../../../server/providers/wechatPay/EmulatedOrders";
import { call } from "../../support/server/accountsApi";
import {
  type FakeWechatPay,
  startFakeWechatPay,
  wechatPayEnv,
} from "../../support/fakes/fakeWechatPay";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  get,
  placeOrder,
  signIn,
  useCommerceServer,
} from "../orders/commerceApi";
import { devPageHtml, expectSignedOrder } from "./payWire";

const APP_ID = "wx_fuyuan_h5_test";

describeEachDatabase(
  "H5 payment with the real WeChat Pay client (loopback fake)",
  (database) => {
    let fake: FakeWechatPay;
    beforeAll(async () => {
      fake = await startFakeWechatPay({
        appIds: [APP_ID],
        now: () => world.server.clock.now,
      });
    });
    afterAll(() => fake.close());
    const world = useCommerceServer(database, () => ({
      env: wechatPayEnv(fake, APP_ID),
    }));
    let server: CommerceServer;
    let alice: Customer;
    beforeAll(() => {
      ({ server, alice } = world);
    });

    /** WeChat Pay's platform-signed notification of a payment, delivered to our notify route. */
    const notifyPaid = (outTradeNo: string) => {
      const genuine = fake.emulator.buildNotification(outTradeNo, "SUCCESS");
      return fetch(new URL("/api/app/pay/v1/notify", server.baseUrl), {
        method: "POST",
        headers: genuine.headers,
        body: genuine.rawBody,
      });
    };
    const payH5 = (masterId: number, ip: string) =>
      call(server, "POST", "pay/v1/h5", {
        body: { masterId },
        token: alice.token,
        ip,
      });
    const orderRow = async (masterId: number) =>
      (
        await server.db.select().from(orders).where(eq(orders.id, masterId))
      )[0]!;
    const h5Requests = () =>
      fake.requests.filter((r) => r.url === "/v3/pay/transactions/h5");

    it("places a signed H5 prepay with the client's IP and Wap h5_info", async () => {
      const order = await placeOrder(server, alice);
      const before = h5Requests().length;
      const answer = await payH5(order.masterId, "203.0.113.45");
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        masterId: order.masterId,
        masterOrderNo: order.masterOrderNo,
        totalFen: order.totalFen,
        emulator: false,
      });
      const h5Url = new URL(answer.body.data.h5Url);
      expect(h5Url.search).toMatch(/^\?prepay_id=wx\w+&package=\d+$/);

      expect(h5Requests()).toHaveLength(before + 1);
      const sent = expectSignedOrder(fake, h5Requests().at(-1)!, {
        appId: APP_ID,
        outTradeNo: `${order.masterOrderNo}H1`,
        totalFen: order.totalFen,
      });
      expect(sent).toMatchObject({
        scene_info: {
          payer_client_ip: "203.0.113.45",
          h5_info: { type: "Wap" },
        },
      });
      expect(sent.description).toMatch(/ ×2$/);

      const row = await orderRow(order.masterId);
      expect(row).toMatchObject({
        payChannel: "h5",
        outTradeNo: `${order.masterOrderNo}H1`,
        codeUrl: answer.body.data.h5Url,
      });

      // Paid at WeChat and notified: the status the returning page polls says paid.
      expect((await notifyPaid(`${order.masterOrderNo}H1`)).status).toBe(200);
      const status = await get(
        server,
        `pay/v1/status?masterOrderNo=${order.masterOrderNo}`,
        alice,
      );
      expect(status.body.data).toMatchObject({ status: "paid", paid: true });
      expect(
        fake.emulator.transaction(`${order.masterOrderNo}H1`),
      ).toMatchObject({ trade_type: "MWEB", trade_state: "SUCCESS" });
    });

    it("reuses a valid h5_url, places one prepay under a race, and renews after 5 minutes", async () => {
      const order = await placeOrder(server, alice);
      const before = h5Requests().length;
      const raced = await Promise.all(
        Array.from({ length: 4 }, () => payH5(order.masterId, "198.51.100.7")),
      );
      expect(raced.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const urls = new Set(raced.map((r) => r.body.data.h5Url as string));
      expect(urls.size).toBe(1);
      const placed = h5Requests()
        .slice(before)
        .filter((r) => r.status === 200);
      expect(
        new Set(placed.map((r) => JSON.parse(r.body).out_trade_no)),
      ).toEqual(new Set([`${order.masterOrderNo}H1`]));

      const again = await payH5(order.masterId, "198.51.100.7");
      expect(again.body.data.h5Url).toBe([...urls][0]);

      // WeChat's h5_url lives 5 minutes: later, the attempt is closed and a new one placed.
      server.clock.advance(5 * 60_000);
      const renewed = await payH5(order.masterId, "198.51.100.8");
      expect(renewed.status).toBe(200);
      expect(renewed.body.data.h5Url).not.toBe(again.body.data.h5Url);
      expect(JSON.parse(h5Requests().at(-1)!.body)).toMatchObject({
        out_trade_no: `${order.masterOrderNo}H2`,
        scene_info: { payer_client_ip: "198.51.100.8" },
      });
      expect(
        fake.emulator.transaction(`${order.masterOrderNo}H1`)?.trade_state,
      ).toBe("CLOSED");
    });

    it("refuses with PAYMENT_H5_UNAVAILABLE when the merchant has no H5 permission", async () => {
      const order = await placeOrder(server, alice);
      const refusals = [
        [403, "NO_AUTH", 503, "PAYMENT_H5_UNAVAILABLE"],
        [500, "SYSTEM_ERROR", 502, "PAYMENT_REFUSED"],
      ] as const;
      for (const [status, code, answered, reason] of refusals) {
        fake.nextAnswer = { kind: "error", status, code, message: code };
        const refused = await payH5(order.masterId, "203.0.113.9");
        expect(refused.status).toBe(answered);
        expect(refused.body.reason).toBe(reason);
      }
      const row = await orderRow(order.masterId);
      expect(row.outTradeNo).toBeNull();
    });

    it("refuses someone else's order and an order already paid", async () => {
      const order = await placeOrder(server, alice);
      const bob = await signIn(server);
      const foreign = await call(server, "POST", "pay/v1/h5", {
        body: { masterId: order.masterId },
        token: bob.token,
        ip: "203.0.113.10",
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.reason).toBe("ORDER_NOT_FOUND");

      await payH5(order.masterId, "203.0.113.11");
      await notifyPaid(`${order.masterOrderNo}H1`);
      const paid = await payH5(order.masterId, "203.0.113.11");
      expect(paid.status).toBe(409);
      expect(paid.body.reason).toBe("ORDER_ALREADY_PAID");
    });
  },
);

describe("the WeChat Pay fake's H5 route checks what WeChat checks", () => {
  const book = () =>
    new EmulatedOrders({
      mchId: "1230000109",
      appIds: ["wx_app"],
      publicUrl: "https://fuyuan.example",
      clock: Date.now,
    });
  const body = (scene: unknown) =>
    JSON.stringify({
      appid: "wx_app",
      mchid: "1230000109",
      description: "光明灯 ×1",
      out_trade_no: "202611210000000001H1",
      notify_url: "https://fuyuan.example/api/app/pay/v1/notify",
      amount: { total: 100, currency: "CNY" },
      ...(scene === undefined ? {} : { scene_info: scene }),
    });

  it("refuses an H5 order without scene_info, with a bad client IP or without h5_info", () => {
    const orders = book();
    for (const [scene, field] of [
      [undefined, "scene_info.payer_client_ip"],
      [
        { payer_client_ip: "not-an-ip", h5_info: { type: "Wap" } },
        "payer_client_ip",
      ],
      [{ payer_client_ip: "203.0.113.1" }, "scene_info.h5_info.type"],
      [
        { payer_client_ip: "203.0.113.1", h5_info: { type: "Web" } },
        "h5_info.type",
      ],
    ] as const) {
      const answer = orders.route(
        "POST",
        "/v3/pay/transactions/h5",
        body(scene),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "PARAM_ERROR" });
      expect((answer.body as { message: string }).message).toContain(field);
    }
    const accepted = orders.route(
      "POST",
      "/v3/pay/transactions/h5",
      body({ payer_client_ip: "2001:db8::1", h5_info: { type: "Wap" } }),
    );
    expect(accepted.status).toBe(200);
    expect((accepted.body as { h5_url: string }).h5_url).toMatch(
      /^https:\/\/fuyuan\.example\/dev\/pay\/h5\?prepay_id=wx\w+&package=\d+$/,
    );
  });
});

describeEachDatabase("H5 payment with the development emulator", (database) => {
  const world = useCommerceServer(database);
  let server: CommerceServer;
  let alice: Customer;
  beforeAll(() => {
    ({ server, alice } = world);
  });

  const form = (path: string, fields: Record<string, string>) =>
    fetch(new URL(path, server.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  it("h5_url opens the emulator's H5 cashier, which pays, notifies and returns to redirect_url", async () => {
    const order = await placeOrder(server, alice);
    const answer = await call(server, "POST", "pay/v1/h5", {
      body: { masterId: order.masterId },
      token: alice.token,
      ip: "203.0.113.20",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.emulator).toBe(true);
    const back = `${server.baseUrl}/order?masterOrderNo=${order.masterOrderNo}&paying=1`;
    const h5Url = `${answer.body.data.h5Url}&redirect_url=${encodeURIComponent(back)}`;
    expect(h5Url.startsWith(`${server.baseUrl}/dev/pay/h5?prepay_id=wx`)).toBe(
      true,
    );

    const html = await devPageHtml(await fetch(h5Url));
    expect(html).toContain("WeChat Pay H5 (emulator)");
    expect(html).toContain(order.masterOrderNo);
    expect(html).toContain("MWEB");
    expect(html).toContain('action="approve"');
    const prepayId = new URL(h5Url).searchParams.get("prepay_id")!;
    expect(html).toContain(
      `name="redirect_url" value="${back.replaceAll("&", "&amp;")}"`,
    );

    const left = await form("/dev/pay/cancel", {
      prepay_id: prepayId,
      redirect_url: back,
    });
    expect(left.status).toBe(303);
    expect(left.headers.get("location")).toBe(back);

    const approved = await form("/dev/pay/approve", {
      prepay_id: prepayId,
      redirect_url: back,
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(back);
    const status = await get(
      server,
      `pay/v1/status?masterOrderNo=${order.masterOrderNo}`,
      alice,
    );
    expect(status.body.data).toMatchObject({ status: "paid", paid: true });
  });

  it("returns only to a page of our own site", async () => {
    const order = await placeOrder(server, alice);
    const answer = await call(server, "POST", "pay/v1/h5", {
      body: { masterId: order.masterId },
      token: alice.token,
      ip: "203.0.113.21",
    });
    const foreign = await fetch(
      `${answer.body.data.h5Url}&redirect_url=${encodeURIComponent("https://evil.example/order")}`,
    );
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("redirect_url must be a page on");
  });
});
