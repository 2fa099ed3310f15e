// Short gateway fuzz (the long form is `npm run fuzz`, tests/fuzz/gatewayFuzz.ts): a few thousand
// random and damaged frames over real WebSockets, before and after a real CONNECT, while a control
// pair keeps chatting. The server stays up and answers, every connection it closes gets a reason,
// the control pair misses nothing, and only well-formed messages are stored.
import { runGatewayFuzz } from "../../fuzz/gatewayFuzzer";
import { startImServer, type ImServer } from "../../support/server/im/imServer";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";

const SEED = 20261121;
const FRAMES = 3_000;

describeEachDatabase("gateway fuzz (short)", (database) => {
  const clock = testClock();
  let server: ImServer;

  beforeAll(async () => {
    server = await startImServer({ database, clock });
  });
  afterAll(() => server.close());

  it(`survives ${FRAMES} fuzzed frames (seed ${SEED}) with closes that say why and a working control pair`, async () => {
    const { summary, failures } = await runGatewayFuzz(
      { ...server, clock },
      { seed: SEED, frames: FRAMES, concurrency: 3 },
    );
    expect(failures).toEqual([]);
    expect(summary.ok).toBe(true);
    expect(summary.frames).toBeGreaterThanOrEqual(FRAMES);
    expect(summary.control_messages).toBeGreaterThan(0);
    expect(summary.closed_by_server).toBeGreaterThan(summary.connections / 2);
    expect(summary.close_codes).not.toHaveProperty("1011");
    expect(summary.sendack_reasons).not.toHaveProperty(
      String(15 /* systemError */),
    );
  }, 300_000);
});
