// endInTurn with a real ws server and client on loopback: a socket its client ended waits for its
// turn of the slicer before it is torn down (ws would have ended it at once), then closes as a
// dropped WebSocket does; a closing handshake still completes.
import { createServer, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import type { TimeSlicer } from "../../../server/lib/TimeSlicer";
import { endInTurn } from "../../../server/im/endInTurn";
import { heldSlicer } from "../../support/server/heldSlicer";

interface Accepted {
  socket: Duplex;
  ws: WebSocket;
  /** The close code ws reported, once it has. */
  closed: Promise<number>;
}

/** A ws server whose upgrades go through endInTurn, and a connected client. */
async function connected(slicer: TimeSlicer): Promise<{
  client: WebSocket;
  server: Accepted;
  stop: () => void;
}> {
  const wss = new WebSocketServer({ noServer: true, clientTracking: false });
  const http: Server = createServer();
  const accepted = new Promise<Accepted>((resolve) => {
    http.on("upgrade", (request, socket, head) => {
      endInTurn(slicer, socket, () => {
        wss.handleUpgrade(request, socket, head, (ws) => {
          const closed = new Promise<number>((done) => ws.once("close", done));
          resolve({ socket, ws, closed });
        });
      });
    });
  });
  await new Promise<void>((resolve) => {
    http.listen(0, "127.0.0.1", resolve);
  });
  const { port } = http.address() as { port: number };
  const client = new WebSocket(`ws://127.0.0.1:${String(port)}/`);
  await new Promise((resolve) => client.once("open", resolve));
  return {
    client,
    server: await accepted,
    stop: () => {
      client.terminate();
      http.close();
    },
  };
}

it("[#20] a socket its client ended is torn down in its turn, not at once", async () => {
  const { slicer, runTurns } = heldSlicer();
  const { client, server, stop } = await connected(slicer);
  const ended = new Promise((resolve) => server.socket.once("end", resolve));
  client.terminate();
  await ended;
  // NOTE: ws's own 'end' handling would have ended the socket here (writableEnded true) and
  // closed it a turn later; after endInTurn it waits for the slicer.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(server.socket.writableEnded).toBe(false);
  expect(server.socket.destroyed).toBe(false);
  expect(server.ws.readyState).toBe(WebSocket.OPEN);
  runTurns();
  expect(server.socket.destroyed).toBe(true);
  expect(await server.closed).toBe(1006);
  stop();
});

it("[#20] a closing handshake still completes, with the client's code", async () => {
  const { slicer, runTurns } = heldSlicer();
  const { client, server, stop } = await connected(slicer);
  const clientClosed = new Promise<number>((resolve) =>
    client.once("close", resolve),
  );
  client.close(4001, "bye");
  const serverClosed = server.closed.then(() => true);
  const tick = () =>
    new Promise<false>((resolve) =>
      setTimeout(() => {
        resolve(false);
      }, 5),
    );
  // NOTE: the server's close is ws's (it ends its socket after the close frames); the slicer's
  // turns run meanwhile in case the client's end arrives first.
  while (!(await Promise.race([serverClosed, tick()]))) runTurns();
  const code = await server.closed;
  expect(code).toBe(4001);
  expect(await clientClosed).toBe(4001);
  stop();
});
