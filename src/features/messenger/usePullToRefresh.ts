// Pull to refresh on touch screens: dragging down from the top of the page past PULL_THRESHOLD_PX
// and letting go calls `refresh`. Returns how far the content is pulled (for the indicator).
import { useEffect, useRef, useState, type RefObject } from "react";

/** Pull distance (after damping) that triggers a refresh. */
export const PULL_THRESHOLD_PX = 64;
/** The indicator stops following the finger here. */
const PULL_MAX_PX = 96;
/** Finger travel per pixel of pull. */
const DAMPING = 2;

export function usePullToRefresh(
  target: RefObject<HTMLElement | null>,
  refresh: () => void,
): number {
  const [pull, setPull] = useState(0);
  const onRefresh = useRef(refresh);
  useEffect(() => {
    onRefresh.current = refresh;
  });

  useEffect(() => {
    const element = target.current;
    if (element === null) return;
    let startY: number | null = null;
    let distance = 0;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      startY =
        window.scrollY <= 0 && touch !== undefined && event.touches.length === 1
          ? touch.clientY
          : null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (startY === null || touch === undefined) return;
      distance = Math.min(
        PULL_MAX_PX,
        Math.max(0, (touch.clientY - startY) / DAMPING),
      );
      setPull(distance);
    };
    const onEnd = () => {
      if (startY !== null && distance >= PULL_THRESHOLD_PX) onRefresh.current();
      startY = null;
      distance = 0;
      setPull(0);
    };
    element.addEventListener("touchstart", onStart, { passive: true });
    element.addEventListener("touchmove", onMove, { passive: true });
    element.addEventListener("touchend", onEnd);
    element.addEventListener("touchcancel", onEnd);
    return () => {
      element.removeEventListener("touchstart", onStart);
      element.removeEventListener("touchmove", onMove);
      element.removeEventListener("touchend", onEnd);
      element.removeEventListener("touchcancel", onEnd);
    };
  }, [target]);

  return pull;
}
