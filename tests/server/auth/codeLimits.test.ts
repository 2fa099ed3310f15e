// The code limits that protect an account: 20 wrong codes in an hour lock it for an hour (sending
// too), the limits are stored in the database (a restarted server on the same data keeps them),
// a scripted 1,000-guess attack stops exactly at the documented points, and X-Forwarded-For is
// only believed with TRUST_PROXY.
import { call, latestCode } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const WRONG = "The code is incorrect.";
const WRONG_BURNT =
  "Incorrect code, and too many wrong tries. Please request a new code.";
const LOCKED =
  /^Too many wrong codes: sign-in is locked\. Please try again in \d+ (minutes|seconds?)\.$/;

/** Any 6-digit code other than `real`, different at each call. */
function guesses(): (real: string) => string {
  let next = 0;
  return (real) => {
    let guess = String(next++).padStart(6, "0");
    if (guess === real) guess = String(next++).padStart(6, "0");
    return guess;
  };
}

describeEachDatabase("code limits", (database) => {
  let server: TestServer;
  const clock = testClock();
  let n = 0;
  const freshPhone = () => `137${String(++n).padStart(8, "0")}`;
  const freshIp = () => `10.30.0.${++n}`;

  beforeAll(async () => {
    server = await startTestServer({
      database,
      clock,
      env: { TRUST_PROXY: "on" },
    });
  });
  afterAll(() => server.close());

  const send = (s: TestServer, phone: string, ip: string) =>
    call(s, "POST", "oapi/v1/msg", {
      body: { phone, areaCode: "86" },
      ip,
      lang: "en",
    });
  const login = (s: TestServer, phone: string, code: string, ip: string) =>
    call(s, "POST", "oapi/v1/phoneLogin", {
      body: { account: phone, code },
      ip,
      lang: "en",
    });

  it("locks a number for an hour after 20 wrong codes within an hour", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    const guess = guesses();
    const answers: string[] = [];
    let real = "";
    for (let round = 0; round < 4; round++) {
      expect((await send(server, phone, ip)).status).toBe(200);
      real = await latestCode(server, `+86${phone}`);
      for (let i = 0; i < 5; i++)
        answers.push((await login(server, phone, guess(real), ip)).body.msg);
      clock.advance(61 * SECOND);
    }
    expect(answers).toEqual(
      Array.from({ length: 4 }, () => [
        WRONG,
        WRONG,
        WRONG,
        WRONG,
        WRONG_BURNT,
      ]).flat(),
    );

    const locked = await send(server, phone, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(LOCKED);
    const retry = Number(locked.headers.get("retry-after"));
    expect(retry).toBe(3600 - 61);
    const verify = await login(server, phone, real, ip);
    expect(verify.status).toBe(429);
    expect(verify.headers.get("retry-after")).toBe(String(retry));

    clock.advance(retry * SECOND - SECOND);
    expect((await send(server, phone, ip)).status).toBe(429);
    clock.advance(SECOND);
    expect((await send(server, phone, ip)).status).toBe(200);
    const code = await latestCode(server, `+86${phone}`);
    expect((await login(server, phone, code, ip)).status).toBe(200);
  });

  it("does not lock for wrong codes spread beyond an hour", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    const guess = guesses();
    for (let round = 0; round < 5; round++) {
      expect((await send(server, phone, ip)).status).toBe(200);
      const real = await latestCode(server, `+86${phone}`);
      for (let i = 0; i < 5; i++)
        expect((await login(server, phone, guess(real), ip)).status).toBe(400);
      // NOTE: 21 minutes apart, any hour holds at most 3 rounds (15 wrong codes).
      clock.advance(21 * MINUTE);
    }
    expect((await send(server, phone, ip)).status).toBe(200);
  });

  it("keeps codes, tries, cooldowns and locks across a server restart on the same database", async () => {
    const phone = freshPhone();
    const lockedPhone = freshPhone();
    const ip = freshIp();
    const guess = guesses();
    let shared: TestDatabase | undefined;
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    try {
      shared = await createTestDatabase(database);
      first = await startTestServer({
        reuseDatabase: shared,
        clock,
        env: { TRUST_PROXY: "on" },
      });
      await send(first, phone, ip);
      const code = await latestCode(first, `+86${phone}`);
      for (let i = 0; i < 3; i++)
        expect((await login(first, phone, guess(code), ip)).body.msg).toBe(
          WRONG,
        );
      for (let round = 0; round < 4; round++) {
        await send(first, lockedPhone, ip);
        const real = await latestCode(first, `+86${lockedPhone}`);
        for (let i = 0; i < 5; i++)
          await login(first, lockedPhone, guess(real), ip);
        clock.advance(61 * SECOND);
      }
      // 1 + 4 sends above, 15 here: the IP has used its 20 sends of the hour.
      for (let i = 0; i < 15; i++)
        expect((await send(first, freshPhone(), ip)).status).toBe(200);
      await first.close();
      first = undefined;

      second = await startTestServer({
        reuseDatabase: shared,
        clock,
        env: { TRUST_PROXY: "on" },
      });
      // The dev outbox is in memory: the old server's code is known only to this test.
      expect((await login(second, phone, guess(code), ip)).body.msg).toBe(
        WRONG,
      );
      expect((await login(second, phone, guess(code), ip)).body.msg).toBe(
        WRONG_BURNT,
      );
      expect((await login(second, phone, code, ip)).status).toBe(400);
      expect((await login(second, lockedPhone, "123456", ip)).status).toBe(429);
      const capped = await send(second, freshPhone(), ip);
      expect(capped.status).toBe(429);
      expect(capped.body.msg).toMatch(/from this network/);
    } finally {
      await first?.close();
      await second?.close();
      await shared?.close();
    }
  });

  it("stops a scripted 1,000-guess attack on one number at exactly 5 tries per code and 20 per hour", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    const guess = guesses();
    const tally = {
      codesSent: 0,
      sendsRefused: 0,
      wrong: 0,
      wrongBurnt: 0,
      locked: 0,
      other: 0,
    };
    const perCode: number[] = [];
    let real: string | null = null;
    for (let attempt = 0; attempt < 1000; attempt++) {
      if (real === null) {
        clock.advance(61 * SECOND);
        const sent = await send(server, phone, ip);
        if (sent.status === 200) {
          tally.codesSent++;
          perCode.push(0);
          real = await latestCode(server, `+86${phone}`);
        } else {
          expect(sent.status).toBe(429);
          expect(sent.body.msg).toMatch(LOCKED);
          tally.sendsRefused++;
        }
      }
      const answer = await login(server, phone, guess(real ?? ""), ip);
      if (answer.status === 400 && answer.body.msg === WRONG) {
        tally.wrong++;
        perCode[perCode.length - 1]!++;
      } else if (answer.status === 400 && answer.body.msg === WRONG_BURNT) {
        tally.wrongBurnt++;
        perCode[perCode.length - 1]!++;
        real = null;
      } else if (answer.status === 429 && LOCKED.test(answer.body.msg)) {
        tally.locked++;
        real = "locked";
      } else tally.other++;
    }
    expect(tally).toEqual({
      codesSent: 4,
      sendsRefused: 1,
      wrong: 16,
      wrongBurnt: 4,
      locked: 980,
      other: 0,
    });
    expect(perCode).toEqual([5, 5, 5, 5]);
  });
});

describe("client IP for the per-IP limit", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY is on", async () => {
    const server = await startTestServer({ seed: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const response = await call(server, "POST", "oapi/v1/msg", {
          body: { phone: `136${String(i).padStart(8, "0")}`, areaCode: "86" },
          ip: `203.0.113.${i + 1}`,
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
    } finally {
      await server.close();
    }
  });
});
