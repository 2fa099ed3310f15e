// A WebSocket whose client ended the TCP connection is torn down in its turn of the handshake
// slicer (#20). When 10,000 clients drop at once, one poll phase reads all 10,000 ends; ws then
// ended each socket and its receiver there and then, and the shutdowns, closes and close handlers
// followed in the next turn: 250–400 ms each time. Here the end only queues the socket's destroy,
// which the slicer spreads over later turns, a budget's worth each.
//
// NOTE: ws has no option for this. Its 'end' listener (it marks the WebSocket closing, ends the
// receiver and the socket) is the one `takeOver` adds, so it is found by comparing the socket's
// 'end' listeners before and after and removed. A destroy goes through ws's 'close' handling as a
// reset would: the WebSocket closes with 1006 and its 'close' event fires as before. A client that
// ended its side has stopped reading, so nothing it would have received is lost by not flushing.
import type { Duplex } from "node:stream";
import type { TimeSlicer } from "../lib/TimeSlicer";

/** Runs `takeOver` (ws's handleUpgrade), then lets the socket's end wait for the slicer. */
export function endInTurn(
  slicer: TimeSlicer,
  socket: Duplex,
  takeOver: () => void,
): void {
  const before = new Set(socket.listeners("end"));
  takeOver();
  for (const listener of socket.listeners("end")) {
    if (!before.has(listener))
      socket.off("end", listener as (...args: unknown[]) => void);
  }
  socket.once("end", () => {
    slicer.submit(() => socket.destroy());
  });
}
