// WuKongIM's tokens follow our sessions: one token per user (WuKongIM keeps one per uid and device
// flag), registered before it is handed out, replaced and followed by a forced logout whenever a
// session ends (revoked, banned, or past its 30-day life), and the same on every app server.
import { afterEach, beforeEach, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DeviceLevel } from "#protocol";
import { AccountEvents } from "../../../../server/domain/auth/accountEvents";
import { deriveAuthKeys } from "../../../../server/domain/auth/authSecret";
import {
  SESSION_RULES,
  Sessions,
} from "../../../../server/domain/auth/sessions";
import { users } from "../../../../server/db/schema";
import { HttpError } from "../../../../server/http/errors";
import { WukongImApiError } from "../../../../server/im/wukongim/WukongImApiError";
import {
  WukongImAccounts,
  type WukongImUserApi,
} from "../../../../server/im/wukongim/WukongImAccounts";
import { testClock, type TestClock } from "../../../support/testClock";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../../support/server/testDb";

type Call =
  | { kind: "token"; uid: string; token: string; level: number }
  | { kind: "quit"; uid: string; flag: number };

function recordingApi(calls: Call[]): WukongImUserApi {
  return {
    updateToken: (r) => {
      calls.push({
        kind: "token",
        uid: r.uid,
        token: r.token,
        level: r.device_level,
      });
      return Promise.resolve();
    },
    deviceQuit: (r) => {
      calls.push({ kind: "quit", uid: r.uid, flag: r.device_flag });
      return Promise.resolve();
    },
  };
}

const keys = deriveAuthKeys(
  "a test secret that is long enough to use, 32+ bytes",
);
const meta = { userAgent: "test", ip: "127.0.0.1" };

describeEachDatabase("WukongImAccounts", (kind) => {
  let database: TestDatabase;
  let clock: TestClock;
  let events: AccountEvents;
  let sessions: Sessions;
  let calls: Call[];
  let userId: number;
  const accountsOn = (api = recordingApi(calls)) =>
    new WukongImAccounts({
      db: database.db,
      api,
      key: keys.imToken,
      clock,
      logger: console,
      deviceLevel: DeviceLevel.SLAVE,
    });

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    clock = testClock();
    events = new AccountEvents();
    calls = [];
    sessions = new Sessions({
      db: database.db,
      keys,
      clock,
      events,
      accessTtlSeconds: 900,
    });
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.imId, "demo_user"));
    userId = user!.id;
  });
  afterEach(async () => {
    await database.close();
  });

  /** Lets the revocation listener's registration finish. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it("registers one token for all of a user's sessions, once per process", async () => {
    const accounts = accountsOn();
    await sessions.create(userId, meta);
    await sessions.create(userId, meta);
    const token = await accounts.tokenFor(userId);
    expect(await accounts.tokenFor(userId)).toBe(token);
    expect(calls).toEqual([
      { kind: "token", uid: "demo_user", token, level: DeviceLevel.SLAVE },
    ]);
    // A second app server derives the same token from the database.
    const otherCalls: Call[] = [];
    expect(await accountsOn(recordingApi(otherCalls)).tokenFor(userId)).toBe(
      token,
    );
  });

  it.each([
    [
      "does not answer in time",
      { failure: "timeout", httpStatus: 0, body: "" },
    ],
    [
      "answers its own deadline",
      {
        failure: "http",
        httpStatus: 400,
        body: '{"msg":"context deadline exceeded","status":400}',
        wukongimMessage: "context deadline exceeded",
      },
    ],
  ] as const)(
    "answers 503 IM_UNAVAILABLE when WuKongIM %s, and registers the token on the next try",
    async (_case, why) => {
      let fail = true;
      const recorded = recordingApi(calls);
      const accounts = accountsOn({
        ...recorded,
        updateToken: (r) =>
          fail
            ? Promise.reject(
                new WukongImApiError({ endpoint: "POST /user/token", ...why }),
              )
            : recorded.updateToken(r),
      });
      await sessions.create(userId, meta);
      const refused = await accounts.tokenFor(userId).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(HttpError);
      expect(refused).toMatchObject({ status: 503, reason: "IM_UNAVAILABLE" });
      fail = false;
      const token = await accounts.tokenFor(userId);
      expect(calls).toEqual([
        { kind: "token", uid: "demo_user", token, level: DeviceLevel.SLAVE },
      ]);
    },
  );

  it("replaces the token and drops every connection when a session is revoked", async () => {
    const accounts = accountsOn();
    const stop = accounts.listen(events);
    await sessions.create(userId, meta);
    await sessions.create(userId, meta);
    const before = await accounts.tokenFor(userId);
    calls.length = 0;
    clock.advance(1000);
    expect(await sessions.revokeAll(userId, "logout_all")).toHaveLength(2);
    await settled();
    const after = await accounts.tokenFor(userId);
    expect(after).not.toBe(before);
    // NOTE: device_quit also clears WuKongIM's token: the new one must come after it.
    expect(calls).toEqual([
      { kind: "quit", uid: "demo_user", flag: -1 },
      {
        kind: "token",
        uid: "demo_user",
        token: after,
        level: DeviceLevel.SLAVE,
      },
    ]);
    stop();
  });

  it("ends WuKongIM access when a session reaches its 30-day end", async () => {
    const accounts = accountsOn();
    await sessions.create(userId, meta);
    const before = await accounts.tokenFor(userId);
    clock.advance(SESSION_RULES.maxLifeMs - 1000);
    expect(await accounts.sweepExpired()).toBe(0);
    clock.advance(2000);
    calls.length = 0;
    expect(await accounts.sweepExpired()).toBe(1);
    expect(calls.map((c) => c.kind)).toEqual(["quit", "token"]);
    expect(calls[1]).not.toMatchObject({ token: before });
    // The next sweep has nothing left to end.
    expect(await accounts.sweepExpired()).toBe(0);
  });

  it("gives a banned user a token nobody knows, and none to fetch", async () => {
    const accounts = accountsOn();
    await sessions.create(userId, meta);
    const before = await accounts.tokenFor(userId);
    await database.db
      .update(users)
      .set({ banned: true })
      .where(eq(users.id, userId));
    await accounts.sessionsEnded(userId);
    const [quit, registered] = calls.slice(-2);
    expect(registered).toMatchObject({ kind: "token", uid: "demo_user" });
    expect(registered).not.toMatchObject({ token: before });
    expect(quit).toEqual({ kind: "quit", uid: "demo_user", flag: -1 });
    await expect(accounts.tokenFor(userId)).rejects.toThrow(/may not connect/);
  });
});
