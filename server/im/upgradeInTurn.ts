// A WebSocket upgrade that waits for its turn of the handshake slicer (#20: a reconnect storm
// reads thousands of upgrade requests in one go). Node's HTTP server lets go of an upgrade's socket
// before the 'upgrade' event, error listener included, so a client that resets while its upgrade
// waits would raise an unhandled 'error' and take the process down: the socket keeps a listener
// that ignores errors (ws adds its own once it takes over; a destroyed socket needs nothing else).
import type { Duplex } from "node:stream";
import type { TimeSlicer } from "../lib/TimeSlicer";

/** Runs `upgrade` in its turn, unless the socket was destroyed while it waited. */
export function upgradeInTurn(
  slicer: TimeSlicer,
  socket: Duplex,
  upgrade: () => void,
): void {
  socket.on("error", ignoreError);
  slicer.submit(() => {
    if (!socket.destroyed) upgrade();
  });
}

function ignoreError(): void {}
