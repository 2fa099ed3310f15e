// The development pages over real HTTP: the outbox (HTML and JSON, newest first), the WeChat
// emulator's authorize page and its redirect (only to PUBLIC_URL's origin: no open redirect),
// served without scripts under a strict CSP; and their absence (404) in production or without
// DEV_TOOLS, where unavailable login methods are reported off.
import { call } from "../../support/server/accountsApi";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const WEB_APP = "wx_fuyuan_dev_emulator";
const MP_APP = "wx_fuyuan_dev_emulator_mp";

function authorizeQuery(
  server: TestServer,
  overrides: Record<string, string> = {},
): string {
  return new URLSearchParams({
    appid: WEB_APP,
    redirect_uri: `${server.baseUrl}/callback`,
    response_type: "code",
    scope: "snsapi_login",
    state: "abc123",
    ...overrides,
  }).toString();
}

describeEachDatabase("development pages", (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database });
  });
  afterAll(() => server.close());

  const get = (path: string) =>
    fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
  const choose = (fields: Record<string, string>) =>
    fetch(`${server.baseUrl}/dev/wechat/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
  const expectStrictPage = (response: Response, html: string) => {
    expect(response.headers.get("content-type")).toBe(
      "text/html; charset=utf-8",
    );
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self' ${server.baseUrl}; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(html).not.toMatch(/<script|\son\w+=|style=/i);
  };

  it("lists sent codes newest first, as JSON and as a readable page", async () => {
    await call(server, "POST", "oapi/v1/msg", {
      body: { phone: "13800000001", areaCode: "86" },
    });
    await call(
      server,
      "GET",
      "oapi/v1/sendEmailCode?email=user%40fuyuan.local",
      { lang: "en" },
    );
    const json = await get("/dev/outbox.json");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const { list } = await json.json();
    expect(list).toEqual([
      {
        id: expect.any(String),
        channel: "email",
        to: "user@fuyuan.local",
        code: expect.stringMatching(/^\d{6}$/),
        text: expect.stringContaining("Your Fuyuan sign-in code"),
        locale: "en",
        at: expect.any(Number),
      },
      {
        id: expect.any(String),
        channel: "sms",
        to: "+8613800000001",
        code: expect.stringMatching(/^\d{6}$/),
        text: expect.stringContaining("您的登录验证码是"),
        locale: "cn",
        at: expect.any(Number),
      },
    ]);
    const page = await get("/dev/outbox");
    const html = await page.text();
    expect(page.status).toBe(200);
    expectStrictPage(page, html);
    expect(html).toContain('<link rel="stylesheet" href="dev.css">');
    expect(html.indexOf(list[0].code)).toBeLessThan(html.indexOf(list[1].code));
    expect(html).toContain("+8613800000001");
    const css = await get("/dev/dev.css");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toContain(".entry");
  });

  it("shows the demo identities as forms, one per identity", async () => {
    const page = await get(`/dev/wechat/authorize?${authorizeQuery(server)}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expectStrictPage(page, html);
    expect(html.match(/<form method="post" action="authorize">/g)).toHaveLength(
      3,
    );
    for (const name of ["清风居士", "明月", "Lotus Walker"])
      expect(html).toContain(name);
    expect(html).toContain('<input type="hidden" name="state" value="abc123">');
    expect(html).toContain("Website QR login (open platform)");
    const mp = await (
      await get(
        `/dev/wechat/authorize?${authorizeQuery(server, { appid: MP_APP, scope: "snsapi_userinfo" })}`,
      )
    ).text();
    expect(mp).toContain("In-app login (official account)");
    expect(mp).toContain("oMp_DemoUser1");
  });

  it("redirects a chosen identity back with code and state appended, like WeChat", async () => {
    const response = await choose({
      appid: WEB_APP,
      redirect_uri: `${server.baseUrl}/callback?type=2&source=order`,
      state: "s1",
      identity: "demo-1",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(
      `${server.baseUrl}/callback`,
    );
    expect([...location.searchParams.keys()]).toEqual([
      "type",
      "source",
      "code",
      "state",
    ]);
    expect(location.searchParams.get("type")).toBe("2");
    expect(location.searchParams.get("code")).toMatch(/^[0-9a-f]{32}$/);
    expect(location.searchParams.get("state")).toBe("s1");
  });

  it.each([
    [
      { redirect_uri: "https://evil.example/callback" },
      "redirect_uri must be on",
    ],
    [
      { redirect_uri: "//evil.example/callback" },
      "redirect_uri must be an absolute URL.",
    ],
    [{ appid: "wx_other" }, 'appid "wx_other" is not an emulated WeChat app'],
    [{ response_type: "token" }, 'response_type must be "code".'],
    [{ scope: "snsapi_admin" }, "scope must be one of"],
    [{ state: "<script>" }, "state must be at most 128"],
  ])("refuses %j with a 400 page", async (overrides, message) => {
    const page = await get(
      `/dev/wechat/authorize?${authorizeQuery(server, overrides)}`,
    );
    const html = await page.text();
    expect(page.status).toBe(400);
    expectStrictPage(page, html);
    expect(html).toContain(message.replaceAll('"', "&quot;"));
    expect(html).not.toContain("<script>");
  });

  it("never redirects off PUBLIC_URL's origin, and only for a listed identity", async () => {
    const offsite = await choose({
      appid: WEB_APP,
      redirect_uri: "https://evil.example/callback",
      state: "s",
      identity: "demo-1",
    });
    expect(offsite.status).toBe(400);
    expect(offsite.headers.get("location")).toBeNull();
    const stranger = await choose({
      appid: WEB_APP,
      redirect_uri: `${server.baseUrl}/callback`,
      state: "s",
      identity: "demo-9",
    });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain(
      "Choose one of the listed identities.",
    );
  });
});

describe("development pages outside development", () => {
  const paths = [
    "/dev/outbox",
    "/dev/outbox.json",
    "/dev/dev.css",
    `/dev/wechat/authorize?appid=${WEB_APP}`,
  ];

  it("do not exist in production (even with DEV_TOOLS on); unavailable methods are off", async () => {
    const server = await startTestServer({
      seed: false,
      env: {
        NODE_ENV: "production",
        DEV_TOOLS: "on",
        AUTH_SECRET: "a-production-secret-of-at-least-32-bytes",
        LOGIN_METHODS: "none",
        PAYMENTS: "off",
      },
    });
    try {
      for (const path of paths) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          headers: { accept: "text/html" },
        });
        expect(response.status, path).toBe(404);
      }
      const config = (await call(server, "GET", "oapi/v1/config")).body.data;
      expect(config.login).toEqual({
        phone: false,
        email: false,
        wechat: false,
      });
      expect(config.wechat).toBeNull();
      const refused = await call(server, "POST", "oapi/v1/msg", {
        body: { phone: "13800000001", areaCode: "86" },
        lang: "en",
      });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe("This sign-in method is not available.");
    } finally {
      await server.close();
    }
  });

  it("do not exist with DEV_TOOLS off, and unconfigured methods are off", async () => {
    const server = await startTestServer({
      seed: false,
      env: { DEV_TOOLS: "0" },
    });
    try {
      for (const path of paths)
        expect((await fetch(`${server.baseUrl}${path}`)).status, path).toBe(
          404,
        );
      const config = (await call(server, "GET", "oapi/v1/config")).body.data;
      expect(config.login).toEqual({
        phone: false,
        email: false,
        wechat: false,
      });
      const wx = await call(server, "POST", "oapi/v1/wxState", {
        body: { type: 1 },
        lang: "en",
      });
      expect(wx.status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
