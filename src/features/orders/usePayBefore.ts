// Seconds left until an unpaid order's payBefore, counted against the clock every second.
import { useEffect, useState } from "react";

export function usePayBefore(payBefore: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const deadline = payBefore === null ? null : Date.parse(payBefore);
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [deadline]);
  if (deadline === null || Number.isNaN(deadline)) return null;
  return Math.max(0, Math.floor((deadline - now) / 1000));
}

/** 125 → "02:05". */
export function formatMinutesSeconds(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
