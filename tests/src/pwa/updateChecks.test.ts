// When update checks run: ~1 s after start in idle time (50 ms fallback), hourly, on focus and
// visibility — and no start-up check on slow-2g.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  FIRST_CHECK_DELAY_MS,
  IDLE_DEADLINE_MS,
  IDLE_FALLBACK_MS,
  PERIODIC_CHECK_MS,
  scheduleUpdateChecks,
  shouldCheckOnStart,
  type CheckEnv,
} from "../../../src/pwa/updateChecks";

function env(
  effectiveType?: string,
  idle: CheckEnv["requestIdleCallback"] | null = null,
) {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  const e: CheckEnv = {
    navigator:
      effectiveType === undefined ? {} : { connection: { effectiveType } },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    setInterval: (fn, ms) => setInterval(fn, ms),
    ...(idle === null ? {} : { requestIdleCallback: idle }),
    addEventListener: (type, fn) => {
      win.addEventListener(type, fn);
    },
    document: {
      get visibilityState() {
        return doc.visibilityState;
      },
      addEventListener: (type, fn) => {
        doc.addEventListener(type, fn);
      },
    },
  };
  return { e, win, doc };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("shouldCheckOnStart", () => {
  test.each([
    [undefined, true],
    ["4g", true],
    ["2g", true],
    ["slow-2g", false],
  ])("effectiveType %s → %s", (type, expected) => {
    expect(shouldCheckOnStart(env(type).e)).toBe(expected);
  });
});

describe("scheduleUpdateChecks", () => {
  test("checks ~1 s after start (50 ms fallback without requestIdleCallback), then hourly", () => {
    const check = vi.fn();
    expect(scheduleUpdateChecks(check, env("4g").e)).toBe(true);
    vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS + IDLE_FALLBACK_MS - 1);
    expect(check).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PERIODIC_CHECK_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });

  test("uses requestIdleCallback when there is one, with a deadline for a tab that never idles", () => {
    const check = vi.fn();
    const idle = vi.fn((fn: () => void) => setTimeout(fn, 5));
    scheduleUpdateChecks(check, env("4g", idle).e);
    vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS);
    expect(idle).toHaveBeenCalledWith(check, { timeout: IDLE_DEADLINE_MS });
    vi.advanceTimersByTime(5);
    expect(check).toHaveBeenCalledTimes(1);
  });

  test("skips the start-up check on slow-2g but still checks hourly and on focus", () => {
    const check = vi.fn();
    const { e, win } = env("slow-2g");
    expect(scheduleUpdateChecks(check, e)).toBe(false);
    vi.advanceTimersByTime(FIRST_CHECK_DELAY_MS * 10);
    expect(check).not.toHaveBeenCalled();
    win.dispatchEvent(new Event("focus"));
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PERIODIC_CHECK_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });

  test("checks when the tab becomes visible, not when it is hidden", () => {
    const check = vi.fn();
    const { e, doc } = env("slow-2g");
    scheduleUpdateChecks(check, e);
    doc.visibilityState = "hidden";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(check).not.toHaveBeenCalled();
    doc.visibilityState = "visible";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(check).toHaveBeenCalledTimes(1);
  });
});
