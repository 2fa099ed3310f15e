// DevOutbox bounds and ordering, and the emulated SMS / e-mail senders writing to it and the log.
import { describe, expect, it } from "vitest";
import pino from "pino";
import { ProviderError } from "../../../../server/providers/errors";
import { EmulatedEmailSender } from "../../../../server/providers/email/EmulatedEmailSender";
import { DevOutbox } from "../../../../server/providers/outbox/DevOutbox";
import { EmulatedSmsSender } from "../../../../server/providers/sms/EmulatedSmsSender";
import { recordingLogger } from "../../../support/fakes/recordingLogger";

describe("DevOutbox", () => {
  it("keeps the newest entries first and drops the oldest beyond its capacity", () => {
    let now = 1000;
    const outbox = new DevOutbox({ capacity: 3, clock: () => now++ });
    for (const code of ["1", "2", "3", "4"])
      outbox.add({
        channel: "sms",
        to: "+8613800000000",
        code,
        text: code,
        locale: "cn",
      });
    expect(outbox.size).toBe(3);
    expect(outbox.list().map((e) => e.code)).toEqual(["4", "3", "2"]);
    expect(outbox.list().map((e) => e.at)).toEqual([1003, 1002, 1001]);
    expect(new Set(outbox.list().map((e) => e.id)).size).toBe(3);
  });

  it("filters by channel and recipient and hands out copies", () => {
    const outbox = new DevOutbox();
    outbox.add({
      channel: "sms",
      to: "+861",
      code: "a",
      text: "a",
      locale: "cn",
    });
    outbox.add({
      channel: "email",
      to: "x@y.cn",
      code: "b",
      text: "b",
      locale: "en",
    });
    outbox.add({
      channel: "sms",
      to: "+862",
      code: "c",
      text: "c",
      locale: "tw",
    });
    expect(outbox.list({ channel: "sms" }).map((e) => e.code)).toEqual([
      "c",
      "a",
    ]);
    expect(outbox.latest("email", "x@y.cn")?.code).toBe("b");
    expect(outbox.latest("sms", "x@y.cn")).toBeUndefined();
    outbox.list()[0]!.code = "tampered";
    expect(outbox.list()[0]!.code).toBe("c");
    outbox.clear();
    expect(outbox.size).toBe(0);
  });

  it("rejects a capacity that is not a positive integer", () => {
    expect(() => new DevOutbox({ capacity: 0 })).toThrow(RangeError);
    expect(() => new DevOutbox({ capacity: 2.5 })).toThrow(RangeError);
  });
});

describe("emulated senders", () => {
  it("EmulatedSmsSender writes the rendered SMS to the outbox and logs it", async () => {
    const outbox = new DevOutbox();
    const logger = recordingLogger();
    await new EmulatedSmsSender({ outbox, logger }).sendLoginCode({
      phone: "13800138000",
      areaCode: "86",
      code: "908172",
      ttlMinutes: 5,
      locale: "cn",
    });
    const entry = outbox.latest("sms", "+8613800138000")!;
    expect(entry).toMatchObject({
      channel: "sms",
      code: "908172",
      locale: "cn",
    });
    expect(entry.text).toBe(
      "【福缘】您的登录验证码是 908172，5 分钟内有效。请勿泄露给他人。",
    );
    expect(logger.lines).toEqual([
      {
        level: "info",
        msg: "dev SMS written to the outbox",
        obj: expect.objectContaining({
          to: "+8613800138000",
          code: "908172",
          outboxId: entry.id,
        }),
      },
    ]);
  });

  it("EmulatedEmailSender writes subject and text in the user's locale", async () => {
    const outbox = new DevOutbox();
    const sender = new EmulatedEmailSender({
      outbox,
      logger: recordingLogger(),
    });
    await sender.sendLoginCode({
      email: " who@fuyuan.test ",
      code: "123789",
      ttlMinutes: 10,
      locale: "tw",
    });
    await sender.sendLoginCode({
      email: "who@fuyuan.test",
      code: "555000",
      ttlMinutes: 10,
      locale: "en",
    });
    const [en, tw] = outbox.list({ channel: "email", to: "who@fuyuan.test" });
    expect(tw!.text).toMatch(
      /^福緣登入驗證碼\n\n您的登入驗證碼是 123789，10 分鐘內有效。/,
    );
    expect(en!.text).toMatch(
      /^Your Fuyuan sign-in code\n\nYour sign-in code is 555000\./,
    );
  });

  it("rejects bad numbers and addresses as ProviderErrors without writing anything", async () => {
    const outbox = new DevOutbox();
    const logger = recordingLogger();
    const sms = new EmulatedSmsSender({ outbox, logger }).sendLoginCode({
      phone: "abc",
      areaCode: "86",
      code: "1",
      ttlMinutes: 5,
      locale: "cn",
    });
    await expect(sms).rejects.toBeInstanceOf(ProviderError);
    await expect(sms).rejects.toMatchObject({ code: "SMS_INVALID_NUMBER" });
    const email = new EmulatedEmailSender({ outbox, logger }).sendLoginCode({
      email: "nope",
      code: "1",
      ttlMinutes: 5,
      locale: "en",
    });
    await expect(email).rejects.toMatchObject({
      code: "EMAIL_INVALID_ADDRESS",
    });
    expect(outbox.size).toBe(0);
    expect(logger.lines).toHaveLength(0);
  });

  it("accepts a real pino logger", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "info" },
      { write: (line: string) => lines.push(line) },
    );
    await new EmulatedSmsSender({
      outbox: new DevOutbox(),
      logger,
    }).sendLoginCode({
      phone: "61234567",
      areaCode: "+852",
      code: "4321",
      ttlMinutes: 3,
      locale: "en",
    });
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: "dev SMS written to the outbox",
      to: "+85261234567",
      code: "4321",
    });
  });
});
