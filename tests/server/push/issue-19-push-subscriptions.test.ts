// Issue #19 (https://github.com/fuyuan/fuyuan/issues/19), items 7 and 1 for Web Push:
// push/v1/subscribe answered 409 "registered to another account" for another account's endpoint,
// telling the caller the endpoint exists; now the endpoint follows the account that registered it
// last, and the answer is the one a fresh endpoint gets. And the cap of 10 subscriptions per user
// held only one call at a time: parallel subscribes now insert and trim under the user's lock.
import { MAX_SUBSCRIPTIONS_PER_USER } from "../../../server/domain/push/subscriptions";
import { call } from "../../support/server/accountsApi";
import { FakePushService } from "../../support/fakes/fakePushService";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { storedEndpoints as storedOf } from "./storedEndpoints";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

/** What a browser sends: PushSubscription.toJSON(). */
const browser = (sub: { endpoint: string; keys: object }) => ({
  endpoint: sub.endpoint,
  keys: sub.keys,
});

describeEachDatabase("push subscriptions (issue #19)", (database) => {
  let server: ImServer;
  let pushService: FakePushService;
  const clock = testClock();

  const api = (user: ImUser | null, path: string, body?: unknown) =>
    call(server, body === undefined ? "GET" : "POST", path, {
      ...(user === null ? {} : { token: user.tokens.app_token }),
      ...(body === undefined ? {} : { body }),
    });
  const fresh = () => browser(pushService.subscribe());
  const storedEndpoints = (userId: number) => storedOf(server.db, userId);

  beforeAll(async () => {
    pushService = await FakePushService.start();
    server = await startImServer({ database, clock });
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });

  it("answers a subscribe with another account's endpoint as it answers a fresh one, and moves the endpoint", async () => {
    const bob = await signIn(server, clock);
    const mallory = await signIn(server, clock);
    const bobs = pushService.subscribe();
    expect((await api(bob, "push/v1/subscribe", browser(bobs))).status).toBe(
      200,
    );

    const first = await api(mallory, "push/v1/subscribe", fresh());
    const onBobs = await api(mallory, "push/v1/subscribe", {
      endpoint: bobs.endpoint,
      keys: pushService.subscribe().keys,
    });
    expect(onBobs.status).toBe(first.status);
    expect(onBobs.body).toEqual({
      ...first.body,
      data: { subscriptions: 2, session: 2, endpoint: true },
    });
    expect(first.body.data).toEqual({
      subscriptions: 1,
      session: 1,
      endpoint: true,
    });
    expect(await storedEndpoints(mallory.userId)).toContain(bobs.endpoint);
    expect(await storedEndpoints(bob.userId)).toEqual([]);
    const status = (who: ImUser) =>
      api(who, `push/v1/status?endpoint=${encodeURIComponent(bobs.endpoint)}`);
    expect((await status(mallory)).body.data.endpoint).toBe(true);
    expect((await status(bob)).body.data.endpoint).toBe(false);

    // Bob turning notifications on again takes it back, with his own keys.
    expect((await api(bob, "push/v1/subscribe", browser(bobs))).status).toBe(
      200,
    );
    expect(await storedEndpoints(bob.userId)).toEqual([bobs.endpoint]);
    expect(await storedEndpoints(mallory.userId)).not.toContain(bobs.endpoint);
  });

  it("answers a renewal onto another account's endpoint as a fresh renewal", async () => {
    const bob = await signIn(server, clock);
    const mallory = await signIn(server, clock);
    const old = pushService.subscribe();
    expect((await api(bob, "push/v1/subscribe", browser(old))).status).toBe(
      200,
    );
    const mallorys = pushService.subscribe();
    expect(
      (await api(mallory, "push/v1/subscribe", browser(mallorys))).status,
    ).toBe(200);
    const renewed = await api(null, "push/v1/resubscribe", {
      oldEndpoint: old.endpoint,
      oldAuth: old.keys.auth,
      endpoint: mallorys.endpoint,
      keys: pushService.subscribe().keys,
    });
    expect(renewed.status, renewed.body.msg).toBe(200);
    expect(renewed.body.data).toEqual({
      subscriptions: 1,
      session: 1,
      endpoint: true,
    });
    expect(await storedEndpoints(bob.userId)).toEqual([mallorys.endpoint]);
    expect(await storedEndpoints(mallory.userId)).toEqual([]);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} subscriptions under 40 parallel subscribes`, async () => {
    const user = await signIn(server, clock);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => api(user, "push/v1/subscribe", fresh())),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await storedEndpoints(user.userId)).toHaveLength(
      MAX_SUBSCRIPTIONS_PER_USER,
    );
  });
});
