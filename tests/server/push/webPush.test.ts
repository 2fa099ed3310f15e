// Web Push end to end on loopback: the real server, real sign-ins, real IM connections, and a push
// service that verifies each VAPID token and decrypts each aes128gcm body with the subscription's
// private key. Covers the key (kept across restarts), subscribe validation, pushes only to offline
// recipients, the collapsed body, "read elsewhere", 410 clean-up, renewal (pushsubscriptionchange),
// ownership and logout.
import { Op } from "#protocol";
import { call } from "../../support/server/accountsApi";
import { FakePushService } from "../../support/fakes/fakePushService";
import { testClock } from "../../support/testClock";
import { uploadImage } from "../../support/server/uploadImage";
import { describeEachDatabase } from "../../support/server/testDb";
import { ImTestClient } from "../../support/server/im/ImTestClient";
import { storedEndpoints as storedOf } from "./storedEndpoints";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

const b64 = (json: unknown) =>
  Buffer.from(JSON.stringify(json)).toString("base64");

describeEachDatabase("Web Push", (database) => {
  let server: ImServer;
  let pushService: FakePushService;
  const clock = testClock();
  const clients: ImTestClient[] = [];

  const api = (
    user: ImUser,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    lang?: string,
  ) =>
    call(server, method, path, {
      token: user.tokens.app_token,
      ...(body === undefined ? {} : { body }),
      ...(lang === undefined ? {} : { lang }),
    });
  const sendText = async (from: ImUser, to: ImUser, content: string) => {
    const sent = await api(from, "POST", "wuKong/v1/sendMessage", {
      channel_id: to.imId,
      channel_type: 1,
      payload: b64({ type: 1, content }),
    });
    expect(sent.status).toBe(200);
    return sent.body.data.message_seq as number;
  };
  const subscribe = async (user: ImUser, lang = "zh-CN") => {
    const sub = pushService.subscribe();
    const answer = await api(
      user,
      "POST",
      "push/v1/subscribe",
      { endpoint: sub.endpoint, keys: sub.keys },
      lang,
    );
    expect(answer.status, answer.body.msg).toBe(200);
    return sub;
  };
  const storedEndpoints = (userId: number) => storedOf(server.db, userId);
  const nicknameOf = async (user: ImUser) =>
    (await api(user, "GET", "user/v1/info")).body.data.nickname as string;

  beforeAll(async () => {
    pushService = await FakePushService.start();
    server = await startImServer({ database, clock });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.kill();
    expect(pushService.rejected).toEqual([]);
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });

  it("serves a VAPID key generated once and kept in the database across restarts", async () => {
    const user = await signIn(server, clock);
    const first = await api(user, "GET", "push/v1/key");
    expect(first.status).toBe(200);
    const key = Buffer.from(first.body.data.publicKey, "base64url");
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect((await call(server, "GET", "push/v1/key")).status).toBe(401);

    const again = await startImServer({
      database,
      clock,
      reuseDatabase: server.database,
    });
    try {
      const other = await signIn(again, clock);
      const second = await call(again, "GET", "push/v1/key", {
        token: other.tokens.app_token,
      });
      expect(second.body.data.publicKey).toBe(first.body.data.publicKey);
    } finally {
      await again.close();
    }
  });

  it("refuses bad subscriptions with 400 and stores nothing", async () => {
    const user = await signIn(server, clock);
    const good = pushService.subscribe();
    const p256dh = Buffer.from(good.keys.p256dh, "base64url");
    const offCurve = Buffer.from(p256dh);
    offCurve[64] = offCurve[64]! ^ 1;
    const bad: [unknown, RegExp][] = [
      [{ endpoint: "not a url", keys: good.keys }, /absolute URL/],
      [{ endpoint: "ftp://127.0.0.1/x", keys: good.keys }, /https/],
      [{ endpoint: "http://push.example.com/x", keys: good.keys }, /https/],
      [
        { endpoint: "https://user:pw@push.example.com/x", keys: good.keys },
        /credentials/,
      ],
      [
        {
          endpoint: good.endpoint,
          keys: {
            ...good.keys,
            p256dh: p256dh.subarray(0, 64).toString("base64url"),
          },
        },
        /p256dh.*65-byte/,
      ],
      [
        {
          endpoint: good.endpoint,
          keys: { ...good.keys, p256dh: offCurve.toString("base64url") },
        },
        /p256dh.*curve/,
      ],
      [
        { endpoint: good.endpoint, keys: { ...good.keys, auth: "AAAA" } },
        /auth.*16 bytes/,
      ],
      [
        {
          endpoint: good.endpoint,
          keys: { ...good.keys, auth: "!!notbase64!!" },
        },
        /auth.*base64url/,
      ],
      [{ endpoint: good.endpoint }, /keys/],
      [
        { endpoint: good.endpoint, keys: good.keys, expirationTime: null },
        /expirationTime|additional|unknown/i,
      ],
    ];
    for (const [body, message] of bad) {
      const answer = await api(user, "POST", "push/v1/subscribe", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toMatch(message);
    }
    expect(await storedEndpoints(user.userId)).toEqual([]);
    expect(
      (
        await call(server, "POST", "push/v1/subscribe", {
          body: { endpoint: good.endpoint, keys: good.keys },
        })
      ).status,
    ).toBe(401);
  });

  it("pushes an encrypted, collapsed notification to an offline recipient and none while connected", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const key = (await api(bob, "GET", "push/v1/key")).body.data.publicKey;
    const sub = await subscribe(bob, "en");
    const status = await api(
      bob,
      "GET",
      `push/v1/status?endpoint=${encodeURIComponent(sub.endpoint)}`,
    );
    expect(status.body.data).toEqual({
      subscriptions: 1,
      session: 1,
      endpoint: true,
    });

    const firstSeq = await sendText(alice, bob, "  hello\n  there ");
    await expect.poll(() => pushService.pushesFor(sub.id).length).toBe(1);
    const [first] = pushService.pushesFor(sub.id);
    expect(first!.payload).toEqual({
      type: "message",
      channelId: alice.imId,
      channelType: 1,
      title: await nicknameOf(alice),
      body: "hello there",
      messageSeq: firstSeq,
      tag: `im:1:${alice.imId}`,
      unread: 1,
    });
    expect(first!.vapidKey).toBe(key);
    expect(first!.claims.aud).toBe(pushService.url);
    expect(first!.ttl).toBe(86_400);
    expect(first!.urgency).toBe("normal");
    expect(first!.topic).toMatch(/^[\w-]{32}$/);

    const imageSeq = await (async () => {
      const image = await uploadImage(server.baseUrl, alice.tokens.app_token);
      const sent = await api(alice, "POST", "wuKong/v1/sendMessage", {
        channel_id: bob.imId,
        channel_type: 1,
        payload: b64({ type: 2, ...image }),
      });
      return sent.body.data.message_seq as number;
    })();
    await expect.poll(() => pushService.pushesFor(sub.id).length).toBe(2);
    const second = pushService.pushesFor(sub.id)[1]!;
    expect(second.payload).toMatchObject({
      body: "2 new messages: [Image]",
      messageSeq: imageSeq,
      unread: 2,
    });
    expect(second.topic).toBe(first!.topic);

    // Bob connects: the next message reaches his socket, and no push is sent for it.
    const live = await ImTestClient.connect(server.imUrl, {
      uid: bob.imId,
      token: bob.imToken,
    });
    clients.push(live);
    const onlineSeq = await sendText(alice, bob, "are you there?");
    const recv = await live.next(Op.RECV);
    expect(recv.messageSeq).toBe(onlineSeq);
    live.kill();
    await expect
      .poll(
        async () => (await api(bob, "GET", "user/v1/info")).body.data.online,
      )
      .toBe(false);
    const lastSeq = await sendText(alice, bob, "bye");
    await expect.poll(() => pushService.pushesFor(sub.id).length).toBe(3);
    expect(
      pushService.pushesFor(sub.id).map((p) => p.payload.messageSeq),
    ).toEqual([firstSeq, imageSeq, lastSeq]);
  });

  it("writes the texts in the subscribing tab's locale", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sub = await subscribe(bob, "zh-TW");
    await sendText(alice, bob, "一");
    await sendText(alice, bob, "二");
    await expect.poll(() => pushService.pushesFor(sub.id).length).toBe(2);
    expect(pushService.pushesFor(sub.id)[1]!.payload.body).toBe(
      "2 則新訊息：二",
    );
  });

  it("sends a read push when the conversation is read elsewhere", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sub = await subscribe(bob);
    const seq = await sendText(alice, bob, "ping");
    await expect.poll(() => pushService.pushesFor(sub.id).length).toBe(1);
    const read = await api(bob, "POST", "wuKong/v1/conversations/setUnread", {
      channel_id: alice.imId,
      channel_type: 1,
    });
    expect(read.status).toBe(200);
    await expect.poll(() => pushService.pushesFor(sub.id).length).toBe(2);
    const push = pushService.pushesFor(sub.id)[1]!;
    expect(push.payload).toEqual({
      type: "read",
      channelId: alice.imId,
      channelType: 1,
      tag: `im:1:${alice.imId}`,
      readToSeq: seq,
    });
    expect(push.topic).toBe(pushService.pushesFor(sub.id)[0]!.topic);
  });

  it("moves a renewed subscription (pushsubscriptionchange) to its new endpoint when the old secret proves it, without a sign-in; refuses anything else and changes nothing", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const mallory = await signIn(server, clock);
    const old = await subscribe(bob, "zh-TW");
    const renewed = pushService.subscribe();
    const mallorys = await subscribe(mallory);
    const renew = (body: Record<string, unknown>) =>
      call(server, "POST", "push/v1/resubscribe", { body });
    const proof = { oldEndpoint: old.endpoint, oldAuth: old.keys.auth };
    const next = { endpoint: renewed.endpoint, keys: renewed.keys };

    const refusals = [
      [404, { ...proof, oldAuth: renewed.keys.auth, ...next }],
      [404, { ...proof, oldEndpoint: `${old.endpoint}x`, ...next }],
      [400, { ...proof, ...next, keys: { ...renewed.keys, p256dh: "AAAA" } }],
      [400, { ...proof, ...next, endpoint: "ftp://push.example/1" }],
      [400, { ...next }],
    ] as const;
    for (const [status, body] of refusals) {
      const answer = await renew(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ code: status, data: null });
    }
    expect(await storedEndpoints(bob.userId)).toEqual([old.endpoint]);
    expect(await storedEndpoints(mallory.userId)).toEqual([mallorys.endpoint]);

    const moved = await renew({ ...proof, ...next });
    expect(moved.status, moved.body.msg).toBe(200);
    expect(moved.body.data).toEqual({
      subscriptions: 1,
      session: 1,
      endpoint: true,
    });
    expect(await storedEndpoints(bob.userId)).toEqual([renewed.endpoint]);
    // The old secret no longer proves anything.
    expect((await renew({ ...proof, ...next })).status).toBe(404);

    // Pushes go to the new endpoint, encrypted to its keys, in the locale the old one had.
    await sendText(alice, bob, "一");
    await sendText(alice, bob, "二");
    await expect.poll(() => pushService.pushesFor(renewed.id).length).toBe(2);
    expect(pushService.pushesFor(renewed.id)[1]!.payload.body).toBe(
      "2 則新訊息：二",
    );
    expect(pushService.pushesFor(old.id)).toEqual([]);
  });

  it("deletes a subscription the push service answers 410 for", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const gone = await subscribe(bob);
    const kept = await subscribe(bob);
    pushService.answer(gone.id, 410);
    await sendText(alice, bob, "anyone?");
    await expect.poll(() => pushService.pushesFor(kept.id).length).toBe(1);
    await expect
      .poll(() => storedEndpoints(bob.userId))
      .toEqual([kept.endpoint]);
  });

  it("keeps a user's ten most recently registered subscriptions", async () => {
    const user = await signIn(server, clock);
    const subs = [];
    for (let i = 0; i < 11; i++) subs.push(await subscribe(user));
    expect(await storedEndpoints(user.userId)).toEqual(
      subs
        .slice(1)
        .map((s) => s.endpoint)
        .sort(),
    );
    // Registering the oldest again renews it: the next new one pushes out the second oldest.
    const renewed = await api(user, "POST", "push/v1/subscribe", {
      endpoint: subs[1]!.endpoint,
      keys: subs[1]!.keys,
    });
    expect(renewed.status).toBe(200);
    const latest = await subscribe(user);
    expect(await storedEndpoints(user.userId)).toEqual(
      [subs[1]!, ...subs.slice(3), latest].map((s) => s.endpoint).sort(),
    );
  });

  it("lets only the owner unsubscribe", async () => {
    const bob = await signIn(server, clock);
    const mallory = await signIn(server, clock);
    const sub = await subscribe(bob);

    const stolen = await api(mallory, "POST", "push/v1/unsubscribe", {
      endpoint: sub.endpoint,
    });
    expect(stolen.status).toBe(404);
    expect(await storedEndpoints(bob.userId)).toEqual([sub.endpoint]);
    expect(await storedEndpoints(mallory.userId)).toEqual([]);

    const own = await api(bob, "POST", "push/v1/unsubscribe", {
      endpoint: sub.endpoint,
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({
      subscriptions: 0,
      session: 0,
      endpoint: false,
    });
    expect(await storedEndpoints(bob.userId)).toEqual([]);
  });

  it("removes the subscriptions of a session at logout, and all of them when signing out everywhere", async () => {
    const phoneSession = await signIn(server, clock);
    const laptopSession = await signIn(server, clock, phoneSession.phone);
    const tabletSession = await signIn(server, clock, phoneSession.phone);
    const onPhone = await subscribe(phoneSession);
    const onLaptop = await subscribe(laptopSession);
    const onTablet = await subscribe(tabletSession);
    const status = await api(laptopSession, "GET", "push/v1/status");
    expect(status.body.data).toEqual({
      subscriptions: 3,
      session: 1,
      endpoint: null,
    });

    expect((await api(phoneSession, "GET", "user/v1/loginOut")).status).toBe(
      200,
    );
    await expect
      .poll(() => storedEndpoints(phoneSession.userId))
      .toEqual([onLaptop.endpoint, onTablet.endpoint].sort());

    expect((await api(laptopSession, "POST", "user/v1/logoutAll")).status).toBe(
      200,
    );
    await expect.poll(() => storedEndpoints(phoneSession.userId)).toEqual([]);
    expect(onPhone.endpoint).not.toBe(onLaptop.endpoint);
  });
});
