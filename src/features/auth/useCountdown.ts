// A seconds countdown for "resend code" buttons. It counts against the clock (not ticks), so a
// throttled background tab still shows the right number when it comes back.
import { useCallback, useEffect, useState } from "react";

const TICK_MS = 1000;

export interface Countdown {
  /** Whole seconds left; 0 when not running. */
  remaining: number;
  start: (seconds: number) => void;
}

export function useCountdown(): Countdown {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + Math.max(0, seconds) * 1000);
  }, []);

  const remaining =
    endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, start };
}
