// A clock tests move by hand (the server's accounts rules and the emulators read it).
import type { Clock } from "../../server/providers/lib/runtime";

export interface TestClock extends Clock {
  /** Moves time forward by `ms`. */
  advance(ms: number): void;
  /** The current time, epoch ms. */
  readonly now: number;
}

export function testClock(start: number = Date.now()): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  Object.defineProperty(clock, "now", { get: () => now });
  return clock;
}
