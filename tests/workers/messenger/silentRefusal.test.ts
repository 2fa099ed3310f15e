// Issue 18 at the service level (FakeImServer, fake timers): the connection driver tells the machine
// which closes are its own (a stream it could not decode), so only the server's hang-ups on CONNECT
// add up to a refusal; the refusal reaches the tabs as ConnectFail with no reason code, the same
// token does not reconnect, and a new one does.
import { RECONNECT_MAX_DELAY_MS } from "../../../workers/connection/backoff";
import { UNANSWERED_CONNECT_LIMIT } from "../../../workers/connection/silentRefusal";
import {
  createTestMessenger,
  settle,
  until,
  useServiceTimers,
  type TestMessenger,
} from "../../support/workers/testMessenger";

/** Not a frame: the decoder refuses packet type 0, so the driver drops the socket itself. */
const GARBAGE = new Uint8Array([0x00, 0x00]);

let t: TestMessenger;

beforeEach(async () => {
  useServiceTimers();
  t = await createTestMessenger({ server: { autoConnack: false } });
});

afterEach(async () => {
  await t.dispose();
  vi.useRealTimers();
});

/** Waits for socket `n` (1-based) to carry a CONNECT, then answers it with `answer`. */
async function answerConnect(
  n: number,
  answer: "hangUp" | "garbage",
): Promise<void> {
  await until(() => {
    expect(t.server.sockets).toHaveLength(n);
    expect(t.server.last.connect).not.toBeNull();
  });
  if (answer === "hangUp") t.server.last.close();
  else t.server.last.sendBytes(GARBAGE);
  await settle();
}

/** Moves the clock in 1 s steps until the next socket opens, or the longest reconnect wait passed. */
async function waitOutBackoff(): Promise<void> {
  const before = t.server.sockets.length;
  for (let ms = 0; ms < RECONNECT_MAX_DELAY_MS; ms += 1_000) {
    vi.advanceTimersByTime(1_000);
    await settle(5);
    if (t.server.sockets.length > before) return;
  }
}

describe("a token refused by hanging up (issue 18)", () => {
  it("counts the server's hang-ups, not the streams the worker drops itself", async () => {
    await t.start();
    let socket = 0;
    for (let i = 0; i < UNANSWERED_CONNECT_LIMIT + 1; i += 1) {
      await answerConnect((socket += 1), "garbage");
      expect(t.service.status().connection).toBe("Disconnect");
      await waitOutBackoff();
    }
    expect(t.eventsOf("error").length).toBeGreaterThan(0);
    for (let i = 1; i < UNANSWERED_CONNECT_LIMIT; i += 1) {
      await answerConnect((socket += 1), "hangUp");
      expect(t.service.status().connection).toBe("Disconnect");
      await waitOutBackoff();
    }
    await answerConnect((socket += 1), "hangUp");
    expect(t.service.status()).toEqual({
      connection: "ConnectFail",
      imUid: t.uid,
      online: true,
    });
    expect(t.service.driver.state.phase).toEqual({ kind: "failed" });
  });

  it("stays refused for the same token; a new token reconnects with it", async () => {
    await t.start();
    for (let n = 1; n <= UNANSWERED_CONNECT_LIMIT; n += 1) {
      await answerConnect(n, "hangUp");
      await waitOutBackoff();
    }
    expect(t.service.status().connection).toBe("ConnectFail");
    vi.advanceTimersByTime(3_600_000);
    await t.start();
    await settle();
    expect(t.server.sockets).toHaveLength(UNANSWERED_CONNECT_LIMIT);

    await t.start({ imToken: "im-token-fresh" });
    await until(() => {
      expect(t.server.last.connect?.token).toBe("im-token-fresh");
    });
    t.server.last.connack(1);
    await until(() => {
      expect(t.service.status().connection).toBe("Connected");
    });
    expect(t.server.sockets).toHaveLength(UNANSWERED_CONNECT_LIMIT + 1);
  });
});
