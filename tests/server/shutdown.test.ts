// Graceful shutdown of the in-process server: close() lets a running request finish, refuses
// new connections meanwhile, and closes the database last.
import { ok } from "../../server/http/envelope";
import { temples } from "../../server/db/schema";
import { describeEachDatabase } from "../support/server/testDb";
import { startTestServer } from "../support/server/testServer";

describeEachDatabase("graceful shutdown", (database) => {
  it("completes an in-flight request before closing the database", async () => {
    let markStarted!: () => void;
    let release!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = await startTestServer({
      database,
      seed: false,
      configure: (app) => {
        // Test-only route that holds its response until the test releases it.
        app.get("/api/app/test/slow", async () => {
          markStarted();
          await gate;
          return ok({ done: true });
        });
      },
    });

    const inFlight = fetch(`${server.baseUrl}/api/app/test/slow`).then(
      async (r) => ({
        status: r.status,
        body: await r.json(),
      }),
    );
    await started;

    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(closed).toBe(false);
    await expect(
      fetch(`${server.baseUrl}/api/app/oapi/v1/config`),
    ).rejects.toThrow();
    // The database is still open while the request runs.
    await expect(server.db.select().from(temples)).resolves.toEqual([]);

    release();
    expect(await inFlight).toEqual({
      status: 200,
      body: { code: 0, data: { done: true }, msg: "ok" },
    });
    await closing;
    expect(closed).toBe(true);
    await expect(server.db.select().from(temples)).rejects.toThrow();
  });
});
