// Short REST fuzz (the long form is `npm run fuzz`, tests/fuzz/restFuzz.ts): a few hundred fuzzed
// requests over every route of the real server, signed in and not, each answered with a 4xx
// envelope (or a 2xx where the input happened to be valid), never a 5xx, and no refused request
// changing a table's row count.
import { runRestFuzz } from "../../fuzz/restFuzzer";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const SEED = 20261121;
const COUNT = 400;

describeEachDatabase("REST fuzz (short)", (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      database,
      env: { ORDER_SWEEP_SECONDS: "0" },
    });
  });
  afterAll(() => server.close());

  it(`answers ${COUNT} fuzzed requests (seed ${SEED}) with envelopes, no 5xx and no half-records`, async () => {
    const { summary, failures } = await runRestFuzz(server, {
      seed: SEED,
      count: COUNT,
    });
    expect(failures).toEqual([]);
    expect(summary).toMatchObject({
      requests: COUNT,
      status_5xx: 0,
      envelope_violations: 0,
      half_records: 0,
      stalls: 0,
      network_errors: 0,
      ok: true,
    });
    // Every route was tried, and the fuzz reached handlers, not only the validators.
    expect(summary.routes_tried).toBe(summary.routes);
    expect(summary.status_2xx).toBeGreaterThan(0);
    expect(summary.status_4xx).toBeGreaterThan(COUNT / 2);
  }, 300_000);
});
