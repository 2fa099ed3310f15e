// Issue #19, item 1, same class (https://github.com/fuyuan/fuyuan/issues/19): a sign-in inserts
// its session and then ends the oldest beyond 20, but parallel sign-ins each counted the others
// without the rest's new sessions, so the user kept more than 20 live sessions. The insert and
// the trim now run under the user's row lock (server/domain/users/userLock.ts).
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { sessions } from "../../../server/db/schema";
import { SESSION_RULES } from "../../../server/domain/auth/sessions";
import {
  call,
  type Tokens,
  wechatEmulatorReturn,
} from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const PARALLEL = 40;

describeEachDatabase(
  "live-session limit under parallel sign-ins (issue #19)",
  (database) => {
    let server: TestServer;
    const clock = testClock();
    beforeAll(async () => {
      server = await startTestServer({ database, clock });
    });
    afterAll(() => server.close());

    it(`${PARALLEL} parallel sign-ins of one account leave at most ${SESSION_RULES.maxLivePerUser} live sessions`, async () => {
      // NOTE: the WeChat round trips first, so that the sessions are all created at once.
      const returns = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          wechatEmulatorReturn(server, { identity: "demo-3" }),
        ),
      );
      const signIns = await Promise.all(
        returns.map(async (back) => {
          const login = await call<Tokens>(server, "POST", "oapi/v1/wxLogin", {
            body: { code: back.code, state: back.state, type: 1 },
            headers: { cookie: back.cookie },
          });
          expect(login.status, login.body.msg).toBe(200);
          return login.body.data;
        }),
      );
      const info = (tokens: Tokens) =>
        call(server, "GET", "user/v1/info", { token: tokens.app_token });
      const answers = await Promise.all(signIns.map(info));
      const alive = answers.filter((a) => a.status === 200);
      expect(alive).toHaveLength(SESSION_RULES.maxLivePerUser);
      const { userId } = alive[0]!.body.data as { userId: number };
      const [live] = await server.db
        .select({ n: count() })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date(clock())),
          ),
        );
      expect(live?.n).toBe(SESSION_RULES.maxLivePerUser);
    });
  },
);
