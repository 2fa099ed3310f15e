// Sign-in with a one-time code over real HTTP (emulated SMS/e-mail, codes read from /dev/outbox.json):
// identical answers for existing and new accounts, sign-up on first login, field validation naming
// the field in three languages, wrong/expired/burnt/single-use codes, resend and daily/IP caps.
import { count } from "drizzle-orm";
import { users } from "../../../server/db/schema";
import { call, latestCode, outbox } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describeEachDatabase("code sign-in", (database) => {
  let server: TestServer;
  const clock = testClock();
  let n = 0;
  /** A fresh number and client IP per use, so tests do not share limits. */
  const freshPhone = () => `139${String(++n).padStart(8, "0")}`;
  const freshIp = () => `10.20.${Math.floor(n / 200)}.${(++n % 200) + 1}`;

  beforeAll(async () => {
    server = await startTestServer({
      database,
      clock,
      env: { TRUST_PROXY: "on" },
    });
  });
  afterAll(() => server.close());

  const sendSms = (phone: string, ip: string, lang?: string) =>
    call(server, "POST", "oapi/v1/msg", {
      body: { phone, areaCode: "86" },
      ip,
      ...(lang === undefined ? {} : { lang }),
    });
  const login = (account: string, code: string, ip: string, lang = "en") =>
    call(server, "POST", "oapi/v1/phoneLogin", {
      body: { account, code },
      ip,
      lang,
    });
  const userCount = async () =>
    (await server.db.select({ n: count() }).from(users))[0]!.n;

  it("answers a code request identically whether or not an account exists", async () => {
    const before = await userCount();
    const existing = await sendSms("13800000001", freshIp());
    const unknown = await sendSms(freshPhone(), freshIp());
    for (const response of [existing, unknown]) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        code: 0,
        data: { resendAfter: 60 },
        msg: "ok",
      });
    }
    const headerNames = (r: typeof existing) =>
      [...r.headers.keys()].filter((h) => h !== "date" && h !== "x-request-id");
    expect(headerNames(unknown)).toEqual(headerNames(existing));
    expect(await userCount()).toBe(before);
    const sent = (await outbox(server)).slice(0, 2);
    expect(sent.map((e) => e.channel)).toEqual(["sms", "sms"]);
    for (const entry of sent) expect(entry.code).toMatch(/^\d{6}$/);
  });

  it("signs in an existing account and signs up a new number", async () => {
    const ip = freshIp();
    await sendSms("13800000002", ip);
    const demo = await login(
      "13800000002",
      await latestCode(server, "+8613800000002"),
      ip,
    );
    expect(demo.status).toBe(200);
    expect(demo.body.data).toEqual({
      app_token: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: 900,
    });
    const info = await call(server, "GET", "user/v1/info", {
      token: demo.body.data.app_token,
    });
    expect(info.body.data).toMatchObject({
      imId: "demo_service",
      isService: 1,
      phone: "138****0002",
    });

    const phone = freshPhone();
    const before = await userCount();
    await sendSms(phone, ip);
    const fresh = await login(
      phone,
      await latestCode(server, `+86${phone}`),
      ip,
    );
    expect(fresh.status).toBe(200);
    expect(await userCount()).toBe(before + 1);
    const created = await call(server, "GET", "user/v1/info", {
      token: fresh.body.data.app_token,
    });
    expect(created.body.data).toMatchObject({
      imId: expect.stringMatching(/^fy[0-9a-z]{18}$/),
      nickname: expect.stringMatching(/^善信\d{4}$/),
      avatarUrl: "/images/avatars/user.svg",
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      email: null,
      wechatBound: false,
      inviteCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      isService: 0,
      isMonk: 0,
      isManager: 0,
    });
  });

  it("signs in by e-mail, treating the address case-insensitively", async () => {
    const ip = freshIp();
    const sent = await call(
      server,
      "GET",
      "oapi/v1/sendEmailCode?email=User%40Fuyuan.Local",
      { ip },
    );
    expect(sent.body).toEqual({
      code: 0,
      data: { resendAfter: 60 },
      msg: "ok",
    });
    const code = await latestCode(server, "user@fuyuan.local");
    const response = await login("USER@fuyuan.local", code, ip);
    expect(response.status).toBe(200);
    const info = await call(server, "GET", "user/v1/info", {
      token: response.body.data.app_token,
    });
    expect(info.body.data.imId).toBe("demo_user");
  });

  it.each([
    ["POST", "oapi/v1/msg", { phone: "12345678901", areaCode: "86" }, "phone"],
    ["POST", "oapi/v1/msg", { phone: "1380000000", areaCode: "86" }, "phone"],
    [
      "POST",
      "oapi/v1/msg",
      { phone: "13800000001", areaCode: "852" },
      "areaCode",
    ],
    ["POST", "oapi/v1/msg", { areaCode: "86" }, "phone"],
    ["POST", "oapi/v1/msg", { phone: "13800000001" }, "areaCode"],
    ["GET", "oapi/v1/sendEmailCode?email=not-an-address", undefined, "email"],
    [
      "GET",
      `oapi/v1/sendEmailCode?email=${"a".repeat(245)}%40fuyuan.test`,
      undefined,
      "email",
    ],
    ["GET", "oapi/v1/sendEmailCode", undefined, "email"],
    [
      "POST",
      "oapi/v1/phoneLogin",
      { account: "abc", code: "123456" },
      "account",
    ],
    [
      "POST",
      "oapi/v1/phoneLogin",
      { account: "a@b", code: "123456" },
      "account",
    ],
    [
      "POST",
      "oapi/v1/phoneLogin",
      { account: "13800000001", code: "12345" },
      "code",
    ],
    [
      "POST",
      "oapi/v1/phoneLogin",
      { account: "13800000001", code: "12345a" },
      "code",
    ],
    [
      "POST",
      "oapi/v1/phoneLogin",
      { account: "13800000001", code: "123456", areaCode: "1" },
      "areaCode",
    ],
  ] as const)("%s %s %j → 400 naming %s", async (method, path, body, field) => {
    const response = await call(server, method, path, {
      ...(body === undefined ? {} : { body }),
      ip: freshIp(),
      lang: "en",
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.data).toBeNull();
    expect(response.body.msg).toContain(`(${field})`);
  });

  it("localizes validation and code errors by Accept-Language (default cn)", async () => {
    const bad = { phone: "1", areaCode: "86" };
    const msg = async (lang?: string) =>
      (
        await call(server, "POST", "oapi/v1/msg", {
          body: bad,
          ...(lang === undefined ? {} : { lang }),
        })
      ).body.msg;
    expect(await msg()).toBe("请输入正确的手机号（phone）");
    expect(await msg("zh-CN,zh;q=0.9")).toBe("请输入正确的手机号（phone）");
    expect(await msg("zh-TW")).toBe("請輸入正確的手機號碼（phone）");
    expect(await msg("en-US,en;q=0.9")).toBe(
      "Enter a valid mainland China mobile number (phone).",
    );
    expect(await msg("fr, en;q=0.5")).toBe(
      "Enter a valid mainland China mobile number (phone).",
    );
    const phone = freshPhone();
    await sendSms(phone, freshIp());
    const wrong = await login(phone, "000000", freshIp(), "zh-TW");
    expect(wrong.body.msg).toBe("驗證碼錯誤");
  });

  it("sends the code text in the requested language", async () => {
    const phone = freshPhone();
    await sendSms(phone, freshIp(), "en");
    const [entry] = await outbox(server);
    expect(entry).toMatchObject({ to: `+86${phone}`, locale: "en" });
    expect(entry!.text).toBe(
      `【Fuyuan】Your sign-in code is ${entry!.code}. It expires in 5 minutes. Do not share it.`,
    );
  });

  it("refuses a wrong code, then still accepts the right one", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await sendSms(phone, ip);
    const code = await latestCode(server, `+86${phone}`);
    const wrong = await login(
      phone,
      code === "000000" ? "000001" : "000000",
      ip,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 400,
      data: null,
      msg: "The code is incorrect.",
    });
    expect((await login(phone, code, ip)).status).toBe(200);
  });

  it("expires a code after 5 minutes", async () => {
    const ip = freshIp();
    const [early, late] = [freshPhone(), freshPhone()];
    await sendSms(early, ip);
    await sendSms(late, ip);
    const earlyCode = await latestCode(server, `+86${early}`);
    const lateCode = await latestCode(server, `+86${late}`);
    clock.advance(5 * MINUTE - SECOND);
    expect((await login(early, earlyCode, ip)).status).toBe(200);
    clock.advance(SECOND);
    const expired = await login(late, lateCode, ip);
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe(
      "The code has expired or was not requested. Please request a new one.",
    );
  });

  it("burns a code after 5 wrong tries: the sixth try fails even with the right code", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await sendSms(phone, ip);
    const code = await latestCode(server, `+86${phone}`);
    const wrongCode = code === "999999" ? "999998" : "999999";
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await login(phone, wrongCode, ip)).body.msg);
    expect(answers).toEqual([
      ...Array<string>(4).fill("The code is incorrect."),
      "Incorrect code, and too many wrong tries. Please request a new code.",
    ]);
    const sixth = await login(phone, code, ip);
    expect(sixth.status).toBe(400);
    expect(sixth.body.msg).toBe(
      "This code was tried wrongly too many times. Please request a new code.",
    );
  });

  it("accepts a code once", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await sendSms(phone, ip);
    const code = await latestCode(server, `+86${phone}`);
    expect((await login(phone, code, ip)).status).toBe(200);
    const again = await login(phone, code, ip);
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/expired or was not requested/);
  });

  it("refuses a resend within 60 s with 429 and Retry-After, and the new code replaces the old", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await sendSms(phone, ip);
    const first = await latestCode(server, `+86${phone}`);
    clock.advance(20 * SECOND);
    const early = await sendSms(phone, ip, "en");
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("40");
    expect(early.body).toMatchObject({
      code: 429,
      data: null,
      msg: "A code was just sent. Please wait 40 seconds before requesting another.",
    });
    expect((await sendSms(phone, ip)).body.msg).toBe(
      "验证码发送过于频繁，请 40 秒后再试",
    );
    clock.advance(40 * SECOND);
    expect((await sendSms(phone, ip)).status).toBe(200);
    const second = await latestCode(server, `+86${phone}`);
    if (second !== first) {
      expect((await login(phone, first, ip)).body.msg).toBe(
        "The code is incorrect.",
      );
    }
    expect((await login(phone, second, ip)).status).toBe(200);
  });

  it("allows 10 codes per number per 24 hours", async () => {
    const phone = freshPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await sendSms(phone, freshIp())).status);
      clock.advance(61 * SECOND);
    }
    expect(statuses).toEqual(Array<number>(10).fill(200));
    const eleventh = await sendSms(phone, freshIp(), "en");
    expect(eleventh.status).toBe(429);
    const wait = 24 * 60 * 60 - 10 * 61;
    expect(Number(eleventh.headers.get("retry-after"))).toBe(wait);
    expect(eleventh.body.msg).toBe(
      `Too many codes were requested today. Please try again in ${Math.ceil(wait / 3600)} hours.`,
    );
    clock.advance(wait * SECOND);
    expect((await sendSms(phone, freshIp())).status).toBe(200);
  });

  it("allows 20 codes per IP per hour, across numbers", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await sendSms(freshPhone(), ip)).status).toBe(200);
    const blocked = await sendSms(freshPhone(), ip, "en");
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("3600");
    expect(blocked.body.msg).toBe(
      "Too many codes were requested from this network. Please try again in 60 minutes.",
    );
    const email = await call(
      server,
      "GET",
      "oapi/v1/sendEmailCode?email=cap%40fuyuan.test",
      { ip },
    );
    expect(email.status).toBe(429);
    expect((await sendSms(freshPhone(), freshIp())).status).toBe(200);
    clock.advance(60 * MINUTE);
    expect((await sendSms(freshPhone(), ip)).status).toBe(200);
  });
});
