// Two app servers on one database and one shared FILES_DIR behave as one (issue 18, "stateless app
// servers"): a code sent by one signs in on the other, tokens and refresh-token reuse detection
// hold across them, the resend cooldown is shared, and a file uploaded through one is served and
// deleted through the other. Only the development outbox is per server (an emulator's memory).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { call, latestCode, type Tokens } from "../../support/server/accountsApi";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";
import { png } from "../files/imageFixtures";

describeEachDatabase("two app servers", (kind) => {
  let database: TestDatabase;
  let filesDir: string;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    filesDir = await mkdtemp(join(tmpdir(), "fuyuan-shared-files-"));
    // NOTE: each server has its own DATA_DIR, as on two machines; only FILES_DIR is shared.
    const env = async () => ({
      DATA_DIR: await mkdtemp(join(tmpdir(), "fuyuan-server-data-")),
      FILES_DIR: filesDir,
      TRUST_PROXY: "on",
    });
    a = await startTestServer({ reuseDatabase: database, env: await env() });
    b = await startTestServer({ reuseDatabase: database, env: await env() });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
    for (const dir of [filesDir, a.config.dataDir, b.config.dataDir])
      await rm(dir, { recursive: true, force: true });
  });

  const phone = "13500001234";
  let tokens: Tokens;

  it("signs in on one server with a code another server sent, once", async () => {
    const sent = await call(a, "POST", "oapi/v1/msg", {
      body: { phone, areaCode: "86" },
      ip: "10.9.0.1",
    });
    expect(sent.status).toBe(200);
    // The resend cooldown lives in the database: the other server refuses a second code too.
    const again = await call(b, "POST", "oapi/v1/msg", {
      body: { phone, areaCode: "86" },
      ip: "10.9.0.2",
      lang: "en",
    });
    expect(again.status).toBe(429);
    const code = await latestCode(a, `+86${phone}`);
    const login = await call<Tokens>(b, "POST", "oapi/v1/phoneLogin", {
      body: { account: phone, code },
      ip: "10.9.0.2",
    });
    expect(login.status).toBe(200);
    tokens = login.body.data;
    // A code is good for one sign-in, whichever server sees it next.
    const replay = await call(a, "POST", "oapi/v1/phoneLogin", {
      body: { account: phone, code },
      ip: "10.9.0.1",
    });
    expect(replay.status).toBe(400);
  });

  it("accepts one server's tokens on the other and detects a refresh token reused across them", async () => {
    const onA = await call(a, "GET", "user/v1/info", {
      token: tokens.app_token,
    });
    expect(onA.status).toBe(200);
    const rotated = await call<Tokens>(a, "POST", "oapi/v1/refreshToken", {
      body: { refresh_token: tokens.refresh_token },
    });
    expect(rotated.status).toBe(200);
    const reused = await call(b, "POST", "oapi/v1/refreshToken", {
      body: { refresh_token: tokens.refresh_token },
    });
    expect(reused.status).toBe(401);
    // Reuse ended the session everywhere.
    const after = await call(a, "GET", "user/v1/info", {
      token: rotated.body.data.app_token,
    });
    expect(after.status).toBe(401);
  });

  it("serves and deletes through one server what was uploaded through the other", async () => {
    const login = await (async () => {
      const other = "13500005678";
      await call(b, "POST", "oapi/v1/msg", {
        body: { phone: other, areaCode: "86" },
        ip: "10.9.0.3",
      });
      const code = await latestCode(b, `+86${other}`);
      return (
        await call<Tokens>(a, "POST", "oapi/v1/phoneLogin", {
          body: { account: other, code },
          ip: "10.9.0.3",
        })
      ).body.data;
    })();
    const bytes = png(8, 8);
    const form = new FormData();
    form.append(
      "file",
      new Blob([Uint8Array.from(bytes)], { type: "image/png" }),
      "dot.png",
    );
    const uploaded = await fetch(
      new URL("/api/app/file/v1/upload", a.baseUrl),
      {
        method: "POST",
        headers: { authorization: `Bearer ${login.app_token}` },
        body: form,
      },
    );
    expect(uploaded.status).toBe(200);
    const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
    const path = new URL(url, a.baseUrl).pathname;
    const served = await fetch(new URL(path, b.baseUrl));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    const name = path.slice(path.lastIndexOf("/") + 1);
    const removed = await fetch(
      new URL(`/api/app/file/v1/${name}`, b.baseUrl),
      {
        method: "DELETE",
        headers: { authorization: `Bearer ${login.app_token}` },
      },
    );
    expect(removed.status).toBe(200);
    expect((await fetch(new URL(path, a.baseUrl))).status).toBe(404);
  });
});
