// The open thread's presence polling (issue #23): asks at once and then every interval while the
// document is visible, nothing while hidden, at once again on becoming visible, on reconnect and on
// a peer message, with asks spaced by the minimum gap; stops for good with the thread.
import {
  createPresencePoller,
  PRESENCE_INTERVAL_MS,
  PRESENCE_MIN_GAP_MS,
  type PresencePoller,
} from "../../../../src/features/messenger/presencePoller";

interface Harness {
  poller: PresencePoller;
  /** Times (ms since the start) of every ask so far. */
  asks: number[];
  /** Moves the clock by `ms`, running the timers that come due on the way. */
  advance(ms: number): void;
  pending(): number;
}

function start(visible = true): Harness {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const asks: number[] = [];
  const poller = createPresencePoller({
    refresh: () => asks.push(now),
    now: () => now,
    setTimer: (run, ms) => {
      nextId += 1;
      timers.set(nextId, { at: now + ms, run });
      return nextId;
    },
    clearTimer: (id) => timers.delete(id as number),
    visible,
  });
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers].sort((a, b) => a[1].at - b[1].at)[0];
      if (due === undefined || due[1].at > end) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = end;
  };
  return { poller, asks, advance, pending: () => timers.size };
}

it("asks at once, then every interval while visible", () => {
  const h = start();
  expect(h.asks).toEqual([0]);
  h.advance(PRESENCE_INTERVAL_MS * 3);
  expect(h.asks).toEqual([
    0,
    PRESENCE_INTERVAL_MS,
    PRESENCE_INTERVAL_MS * 2,
    PRESENCE_INTERVAL_MS * 3,
  ]);
});

it("asks nothing while hidden and at once when visible again", () => {
  const h = start(false);
  h.advance(PRESENCE_INTERVAL_MS * 5);
  expect(h.asks).toEqual([]);
  expect(h.pending()).toBe(0);
  h.poller.setVisible(true);
  const shownAt = PRESENCE_INTERVAL_MS * 5;
  expect(h.asks).toEqual([shownAt]);
  h.advance(1_000);
  h.poller.setVisible(false);
  expect(h.pending()).toBe(0);
  h.advance(PRESENCE_INTERVAL_MS * 2);
  expect(h.asks).toEqual([shownAt]);
  h.poller.setVisible(true);
  expect(h.asks).toEqual([shownAt, shownAt + 1_000 + PRESENCE_INTERVAL_MS * 2]);
});

it("a poke (reconnect, peer message) asks at once, then the interval starts over", () => {
  const h = start();
  h.advance(4_000);
  h.poller.poke();
  expect(h.asks).toEqual([0, 4_000]);
  h.advance(PRESENCE_INTERVAL_MS);
  expect(h.asks).toEqual([0, 4_000, 4_000 + PRESENCE_INTERVAL_MS]);
});

it("pokes right after an ask wait for the minimum gap and cost one ask", () => {
  const h = start();
  h.advance(500);
  h.poller.poke();
  h.poller.poke();
  h.advance(500);
  h.poller.poke();
  expect(h.asks).toEqual([0]);
  h.advance(PRESENCE_MIN_GAP_MS);
  expect(h.asks).toEqual([0, PRESENCE_MIN_GAP_MS]);
  // Quick visibility flips are spaced the same way.
  h.poller.setVisible(false);
  h.poller.setVisible(true);
  expect(h.asks).toEqual([0, PRESENCE_MIN_GAP_MS]);
  h.advance(PRESENCE_MIN_GAP_MS);
  expect(h.asks).toEqual([0, PRESENCE_MIN_GAP_MS, PRESENCE_MIN_GAP_MS * 2]);
});

it("pokes while hidden ask nothing", () => {
  const h = start();
  h.poller.setVisible(false);
  h.advance(PRESENCE_INTERVAL_MS);
  h.poller.poke();
  h.advance(PRESENCE_INTERVAL_MS);
  expect(h.asks).toEqual([0]);
});

it("stops for good", () => {
  const h = start();
  h.poller.stop();
  expect(h.pending()).toBe(0);
  h.poller.poke();
  h.poller.setVisible(false);
  h.poller.setVisible(true);
  h.advance(PRESENCE_INTERVAL_MS * 3);
  expect(h.asks).toEqual([0]);
});
