// When an open thread asks the server again whether its peer is online (issue #23): the header's
// online/offline line comes from the peer's channel info (user/v1/infoByIm), which the worker
// otherwise keeps for 5 minutes, so a peer coming online or leaving showed only after a reload.
//
// Polled, not pushed: WuKongIM pushes no presence to clients (its `user.onlinestatus` webhook
// reaches only our server), so a push would exist in the embedded gateway alone and the WuKongIM
// engine would still need this. Polling the one endpoint both engines answer from live presence
// (ImPresence.onlineOf) keeps one client path. It stays cheap: one small GET per visible thread
// every INTERVAL_MS, nothing while the document is hidden, and the events that make a change
// likely ask at once instead of waiting for the next tick: the thread becoming visible, the link
// reconnecting (we may have missed a change while down), and a message from the peer (it proves
// the peer is online). Those asks are spaced by MIN_GAP_MS so a burst of messages costs one
// request. Pure: the clock and the timers are injected (usePeerPresence wires the real ones).

/** How often a visible thread asks again. */
export const PRESENCE_INTERVAL_MS = 10_000;
/** The least time between two asks, whatever triggers them. */
export const PRESENCE_MIN_GAP_MS = 2_000;

export interface PresencePollerOptions {
  /** Asks for the peer's presence now (fire and forget). */
  readonly refresh: () => void;
  readonly now: () => number;
  readonly setTimer: (run: () => void, ms: number) => unknown;
  readonly clearTimer: (timer: unknown) => void;
  /** Whether the document is visible at the start. */
  readonly visible: boolean;
  readonly intervalMs?: number;
  readonly minGapMs?: number;
}

export interface PresencePoller {
  /** The document became visible (asks soon) or hidden (stops asking). */
  setVisible(visible: boolean): void;
  /** Something suggests the presence changed (reconnect, a peer message): asks soon. */
  poke(): void;
  /** Stops for good (the thread closed). */
  stop(): void;
}

/** Starts polling: asks at once when visible, then every interval while visible. */
export function createPresencePoller(
  options: PresencePollerOptions,
): PresencePoller {
  const {
    refresh,
    now,
    setTimer,
    clearTimer,
    intervalMs = PRESENCE_INTERVAL_MS,
    minGapMs = PRESENCE_MIN_GAP_MS,
  } = options;
  let visible = options.visible;
  let stopped = false;
  let lastAskedAt = Number.NEGATIVE_INFINITY;
  let timer: { handle: unknown; at: number } | null = null;

  const cancel = () => {
    if (timer !== null) clearTimer(timer.handle);
    timer = null;
  };

  const ask = () => {
    timer = null;
    if (stopped || !visible) return;
    lastAskedAt = now();
    refresh();
    schedule(lastAskedAt + intervalMs);
  };

  function schedule(at: number): void {
    // An earlier ask already planned covers this one.
    if (timer !== null && timer.at <= at) return;
    cancel();
    const delay = at - now();
    if (delay <= 0) {
      ask();
      return;
    }
    timer = { handle: setTimer(ask, delay), at };
  }

  const poke = () => {
    if (stopped || !visible) return;
    schedule(Math.max(now(), lastAskedAt + minGapMs));
  };

  poke();
  return {
    setVisible(next) {
      if (stopped || next === visible) return;
      visible = next;
      if (visible) poke();
      else cancel();
    },
    poke,
    stop() {
      stopped = true;
      cancel();
    },
  };
}
