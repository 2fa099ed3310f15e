// Housekeeping as sign-ins happen: expired codes, limit events older than a day, stale OAuth states
// and sessions a day past their end are deleted; live codes, sessions and recent events stay.
import { count } from "drizzle-orm";
import {
  authRateEvents,
  loginCodes,
  oauthStates,
  sessions,
} from "../../../server/db/schema";
import { call, signInWithPhone } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const HOUR = 60 * 60_000;

describeEachDatabase("housekeeping", (database) => {
  let server: TestServer;
  const clock = testClock();

  beforeAll(async () => {
    server = await startTestServer({ database, clock, seed: false });
  });
  afterAll(() => server.close());

  const rows = async () => ({
    codes: (await server.db.select({ n: count() }).from(loginCodes))[0]!.n,
    events: (await server.db.select({ n: count() }).from(authRateEvents))[0]!.n,
    states: (await server.db.select({ n: count() }).from(oauthStates))[0]!.n,
    sessions: (await server.db.select({ n: count() }).from(sessions))[0]!.n,
  });
  const send = (phone: string) =>
    call(server, "POST", "oapi/v1/msg", { body: { phone, areaCode: "86" } });

  it("deletes only what has expired", async () => {
    const old = await signInWithPhone(server, "13300000001");
    await send("13300000002");
    await call(server, "POST", "oapi/v1/wxState", { body: { type: 1 } });
    expect(await rows()).toEqual({
      codes: 1,
      // two code sends (target + IP each) and the WeChat state's IP event
      events: 5,
      states: 1,
      sessions: 1,
    });

    clock.advance(25 * HOUR);
    const fresh = await signInWithPhone(server, "13300000003");
    expect(await rows()).toEqual({
      codes: 0,
      events: 2,
      states: 0,
      sessions: 2,
    });

    clock.advance(30 * 24 * HOUR);
    await call(server, "POST", "oapi/v1/wxState", { body: { type: 2 } });
    expect(await rows()).toMatchObject({ states: 1, sessions: 1 });
    clock.advance(-1);
    expect(
      (
        await call(server, "POST", "oapi/v1/refreshToken", {
          body: { refresh_token: old.refresh_token },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(server, "POST", "oapi/v1/refreshToken", {
          body: { refresh_token: fresh.refresh_token },
        })
      ).status,
    ).toBe(200);
  });
});
