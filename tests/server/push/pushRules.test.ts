// The pure parts of Web Push: environment parsing (VAPID override), endpoint and key checks, the
// payload wording and digest; and the loopback push service's own checks, so a push it accepts is
// known to be correctly signed and encrypted.
import webpush from "web-push";
import { ConfigError } from "../../../server/config/appConfig";
import { checkEndpoint } from "../../../server/domain/push/endpointRules";
import { pushOptionsFromEnv } from "../../../server/domain/push/pushEnv";
import {
  conversationTag,
  messageDigest,
  messagePush,
  topicOf,
} from "../../../server/domain/push/pushPayload";
import {
  checkAuthSecret,
  checkP256Point,
  decodeBase64Url,
} from "../../../server/domain/push/vapidKeyFormat";
import { FakePushService } from "../../support/fakes/fakePushService";

function configError(env: Record<string, string>): ConfigError {
  try {
    pushOptionsFromEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("pushOptionsFromEnv", () => {
  const pair = webpush.generateVAPIDKeys();
  const other = webpush.generateVAPIDKeys();

  it("takes a matching key pair and a subject; nothing when unset", () => {
    expect(pushOptionsFromEnv({})).toEqual({});
    expect(
      pushOptionsFromEnv({
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: ` ${pair.privateKey} `,
        VAPID_SUBJECT: "mailto:ops@fuyuan.example",
      }),
    ).toEqual({
      vapidKeys: pair,
      subject: "mailto:ops@fuyuan.example",
    });
  });

  it("names the variable that is wrong", () => {
    expect(configError({ VAPID_PUBLIC_KEY: pair.publicKey }).variable).toBe(
      "VAPID_PRIVATE_KEY",
    );
    expect(configError({ VAPID_PRIVATE_KEY: pair.privateKey }).variable).toBe(
      "VAPID_PUBLIC_KEY",
    );
    expect(
      configError({
        VAPID_PUBLIC_KEY: "abc",
        VAPID_PRIVATE_KEY: pair.privateKey,
      }).message,
    ).toMatch(/VAPID_PUBLIC_KEY: must decode to a 65-byte/);
    expect(
      configError({
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: other.privateKey,
      }).message,
    ).toBe("VAPID_PRIVATE_KEY: does not belong to VAPID_PUBLIC_KEY");
    expect(
      configError({ VAPID_SUBJECT: "http://fuyuan.example" }).message,
    ).toMatch(/VAPID_SUBJECT: must be a mailto: or https: URL/);
  });
});

describe("endpoint and key checks", () => {
  it("accepts https push services, and loopback http only outside production", () => {
    const fcm = "https://fcm.googleapis.com/fcm/send/abc:def";
    expect(checkEndpoint(fcm, true)).toBeNull();
    expect(checkEndpoint("http://127.0.0.1:9/push/1", false)).toBeNull();
    expect(checkEndpoint("http://[::1]:9/push/1", false)).toBeNull();
    expect(checkEndpoint("http://127.0.0.1:9/push/1", true)).toMatch(/https/);
    expect(checkEndpoint("https://127.0.0.1/push/1", true)).toMatch(/public/);
    expect(checkEndpoint("https://10.1.2.3/push/1", true)).toMatch(/public/);
    expect(checkEndpoint("https://192.168.0.9/push/1", true)).toMatch(/public/);
    expect(checkEndpoint("https://10.1.2.3/push/1", false)).toBeNull();
    expect(checkEndpoint("http://push.example.com/1", false)).toMatch(/https/);
    expect(
      checkEndpoint(`https://a.example/${"x".repeat(2048)}`, false),
    ).toMatch(/longer/);
  });

  it("decodes strict base64url and checks key sizes and the curve", () => {
    expect(decodeBase64Url("AQID")).toEqual(Buffer.from([1, 2, 3]));
    expect(decodeBase64Url("AQI=")).toEqual(Buffer.from([1, 2]));
    expect(decodeBase64Url("AQ+/")).toBeNull();
    expect(decodeBase64Url("AQJ")).toBeNull();
    const { publicKey } = webpush.generateVAPIDKeys();
    expect(checkP256Point(publicKey)).toBeNull();
    const bent = Buffer.from(publicKey, "base64url");
    bent[40] = bent[40]! ^ 0xff;
    expect(checkP256Point(bent.toString("base64url"))).toMatch(/curve/);
    expect(checkAuthSecret(Buffer.alloc(16).toString("base64url"))).toBeNull();
    expect(checkAuthSecret(Buffer.alloc(15).toString("base64url"))).toMatch(
      /16 bytes/,
    );
  });
});

describe("push payloads", () => {
  const input = {
    fromUid: "u1",
    channelType: 1,
    messageSeq: 7,
    contentType: 1,
    payloadText: JSON.stringify({ type: 1, content: "hi" }),
    senderName: "  Mingyu ",
    unread: 1,
  };

  it("digests text, images and other content per locale", () => {
    expect(messageDigest(2, "{}", "cn")).toBe("[图片]");
    expect(messageDigest(2, "{}", "tw")).toBe("[圖片]");
    expect(messageDigest(1000, "{}", "en")).toBe("[New message]");
    expect(messageDigest(1, "not json", "cn")).toBe("[新消息]");
    expect(messageDigest(1, JSON.stringify({ content: " \n " }), "cn")).toBe(
      "[新消息]",
    );
    const long = messageDigest(
      1,
      JSON.stringify({ content: "👍🏽".repeat(200) }),
      "en",
    );
    expect(long).toBe(`${"👍🏽".repeat(139)}…`);
  });

  it("titles with the sender, collapses the body when several are unread, and tags the conversation", () => {
    expect(messagePush(input, "cn")).toEqual({
      type: "message",
      channelId: "u1",
      channelType: 1,
      title: "Mingyu",
      body: "hi",
      messageSeq: 7,
      tag: "im:1:u1",
      unread: 1,
    });
    expect(messagePush({ ...input, unread: 3 }, "cn").body).toBe(
      "3 条新消息：hi",
    );
    expect(messagePush({ ...input, senderName: "" }, "en").title).toBe(
      "New message",
    );
    expect(conversationTag("u1", 1)).toBe("im:1:u1");
    expect(topicOf("im:1:u1")).toMatch(/^[\w-]{32}$/);
    expect(topicOf("im:1:u2")).not.toBe(topicOf("im:1:u1"));
  });
});

describe("the loopback push service", () => {
  let service: FakePushService;
  const vapid = {
    subject: "mailto:test@fuyuan.example",
    ...webpush.generateVAPIDKeys(),
  };
  const post = async (
    details: ReturnType<typeof webpush.generateRequestDetails>,
  ) =>
    fetch(details.endpoint, {
      method: "POST",
      headers: Object.fromEntries(
        Object.entries(details.headers).filter(
          ([name]) => name !== "Content-Length",
        ),
      ),
      body: details.body === null ? null : new Uint8Array(details.body),
    });

  beforeAll(async () => {
    service = await FakePushService.start();
  });
  afterAll(() => service.close());

  it("accepts and decrypts a correct push, and rejects tampered ones with the reason", async () => {
    const sub = service.subscribe();
    const good = webpush.generateRequestDetails(sub, '{"n":1}', {
      vapidDetails: vapid,
      TTL: 60,
    });
    expect((await post(good)).status).toBe(201);
    expect(service.pushesFor(sub.id).map((p) => p.payload)).toEqual([{ n: 1 }]);

    const tampered = webpush.generateRequestDetails(sub, '{"n":2}', {
      vapidDetails: vapid,
      TTL: 60,
    });
    const body = Buffer.from(tampered.body);
    body[body.length - 1] = body[body.length - 1]! ^ 1;
    expect((await post({ ...tampered, body })).status).toBe(400);

    const otherKeys = service.subscribe();
    const wrongKeys = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: otherKeys.keys },
      '{"n":3}',
      { vapidDetails: vapid, TTL: 60 },
    );
    expect((await post(wrongKeys)).status).toBe(400);

    const forged = webpush.generateRequestDetails(sub, '{"n":4}', {
      vapidDetails: vapid,
      TTL: 60,
    });
    const otherVapid = webpush.generateVAPIDKeys().publicKey;
    const header = String(forged.headers.Authorization).replace(
      /k=[\w-]+$/,
      `k=${otherVapid}`,
    );
    expect(
      (
        await post({
          ...forged,
          headers: { ...forged.headers, Authorization: header },
        })
      ).status,
    ).toBe(401);

    expect(service.rejected.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^decryption/),
      expect.stringMatching(/^decryption/),
      "VAPID: signature does not verify with k",
    ]);
    expect(service.pushesFor(sub.id)).toHaveLength(1);
  });
});
