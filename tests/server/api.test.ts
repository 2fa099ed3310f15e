// The HTTP contract every domain shares, on a real server over loopback: success envelope,
// 400 naming the field, 404 envelope, 500 without internals, runtime config, OpenAPI.
import { Writable } from "node:stream";
import { pino } from "pino";
import { getJson } from "./apiClient";
import { describeEachDatabase } from "../support/server/testDb";
import { startTestServer, type TestServer } from "../support/server/testServer";

describeEachDatabase("API envelope and errors", (database) => {
  let server: TestServer;
  const logLines: any[] = [];
  const logSink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()));
      done();
    },
  });

  beforeAll(async () => {
    server = await startTestServer({
      database,
      logger: pino({ level: "info" }, logSink),
      configure: (app) => {
        // Test-only route: an unexpected failure carrying secrets that must not leak.
        app.get("/api/app/test/explode", async () => {
          await Promise.resolve();
          throw new Error("db password is hunter2 at /srv/secret.ts:42");
        });
      },
    });
  });
  afterAll(() => server.close());

  it("wraps success in { code: 0, data, msg }", async () => {
    const { status, body, headers } = await getJson(
      server.baseUrl,
      "/api/app/oapi/v1/temples",
    );
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.msg).toBe("ok");
    expect(body.data.list).toHaveLength(3);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [
      "/api/app/oapi/v1/home?locale=fr",
      "querystring/locale must be one of cn, tw, en",
    ],
    ["/api/app/oapi/v1/news?page=0", "querystring/page must be >= 1"],
    ["/api/app/oapi/v1/news?page=abc", "querystring/page must be integer"],
    ["/api/app/oapi/v1/news?pageSize=51", "querystring/pageSize must be <= 50"],
    ["/api/app/oapi/v1/news?pageSize=0", "querystring/pageSize must be >= 1"],
    [
      "/api/app/oapi/v1/products?category=candles",
      "querystring/category must be one of lamp, incense, sutra, prayer, release, plaque",
    ],
    ["/api/app/oapi/v1/news/abc", "params/id must be integer"],
    ["/api/app/oapi/v1/monks/1.5", "params/id must be integer"],
    ["/api/app/oapi/v1/products/0", "params/id must be >= 1"],
    [
      "/api/app/oapi/v1/products/99999999999",
      "params/id must be <= 2147483647",
    ],
    [
      "/api/app/oapi/v1/pages/Privacy_Policy",
      'params/slug must match pattern "^[a-z0-9-]{1,64}$"',
    ],
  ])("GET %s → 400 %s", async (path, msg) => {
    const { status, body } = await getJson(server.baseUrl, path);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 400,
      data: null,
      msg,
      reason: "INVALID_FIELD",
      params: { field: expect.stringMatching(/^[a-zA-Z]+$/) },
    });
  });

  it.each([
    ["/api/app/nope", "Not found: GET /api/app/nope", "NOT_FOUND"],
    [
      "/api/app/oapi/v1/nope?locale=en",
      "Not found: GET /api/app/oapi/v1/nope",
      "NOT_FOUND",
    ],
    ["/api/other", "Not found: GET /api/other", "NOT_FOUND"],
    ["/api/app/oapi/v1/news/9999", "news 9999 not found", "NEWS_NOT_FOUND"],
    ["/api/app/oapi/v1/monks/9999", "monk 9999 not found", "MONK_NOT_FOUND"],
    [
      "/api/app/oapi/v1/products/9999",
      "product 9999 not found",
      "PRODUCT_NOT_FOUND",
    ],
    [
      "/api/app/oapi/v1/pages/no-such-page",
      "page no-such-page not found",
      "PAGE_NOT_FOUND",
    ],
  ])("GET %s → 404 %s", async (path, msg, reason) => {
    const { status, body } = await getJson(server.baseUrl, path);
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, data: null, msg, reason });
  });

  it("answers an unknown method on an API path with a 404 envelope", async () => {
    const { status, body } = await getJson(
      server.baseUrl,
      "/api/app/oapi/v1/news",
      { method: "DELETE" },
    );
    expect(status).toBe(404);
    expect(body.msg).toBe("Not found: DELETE /api/app/oapi/v1/news");
  });

  it("answers an unhandled error with 500, the request id and no internals, and logs it", async () => {
    const { status, body, headers } = await getJson(
      server.baseUrl,
      "/api/app/test/explode",
    );
    const requestId = headers.get("x-request-id");
    expect(status).toBe(500);
    expect(body).toEqual({
      code: 500,
      data: null,
      msg: `Internal server error (request ${requestId})`,
      reason: "INTERNAL",
      params: { requestId },
    });
    expect(JSON.stringify(body)).not.toMatch(/hunter2|secret|\.ts/);
    const line = logLines.find((l) => l.msg === "unhandled error");
    expect(line).toMatchObject({
      level: 50,
      reqId: requestId,
      err: { message: "db password is hunter2 at /srv/secret.ts:42" },
    });
    expect(line.err.stack).toContain("api.test.ts");
  });

  it("serves the runtime configuration", async () => {
    const { body } = await getJson(server.baseUrl, "/api/app/oapi/v1/config");
    expect(body).toEqual({
      code: 0,
      msg: "ok",
      data: {
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        imWsUrl: `${server.baseUrl.replace("http:", "ws:")}/im`,
        publicUrl: server.baseUrl,
        login: { phone: true, email: true, wechat: true },
        wechat: {
          appId: "wx_fuyuan_dev_emulator",
          mpAppId: "wx_fuyuan_dev_emulator_mp",
          redirectUrl: `${server.baseUrl}/callback`,
          emulator: true,
          qrConnectUrl: `${server.baseUrl}/dev/wechat/authorize`,
          authorizeUrl: `${server.baseUrl}/dev/wechat/authorize`,
        },
        devTools: true,
      },
    });
  });

  it("lists every route with request and response shapes in the OpenAPI document", async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/json`);
    expect(response.status).toBe(200);
    const doc: any = await response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths).sort();
    expect(paths).toEqual(
      [
        "/api/app/oapi/v1/config",
        "/api/app/oapi/v1/health",
        "/api/app/oapi/v1/home",
        "/api/app/oapi/v1/monks/{id}",
        "/api/app/oapi/v1/news",
        "/api/app/oapi/v1/news/{id}",
        "/api/app/oapi/v1/pages/{slug}",
        "/api/app/oapi/v1/products",
        "/api/app/oapi/v1/products/{id}",
        "/api/app/oapi/v1/temples",
        "/api/app/oapi/v1/msg",
        "/api/app/oapi/v1/sendEmailCode",
        "/api/app/oapi/v1/phoneLogin",
        "/api/app/oapi/v1/wxState",
        "/api/app/oapi/v1/wxLogin",
        "/api/app/oapi/v1/refreshToken",
        "/api/app/user/v1/bindPhone",
        "/api/app/user/v1/info",
        "/api/app/user/v1/loginOut",
        "/api/app/user/v1/logoutAll",
        "/api/app/order/v1/create",
        "/api/app/order/v1/detail",
        "/api/app/order/v1/mine",
        "/api/app/order/v1/cancel",
        "/api/app/order/v1/staff/list",
        "/api/app/order/v1/staff/detail",
        "/api/app/order/v1/fulfil",
        "/api/app/order/v1/refund/request",
        "/api/app/order/v1/refund/review",
        "/api/app/staff/v1/quickReplies",
        "/api/app/staff/v1/quickReplies/save",
        "/api/app/staff/v1/quickReplies/delete",
        "/api/app/staff/v1/customer",
        "/api/app/staff/v1/customer/note",
        "/api/app/staff/v1/handOff/targets",
        "/api/app/staff/v1/assigned",
        "/api/app/staff/v1/handOff",
        "/api/app/admin/v1/managerApplications",
        "/api/app/admin/v1/managerApplications/approve",
        "/api/app/admin/v1/managerApplications/reject",
        "/api/app/admin/v1/users",
        "/api/app/admin/v1/users/role",
        "/api/app/admin/v1/users/ban",
        "/api/app/admin/v1/audit",
        "/api/app/admin/v1/products",
        "/api/app/admin/v1/products/save",
        "/api/app/admin/v1/products/visibility",
        "/api/app/pay/v1/oauthState",
        "/api/app/pay/v1/bindOpenid",
        "/api/app/pay/v1/jsapi",
        "/api/app/pay/v1/native",
        "/api/app/pay/v1/h5",
        "/api/app/pay/v1/status",
        "/api/app/oapi/v1/blessings",
        "/api/app/oapi/v1/blessings/{id}",
        "/api/app/blessing/v1/join",
        "/api/app/fate/v1/signup",
        "/api/app/fate/v1/mine",
        "/api/app/user/getUserInfoWithInviteCodes",
        "/api/app/user/bindParentInviteCode",
        "/api/app/invite/v1/records",
        "/api/app/manager/v1/apply",
        "/api/app/manager/v1/info",
        "/api/app/prayer/v1/sendAgreement",
        "/api/app/prayer/v1/agreement",
        "/api/app/prayer/v1/signContract",
        "/api/app/wuKong/v1/contractSend",
        "/api/app/prayer/v1/signableOrders",
        "/api/app/prayer/v1/chatAgreements",
        "/api/app/file/v1/upload",
        "/api/app/file/v1/{name}",
        "/media/{name}",
        "/api/app/oapi/v1/getVirtual",
        "/api/app/user/v1/infoByIm",
        "/api/app/user/v1/targetInfoByIm",
        "/api/app/wuKong/v1/conversationList",
        "/api/app/wuKong/v1/conversations/delete",
        "/api/app/wuKong/v1/conversations/setUnread",
        "/api/app/wuKong/v1/conversations/unreadCount",
        "/api/app/wuKong/v1/messageExtraSync",
        "/api/app/wuKong/v1/messageReaded",
        "/api/app/wuKong/v1/messageSync",
        "/api/app/wuKong/v1/reminders/done",
        "/api/app/wuKong/v1/reminders/sync",
        "/api/app/wuKong/v1/revoke",
        "/api/app/wuKong/v1/sendMessage",
        "/api/app/wuKong/v1/serviceSend",
        "/api/app/push/v1/key",
        "/api/app/push/v1/subscribe",
        "/api/app/push/v1/unsubscribe",
        "/api/app/push/v1/resubscribe",
        "/api/app/push/v1/status",
        // The test-only route has no schema but still appears; production has no such route.
        "/api/app/test/explode",
      ].sort(),
    );
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (path.startsWith("/api/app/test/")) continue;
      // /media serves stored bytes, not an envelope.
      if (!path.startsWith("/api/app/")) continue;
      for (const operation of Object.values<any>(item)) {
        const schema =
          operation.responses["200"].content["application/json"].schema;
        expect(schema.required, path).toEqual(["code", "data", "msg"]);
        expect(operation.tags.length, path).toBeGreaterThan(0);
      }
    }
    const news = doc.paths["/api/app/oapi/v1/news"].get;
    expect(news.parameters.map((p: any) => p.name).sort()).toEqual([
      "locale",
      "page",
      "pageSize",
    ]);
    const ok = news.responses["200"].content["application/json"].schema;
    expect(
      ok.properties.data.properties.list.items.properties.publishedAt,
    ).toMatchObject({ type: "string" });
    expect(
      news.responses["400"].content["application/json"].schema.properties.msg
        .type,
    ).toBe("string");
    const ui = await fetch(`${server.baseUrl}/api/docs`, {
      redirect: "follow",
    });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain("swagger");
  });
});

describe("runtime configuration without dev tools", () => {
  it("turns unconfigured login methods and WeChat off when DEV_TOOLS is off and honours PUBLIC_URL", async () => {
    const server = await startTestServer({
      env: { DEV_TOOLS: "0", PUBLIC_URL: "https://fuyuan.example.com" },
      seed: false,
    });
    try {
      const { body } = await getJson(server.baseUrl, "/api/app/oapi/v1/config");
      expect(body.data).toMatchObject({
        imWsUrl: "wss://fuyuan.example.com/im",
        publicUrl: "https://fuyuan.example.com",
        login: { phone: false, email: false, wechat: false },
        wechat: null,
        devTools: false,
      });
    } finally {
      await server.close();
    }
  });
});
