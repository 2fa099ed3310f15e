// Issue #9, one-time codes: every number of the issue and where a test asserts it exactly.
//
//   6 digits from a CSPRNG ........ here: "draws every code from node:crypto randomInt …"
//   stored hashed ................. here: "keeps neither the code nor the phone in clear …"
//   5-minute life ................. auth/codeLogin "expires a code after 5 minutes" (4:59 ok,
//                                   5:00 expired); here across a restart
//   single use .................... auth/codeLogin "accepts a code once"
//   dead after 5 wrong tries ...... auth/codeLogin "burns a code after 5 wrong tries"; here every
//                                   code of the 1,000-guess attack takes exactly 5
//   1 send per 60 s per target .... auth/codeLogin "refuses a resend within 60 s"; here the attack's
//                                   sends are never closer than 60 s and are 60 s apart at best
//   10 sends per day per target ... auth/codeLogin "allows 10 codes per number per 24 hours"; here
//                                   no 24 h holds more than 10 sends, and some hold exactly 10
//   20 sends per hour per IP ...... auth/codeLogin "allows 20 codes per IP per hour"; here a
//                                   1,000-request spray from one IP gets exactly 20 per hour;
//                                   auth/codeLimits: X-Forwarded-For only with TRUST_PROXY
//   ≤ 20 failures per hour, then
//   a 1-hour lock ................. auth/codeLimits "locks a number for an hour after 20 wrong
//                                   codes"; here the attack never gets a 21st failure into an hour
//                                   and every lock answers Retry-After 3600
//   limits survive a restart ...... auth/codeLimits "keeps codes, tries, cooldowns and locks across
//                                   a server restart" (tries, lock, IP cap); here the resend
//                                   cooldown, the daily cap and the code's expiry
//   no account enumeration ........ auth/codeLogin (SMS send); here SMS and e-mail sends, wrong
//                                   codes, missing codes and limits, existing vs unknown
//   the 1,000-guess attack ........ auth/codeLimits (one number, one lock); here a patient attacker
//                                   over days who obeys every Retry-After: each wait is exact to
//                                   the second, and the limits stop it at exactly those points
import type * as NodeCrypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { users } from "../../../server/db/schema";
import { call, latestCode, outbox } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";
import type { JsonResponse } from "../apiClient";

const draws = vi.hoisted(() => ({
  /** Every randomInt(0, 1_000_000) the server made, in order. */
  codes: [] as number[],
  /** When set, the next such draw returns it (to see a small number padded). */
  force: null as number | null,
}));

vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  const randomInt = ((...args: [number, number]) => {
    const value = actual.randomInt(...args);
    if (args[0] !== 0 || args[1] !== 1_000_000) return value;
    const drawn = draws.force ?? value;
    draws.force = null;
    draws.codes.push(drawn);
    return drawn;
  }) as typeof actual.randomInt;
  return { ...actual, default: { ...actual, randomInt }, randomInt };
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const WRONG = "The code is incorrect.";
const WRONG_BURNT =
  "Incorrect code, and too many wrong tries. Please request a new code.";

type Refusal = "cooldown" | "daily" | "ip" | "locked";

/** Which limit a 429 names (English wording). */
function refusalOf(response: JsonResponse): Refusal {
  const msg = response.body.msg;
  if (response.status !== 429) throw new Error(`not a refusal: ${msg}`);
  if (msg.startsWith("A code was just sent.")) return "cooldown";
  if (msg.startsWith("Too many codes were requested today.")) return "daily";
  if (msg.includes("from this network")) return "ip";
  if (msg.startsWith("Too many wrong codes: sign-in is locked."))
    return "locked";
  throw new Error(`unknown refusal: ${msg}`);
}

const retryAfter = (response: JsonResponse) =>
  Number(response.headers.get("retry-after"));

/** The largest number of `times` inside any window (t − span, t]. */
function busiestWindow(times: readonly number[], span: number): number {
  let best = 0;
  for (const t of times)
    best = Math.max(best, times.filter((u) => u > t - span && u <= t).length);
  return best;
}

