// The server secret: in development an unset AUTH_SECRET is generated once and kept in the
// database, so a restarted server keeps every session; another secret invalidates access tokens,
// and IM tokens are re-issued for sessions that outlive a secret change.
import { count, eq } from "drizzle-orm";
import { serverSecrets } from "../../../server/db/schema";
import { createImAuthenticator } from "../../../server/domain/auth/imAuthenticator";
import { call, signInWithPhone, type Tokens } from "../../support/server/accountsApi";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

describeEachDatabase("server secret", (database) => {
  let shared: TestDatabase;
  beforeAll(async () => {
    shared = await createTestDatabase(database);
  });
  afterAll(() => shared.close());

  async function withServer<T>(
    env: Record<string, string>,
    body: (server: TestServer) => Promise<T>,
  ): Promise<T> {
    const server = await startTestServer({ reuseDatabase: shared, env });
    try {
      return await body(server);
    } finally {
      await server.close();
    }
  }
  const info = (server: TestServer, tokens: Tokens) =>
    call(server, "GET", "user/v1/info", {
      token: tokens.app_token,
      lang: "en",
    });

  it("keeps sessions across restarts with the generated development secret", async () => {
    const tokens = await withServer({}, (server) =>
      signInWithPhone(server, "13800000004"),
    );
    const imToken = await withServer({}, async (server) => {
      const me = await info(server, tokens);
      expect(me.status).toBe(200);
      return me.body.data.imToken as string;
    });
    await withServer({}, async (server) => {
      const renewed = await call<Tokens>(
        server,
        "POST",
        "oapi/v1/refreshToken",
        {
          body: { refresh_token: tokens.refresh_token },
        },
      );
      expect(renewed.status).toBe(200);
      expect((await info(server, renewed.body.data)).body.data.imToken).toBe(
        imToken,
      );
    });
    // One auth secret however many starts (other generated keys, e.g. VAPID, have their own rows).
    expect(
      (
        await shared.db
          .select({ n: count() })
          .from(serverSecrets)
          .where(eq(serverSecrets.name, "auth_secret"))
      )[0]!.n,
    ).toBe(1);
  });

  it("rejects access tokens of another secret and re-issues the IM token after a secret change", async () => {
    const tokens = await withServer({}, (server) =>
      signInWithPhone(server, "13800000003"),
    );
    const oldIm = await withServer(
      {},
      async (server) =>
        (await info(server, tokens)).body.data.imToken as string,
    );
    const env = { AUTH_SECRET: "another-secret-of-at-least-thirty-two-bytes" };
    await withServer(env, async (server) => {
      const stale = await info(server, tokens);
      expect(stale.status).toBe(401);
      expect(stale.body.msg).toBe(
        "Your sign-in is not valid. Please sign in again.",
      );
      const renewed = await call<Tokens>(
        server,
        "POST",
        "oapi/v1/refreshToken",
        {
          body: { refresh_token: tokens.refresh_token },
        },
      );
      expect(renewed.status).toBe(200);
      const me = (await info(server, renewed.body.data)).body.data;
      expect(me.imToken).not.toBe(oldIm);
      expect((await info(server, renewed.body.data)).body.data.imToken).toBe(
        me.imToken,
      );
      const verify = createImAuthenticator({ db: shared.db, clock: Date.now });
      expect(await verify(me.imId, me.imToken)).not.toBeNull();
      expect(await verify(me.imId, oldIm)).toBeNull();
    });
  });
});
