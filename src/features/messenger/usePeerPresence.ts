// Keeps an open thread's peer presence live (presencePoller.ts has the why): wires the poller to
// the document's visibility, the messenger reconnecting and the peer's newest message; each ask
// forces a channel info refresh, whose row the header reads.
import { useEffect, useRef } from "react";
import { requestProfile } from "./channelProfiles";
import { createPresencePoller, type PresencePoller } from "./presencePoller";

const isVisible = () => document.visibilityState === "visible";

/**
 * `peerImId`: the person channel shown (null: none, nothing is polled). `connected`: the
 * messenger's link is up. `peerMessage`: the key of the newest message from the peer, null when
 * there is none, undefined while the thread has not loaded (its first value is not news).
 */
export function usePeerPresence(
  peerImId: string | null,
  connected: boolean,
  peerMessage: string | null | undefined,
): void {
  const poller = useRef<PresencePoller | null>(null);
  const seenMessage = useRef<string | null | undefined>(undefined);
  const wasConnected = useRef(connected);

  useEffect(() => {
    seenMessage.current = undefined;
    if (peerImId === null) return;
    const current = createPresencePoller({
      refresh: () => {
        requestProfile(peerImId, true);
      },
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => {
        clearTimeout(timer as ReturnType<typeof setTimeout>);
      },
      visible: isVisible(),
    });
    poller.current = current;
    const onVisibility = () => {
      current.setVisible(isVisible());
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      current.stop();
      if (poller.current === current) poller.current = null;
    };
  }, [peerImId]);

  useEffect(() => {
    if (connected && !wasConnected.current) poller.current?.poke();
    wasConnected.current = connected;
  }, [connected]);

  useEffect(() => {
    if (peerMessage === undefined) return;
    const before = seenMessage.current;
    seenMessage.current = peerMessage;
    if (before !== undefined && peerMessage !== null && peerMessage !== before)
      poller.current?.poke();
  }, [peerMessage]);
}
