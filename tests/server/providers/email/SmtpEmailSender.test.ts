// SmtpEmailSender against a real smtp-server on loopback: authenticated STARTTLS and implicit-TLS
// delivery with the certificate verified, localized subject/text/HTML carrying the code, and typed
// failures for refused auth, refused or deferred recipients, bad addresses and dead servers.
import { createServer } from "node:net";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../../../server/providers/errors";
import { SmtpEmailSender } from "../../../../server/providers/email/SmtpEmailSender";
import type { SmtpEmailOptions } from "../../../../server/providers/email/SmtpEmailSender";
import { startFakeSmtp } from "../../../support/fakes/fakeSmtp";
import type { FakeSmtp } from "../../../support/fakes/fakeSmtp";
import { findPart } from "../../../support/fakes/mime";

let starttls: FakeSmtp;
let implicitTls: FakeSmtp;
const senders: SmtpEmailSender[] = [];

beforeAll(async () => {
  const common = {
    user: "mailer@fuyuan.test",
    pass: "smtp-pass-123",
    rejectRecipients: ["nobody@fuyuan.test"],
    deferRecipients: ["later@fuyuan.test"],
  };
  starttls = await startFakeSmtp({ ...common, secure: false });
  implicitTls = await startFakeSmtp({ ...common, secure: true });
});
afterAll(async () => {
  for (const s of senders) s.close();
  await starttls.close();
  await implicitTls.close();
});

