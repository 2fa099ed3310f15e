// GET oapi/v1/health on the embedded engine: the database answers and the gateway serves.
import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../../support/server/accountsApi";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

describeEachDatabase("health", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: false });
  });
  afterAll(() => server.close());

  it("reports the database and the embedded IM engine, uncached", async () => {
    const health = await call(server, "GET", "oapi/v1/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(health.body.data).toEqual({
      ok: true,
      database: { ok: true },
      im: { engine: "embedded", ok: true },
    });
  });
});
