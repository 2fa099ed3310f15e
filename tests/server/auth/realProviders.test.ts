// Sign-in through the real providers wired from configuration: Tencent Cloud SMS (TC3-signed,
// against the loopback fake) and SMTP (smtp-server on loopback, STARTTLS with AUTH, the fake's
// certificate trusted through SMTP_CA_FILE). Provider failures become clear 400/429/502 answers.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, type Tokens } from "../../support/server/accountsApi";
import { findPart } from "../../support/fakes/mime";
import { startFakeSmtp, type FakeSmtp } from "../../support/fakes/fakeSmtp";
import {
  startFakeTencentSms,
  type FakeTencentSms,
} from "../../support/fakes/fakeTencentSms";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const SMS = {
  secretId: "AKIDfuyuanTest0000000000000000000000",
  secretKey: "fuyuan-test-secret-key-0123456789ab",
  sdkAppId: "1400006666",
  signName: "福缘",
  templateId: "1110",
};

describeEachDatabase(
  "sign-in through the real SMS and e-mail providers",
  (database) => {
    let sms: FakeTencentSms;
    let smtp: FakeSmtp;
    let dir: string;
    let server: TestServer;
    let n = 0;
    const freshIp = () => `10.50.0.${++n}`;

    beforeAll(async () => {
      sms = await startFakeTencentSms({
        ...SMS,
        signNames: [SMS.signName],
        templateIds: [SMS.templateId],
      });
      smtp = await startFakeSmtp({
        user: "mailer@fuyuan.test",
        pass: "smtp-pass-123",
        secure: false,
        rejectRecipients: ["nobody@fuyuan.test"],
        deferRecipients: ["later@fuyuan.test"],
      });
      dir = await mkdtemp(join(tmpdir(), "fuyuan-smtp-ca-"));
      await writeFile(join(dir, "ca.pem"), smtp.certificate);
      server = await startTestServer({
        database,
        env: {
          TRUST_PROXY: "on",
          TENCENT_SMS_SECRET_ID: SMS.secretId,
          TENCENT_SMS_SECRET_KEY: SMS.secretKey,
          TENCENT_SMS_SDK_APP_ID: SMS.sdkAppId,
          TENCENT_SMS_SIGN_NAME: SMS.signName,
          TENCENT_SMS_TEMPLATE_ID: SMS.templateId,
          TENCENT_SMS_ENDPOINT: sms.url,
          SMTP_HOST: smtp.host,
          SMTP_PORT: String(smtp.port),
          SMTP_USER: "mailer@fuyuan.test",
          SMTP_PASS: "smtp-pass-123",
          SMTP_CA_FILE: join(dir, "ca.pem"),
          MAIL_FROM: "福缘 <no-reply@fuyuan.test>",
        },
      });
    });
    afterAll(async () => {
      await server.close();
      await sms.close();
      await smtp.close();
      await rm(dir, { recursive: true, force: true });
    });

    const login = (account: string, code: string, ip: string) =>
      call<Tokens>(server, "POST", "oapi/v1/phoneLogin", {
        body: { account, code },
        ip,
      });
    const sendSms = (phone: string, ip: string, lang = "en") =>
      call(server, "POST", "oapi/v1/msg", {
        body: { phone, areaCode: "86" },
        ip,
        lang,
      });
    const sendMail = (email: string, ip: string, lang = "en") =>
      call(
        server,
        "GET",
        `oapi/v1/sendEmailCode?email=${encodeURIComponent(email)}`,
        { ip, lang },
      );

    it("keeps the development outbox empty and says so", async () => {
      const response = await fetch(`${server.baseUrl}/dev/outbox.json`);
      expect(await response.json()).toEqual({ list: [] });
    });

    it("signs in with a code delivered by Tencent Cloud SMS", async () => {
      const ip = freshIp();
      expect((await sendSms("13800000003", ip)).body).toEqual({
        code: 0,
        data: { resendAfter: 60 },
        msg: "ok",
      });
      const delivered = sms.delivered.at(-1)!;
      expect(delivered).toMatchObject({
        phoneNumber: "+8613800000003",
        templateId: SMS.templateId,
        signName: SMS.signName,
        params: [expect.stringMatching(/^\d{6}$/), "5"],
      });
      const response = await login("13800000003", delivered.params[0]!, ip);
      expect(response.status).toBe(200);
      const info = await call(server, "GET", "user/v1/info", {
        token: response.body.data.app_token,
      });
      expect(info.body.data.imId).toBe("demo_monk");
    });

    it("signs in with a code e-mailed over SMTP (STARTTLS, AUTH), in the requested language", async () => {
      const ip = freshIp();
      expect((await sendMail("manager@fuyuan.local", ip, "zh-TW")).status).toBe(
        200,
      );
      const mail = smtp.received.at(-1)!;
      expect(mail.secure).toBe(true);
      expect(mail.to).toEqual(["manager@fuyuan.local"]);
      expect(mail.parsed.headers.get("subject")).toBe("福緣登入驗證碼");
      const text = findPart(mail.parsed, "text/plain")!.text;
      const code = /驗證碼是 (\d{6})/.exec(text)![1]!;
      const response = await login("manager@fuyuan.local", code, ip);
      expect(response.status).toBe(200);
      expect(smtp.authAttempts.at(-1)).toEqual({
        user: "mailer@fuyuan.test",
        ok: true,
      });
    });

    it.each([
      [
        "number",
        "rejectNextNumberWith",
        "InvalidParameterValue.IncorrectPhoneNumber",
        400,
        "This number cannot receive text messages. Please check it.",
      ],
      [
        "provider limit",
        "failNextWith",
        "LimitExceeded.PhoneNumberDailyLimit",
        429,
        "Too many messages were sent. Please try again later.",
      ],
      [
        "outage",
        "failNextWith",
        "InternalError.Timeout",
        502,
        "The text message could not be sent. Please try again later.",
      ],
      [
        "bad credentials",
        "failNextWith",
        "AuthFailure.SignatureFailure",
        502,
        "The text message could not be sent. Please try again later.",
      ],
    ] as const)(
      "answers an SMS %s failure (%s %s) with %i",
      async (_what, method, code, status, msg) => {
        sms[method](code, "refused by the fake");
        const phone = `1370000${String(++n).padStart(4, "0")}`;
        const response = await sendSms(phone, freshIp());
        expect(response.status).toBe(status);
        expect(response.body).toMatchObject({ code: status, data: null, msg });
        if (status === 429)
          expect(response.headers.get("retry-after")).toBe("60");
        // The code never arrived, so it was withdrawn; the send still counts against the limits.
        expect((await login(phone, "000000", freshIp())).body.msg).toBe(
          "验证码已失效，请重新获取",
        );
        expect((await sendSms(phone, freshIp())).status).toBe(429);
      },
    );

    it("answers a refused mailbox with 400 and a deferred one with 502", async () => {
      const refused = await sendMail("nobody@fuyuan.test", freshIp());
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(
        "This address cannot receive e-mail. Please check it.",
      );
      const deferred = await sendMail("later@fuyuan.test", freshIp());
      expect(deferred.status).toBe(502);
      expect(deferred.body.msg).toBe(
        "The e-mail could not be sent. Please try again later.",
      );
    });
  },
);