function sender(
  server: FakeSmtp,
  overrides: Partial<SmtpEmailOptions> = {},
): SmtpEmailSender {
  const created = new SmtpEmailSender({
    host: server.host,
    port: server.port,
    secure: server === implicitTls,
    requireTls: true,
    auth: { user: "mailer@fuyuan.test", pass: "smtp-pass-123" },
    from: "福缘 <no-reply@fuyuan.test>",
    tls: { ca: server.certificate, servername: "localhost" },
    timeoutMs: 3000,
    ...overrides,
  });
  senders.push(created);
  return created;
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("SmtpEmailSender", () => {
  it("delivers over STARTTLS with AUTH, in Simplified Chinese, code in text and HTML", async () => {
    await sender(starttls).sendLoginCode({
      email: "user@fuyuan.test",
      code: "604215",
      ttlMinutes: 10,
      locale: "cn",
    });
    const mail = starttls.received.at(-1)!;
    expect(mail.secure).toBe(true);
    expect(mail.from).toBe("no-reply@fuyuan.test");
    expect(mail.to).toEqual(["user@fuyuan.test"]);
    expect(mail.parsed.headers.get("to")).toBe("user@fuyuan.test");
    expect(mail.parsed.headers.get("subject")).toBe("福缘登录验证码");
    const text = findPart(mail.parsed, "text/plain")!.text;
    const html = findPart(mail.parsed, "text/html")!.text;
    expect(text).toContain("您的登录验证码是 604215，10 分钟内有效。");
    expect(html).toContain(">604215</p>");
    expect(html).toContain('lang="zh-CN"');
    expect(starttls.authAttempts.at(-1)).toEqual({
      user: "mailer@fuyuan.test",
      ok: true,
    });
  });

  it("delivers over implicit TLS, in Traditional Chinese and in English", async () => {
    await sender(implicitTls).sendLoginCode({
      email: "tw@fuyuan.test",
      code: "111222",
      ttlMinutes: 5,
      locale: "tw",
    });
    await sender(implicitTls).sendLoginCode({
      email: "en@fuyuan.test",
      code: "333444",
      ttlMinutes: 5,
      locale: "en",
    });
    const [tw, en] = implicitTls.received.slice(-2);
    expect(tw!.secure).toBe(true);
    expect(tw!.parsed.headers.get("subject")).toBe("福緣登入驗證碼");
    expect(findPart(tw!.parsed, "text/plain")!.text).toContain(
      "您的登入驗證碼是 111222，5 分鐘內有效。",
    );
    expect(en!.parsed.headers.get("subject")).toBe("Your Fuyuan sign-in code");
    expect(findPart(en!.parsed, "text/plain")!.text).toContain(
      "Your sign-in code is 333444. It expires in 5 minutes.",
    );
  });

  it("does not trust a certificate it was not told about", async () => {
    const error = await failure(
      sender(starttls, { tls: { servername: "localhost" } }).sendLoginCode({
        email: "user@fuyuan.test",
        code: "1",
        ttlMinutes: 1,
        locale: "en",
      }),
    );
    expect(error).toMatchObject({
      code: "EMAIL_UNAVAILABLE",
      provider: "smtp",
    });
  });

  it("reports refused credentials as EMAIL_AUTH_FAILED without the password in the message", async () => {
    const error = await failure(
      sender(starttls, {
        auth: { user: "mailer@fuyuan.test", pass: "wrong-pass-999" },
      }).sendLoginCode({
        email: "user@fuyuan.test",
        code: "1",
        ttlMinutes: 1,
        locale: "en",
      }),
    );
    expect(error).toMatchObject({
      code: "EMAIL_AUTH_FAILED",
      retryable: false,
    });
    expect(error.message).not.toContain("wrong-pass-999");
    expect(starttls.authAttempts.at(-1)).toEqual({
      user: "mailer@fuyuan.test",
      ok: false,
    });
  });

  it("reports a 550 recipient as EMAIL_REJECTED and a 451 one as retryable EMAIL_UNAVAILABLE", async () => {
    const count = starttls.received.length;
    const rejected = await failure(
      sender(starttls).sendLoginCode({
        email: "nobody@fuyuan.test",
        code: "1",
        ttlMinutes: 1,
        locale: "en",
      }),
    );
    expect(rejected).toMatchObject({
      code: "EMAIL_REJECTED",
      retryable: false,
      providerCode: 550,
    });
    const deferred = await failure(
      sender(starttls).sendLoginCode({
        email: "later@fuyuan.test",
        code: "1",
        ttlMinutes: 1,
        locale: "en",
      }),
    );
    expect(deferred).toMatchObject({
      code: "EMAIL_UNAVAILABLE",
      retryable: true,
      providerCode: 451,
    });
    expect(starttls.received.length).toBe(count);
  });

  it("refuses an address that is not one before connecting", async () => {
    const attempts = starttls.authAttempts.length;
    for (const email of [
      "no-at-sign",
      "a@b",
      "two@@x.cn",
      "spa ce@x.cn",
      "<x@y.cn>",
    ]) {
      expect(
        (
          await failure(
            sender(starttls).sendLoginCode({
              email,
              code: "1",
              ttlMinutes: 1,
              locale: "en",
            }),
          )
        ).code,
      ).toBe("EMAIL_INVALID_ADDRESS");
    }
    expect(starttls.authAttempts.length).toBe(attempts);
  });

  it("reports a closed port as unavailable and a silent server as a timeout", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) =>
      silent.listen(0, "127.0.0.1", resolve),
    );
    const silentPort = (silent.address() as AddressInfo).port;
    const closed = createServer();
    await new Promise<void>((resolve) =>
      closed.listen(0, "127.0.0.1", resolve),
    );
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) =>
      closed.close(() => {
        resolve();
      }),
    );
    try {
      const message = {
        email: "user@fuyuan.test",
        code: "1",
        ttlMinutes: 1,
        locale: "en",
      } as const;
      expect(
        await failure(
          sender(starttls, { port: closedPort }).sendLoginCode(message),
        ),
      ).toMatchObject({
        code: "EMAIL_UNAVAILABLE",
        retryable: true,
      });
      expect(
        await failure(
          sender(starttls, { port: silentPort, timeoutMs: 200 }).sendLoginCode(
            message,
          ),
        ),
      ).toMatchObject({
        code: "EMAIL_TIMEOUT",
        retryable: true,
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        silent.close(() => {
          resolve();
        }),
      );
    }
  });
});