describeEachDatabase("one-time codes (issue #9)", (database) => {
  let server: TestServer;
  const clock = testClock();
  let n = 0;
  const freshPhone = () => `133${String(++n).padStart(8, "0")}`;
  const freshIp = () => `10.60.${Math.floor(++n / 200)}.${(n % 200) + 1}`;

  beforeAll(async () => {
    server = await startTestServer({
      database,
      clock,
      env: { TRUST_PROXY: "on" },
    });
  });
  afterAll(() => server.close());

  const sendSms = (s: TestServer, phone: string, ip: string) =>
    call(s, "POST", "oapi/v1/msg", {
      body: { phone, areaCode: "86" },
      ip,
      lang: "en",
    });
  const sendEmail = (s: TestServer, email: string, ip: string) =>
    call(s, "GET", `oapi/v1/sendEmailCode?email=${encodeURIComponent(email)}`, {
      ip,
      lang: "en",
    });
  const login = (s: TestServer, account: string, code: string, ip: string) =>
    call(s, "POST", "oapi/v1/phoneLogin", {
      body: { account, code },
      ip,
      lang: "en",
    });

  it("draws every code from node:crypto randomInt (the CSPRNG) as 6 digits, zeros kept", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    const before = draws.codes.length;
    draws.force = 42;
    expect((await sendSms(server, phone, ip)).status).toBe(200);
    expect(draws.codes.slice(before)).toEqual([42]);
    expect(await latestCode(server, `+86${phone}`)).toBe("000042");
    expect((await login(server, phone, "000042", ip)).status).toBe(200);

    const codes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const target = freshPhone();
      await sendSms(server, target, freshIp());
      codes.push(await latestCode(server, `+86${target}`));
    }
    const drawn = draws.codes.slice(-20);
    expect(codes).toEqual(drawn.map((d) => String(d).padStart(6, "0")));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
  });

  it("keeps neither the code nor the phone number in clear in the database", async () => {
    const phone = freshPhone();
    await sendSms(server, phone, freshIp());
    const code = await latestCode(server, `+86${phone}`);
    const rows = async (table: string) =>
      (
        (await server.db.execute(sql.raw(`select * from ${table}`))) as {
          rows: unknown[];
        }
      ).rows;
    const stored = JSON.stringify([
      await rows("login_codes"),
      await rows("auth_rate_events"),
      await rows("auth_locks"),
    ]);
    expect(stored).not.toContain(phone);
    expect(stored).not.toContain(`"${code}"`);
    expect(stored).toMatch(/"code_hash":"[0-9a-f]{64}"/);
  });

  it("answers identically for an existing and an unknown phone number and e-mail address", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const knownEmail = `known-${tag}@example.test`;
    await server.db
      .update(users)
      .set({ email: knownEmail })
      .where(eq(users.phone, "13800000001"));
    const pairs: [string, string, "sms" | "email"][] = [
      ["13800000001", freshPhone(), "sms"],
      [knownEmail, `nobody-${tag}@example.test`, "email"],
    ];
    const shape = (r: JsonResponse) => ({
      status: r.status,
      body: r.body,
      headers: [...r.headers.entries()].filter(
        ([h]) => h !== "date" && h !== "x-request-id",
      ),
    });
    for (const [known, unknown, channel] of pairs) {
      const ip = freshIp();
      const send = (to: string) =>
        channel === "sms" ? sendSms(server, to, ip) : sendEmail(server, to, ip);
      const both = async (
        act: (target: string) => Promise<JsonResponse>,
      ): Promise<void> => {
        const a = await act(known);
        const b = await act(unknown);
        expect(shape(b), `${channel}: ${known} vs ${unknown}`).toEqual(
          shape(a),
        );
      };
      // No code requested yet, a first send, a send too soon, wrong codes, a burnt code.
      await both((to) => login(server, to, "123456", ip));
      await both(send);
      await both(send);
      const codes = [
        await latestCode(server, channel === "sms" ? `+86${known}` : known),
        await latestCode(server, channel === "sms" ? `+86${unknown}` : unknown),
      ];
      const wrong = ["000000", "000001", "000002"].find(
        (g) => !codes.includes(g),
      )!;
      for (let i = 0; i < 6; i++)
        await both((to) => login(server, to, wrong, ip));
    }
  });

  it("keeps the resend cooldown, the daily cap and a code's expiry across a restart", async () => {
    const cooling = freshPhone();
    const capped = freshPhone();
    const expiring = freshPhone();
    const ip = freshIp();
    let shared: TestDatabase | undefined;
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    try {
      shared = await createTestDatabase(database, { seed: false });
      const on = (db: TestDatabase) =>
        startTestServer({
          reuseDatabase: db,
          clock,
          env: { TRUST_PROXY: "on" },
        });
      first = await on(shared);
      for (let i = 0; i < 10; i++) {
        expect((await sendSms(first, capped, freshIp())).status).toBe(200);
        clock.advance(61 * SECOND);
      }
      expect((await sendSms(first, expiring, ip)).status).toBe(200);
      expect((await sendSms(first, cooling, ip)).status).toBe(200);
      const expiringCode = await latestCode(first, `+86${expiring}`);
      const coolingCode = await latestCode(first, `+86${cooling}`);
      await first.close();
      first = undefined;

      clock.advance(20 * SECOND);
      second = await on(shared);
      const early = await sendSms(second, cooling, ip);
      expect(refusalOf(early)).toBe("cooldown");
      expect(retryAfter(early)).toBe(40);
      const daily = await sendSms(second, capped, freshIp());
      expect(refusalOf(daily)).toBe("daily");
      expect(retryAfter(daily)).toBe(DAY / SECOND - 10 * 61 - 20);
      // Both codes were sent together: at 4:59 one still signs in, at 5:00 the other has expired.
      clock.advance(5 * MINUTE - 20 * SECOND - SECOND);
      expect((await login(second, cooling, coolingCode, ip)).status).toBe(200);
      clock.advance(SECOND);
      const expired = await login(second, expiring, expiringCode, ip);
      expect(expired.status).toBe(400);
      expect(expired.body.msg).toMatch(/has expired or was not requested/);
    } finally {
      await first?.close();
      await second?.close();
      await shared?.close();
    }
  });

  it(
    "stops a patient 1,000-guess attacker at exactly 5 tries per code, 20 failures per hour (then 1 hour locked), 1 send per 60 s and 10 per day",
    { timeout: 300_000 },
    async () => {
      const phone = freshPhone();
      const ip = freshIp();
      const start = clock.now;
      const sends: number[] = [];
      const failures: number[] = [];
      const perCode: number[] = [];
      const waits: Record<Refusal, number[]> = {
        cooldown: [],
        daily: [],
        ip: [],
        locked: [],
      };
      let lockedGuesses = 0;
      let code: string | null = null;
      let lastRefusal: Refusal | null = null;
      let guess = 0;
      const wrongGuess = (real: string) => {
        let g = String(guess++ % 1_000_000).padStart(6, "0");
        if (g === real) g = String(guess++ % 1_000_000).padStart(6, "0");
        return g;
      };

      while (failures.length < 1000) {
        if (code === null) {
          const sent = await sendSms(server, phone, ip);
          if (sent.status === 200) {
            sends.push(clock.now);
            perCode.push(0);
            code = await latestCode(server, `+86${phone}`);
            lastRefusal = null;
            continue;
          }
          const kind = refusalOf(sent);
          // Waiting exactly Retry-After clears this limit: never the same refusal twice running.
          expect(kind).not.toBe(lastRefusal);
          const wait = retryAfter(sent);
          waits[kind].push(wait);
          clock.advance((wait - 1) * SECOND);
          const early = await sendSms(server, phone, ip);
          expect(refusalOf(early)).toBe(kind);
          expect(retryAfter(early)).toBe(1);
          clock.advance(SECOND);
          lastRefusal = kind;
          continue;
        }
        const answer = await login(server, phone, wrongGuess(code), ip);
        expect(answer.status, answer.body.msg).toBe(400);
        failures.push(clock.now);
        perCode[perCode.length - 1]! += 1;
        if (answer.body.msg === WRONG_BURNT) {
          code = null;
          const inHour = failures.filter((t) => t > clock.now - HOUR).length;
          if (inHour === 20) {
            // Locked for exactly an hour from the 20th failure: even a guess is refused now.
            const locked = await login(server, phone, "000000", ip);
            expect(refusalOf(locked)).toBe("locked");
            expect(retryAfter(locked)).toBe(3600);
            lockedGuesses++;
          }
        } else expect(answer.body.msg).toBe(WRONG);
      }

      expect(perCode).toEqual(Array<number>(200).fill(5));
      expect(busiestWindow(failures, HOUR)).toBe(20);
      expect(busiestWindow(failures, DAY)).toBe(50);
      expect(busiestWindow(sends, DAY)).toBe(10);
      const gaps = sends.slice(1).map((t, i) => t - sends[i]!);
      expect(Math.min(...gaps)).toBe(MINUTE);
      expect(waits.locked.length).toBe(lockedGuesses);
      expect(new Set(waits.locked)).toEqual(new Set([3600]));
      expect(new Set(waits.cooldown)).toEqual(new Set([60]));
      expect(waits.daily.length).toBeGreaterThan(0);
      expect(waits.ip).toEqual([]);
      // 10 codes a day at most: 1,000 guesses take the attacker at least 19 days.
      expect(clock.now - start).toBeGreaterThanOrEqual(19 * DAY);
    },
  );

  it(
    "gives a 1,000-request spray from one IP exactly 20 codes per hour, each refusal naming the exact wait",
    { timeout: 300_000 },
    async () => {
      const ip = freshIp();
      const accepted: number[] = [];
      let refused = 0;
      for (let i = 0; i < 1000; i++) {
        const response = await sendSms(server, freshPhone(), ip);
        if (response.status === 200) accepted.push(clock.now);
        else {
          expect(refusalOf(response)).toBe("ip");
          const inHour = accepted.filter((t) => t > clock.now - HOUR);
          expect(inHour).toHaveLength(20);
          expect(retryAfter(response)).toBe(
            Math.ceil((inHour[0]! + HOUR - clock.now) / SECOND),
          );
          refused++;
        }
        clock.advance(15 * SECOND);
      }
      // 1,000 requests 15 s apart span 4 h 10 min: five hours begin, each lets 20 through.
      expect(accepted).toHaveLength(100);
      expect(refused).toBe(900);
      expect(busiestWindow(accepted, HOUR)).toBe(20);
      expect((await outbox(server)).length).toBeGreaterThanOrEqual(100);
    },
  );
});
