// A loopback TCP proxy in front of the test server: the browser reaches the app (HTTP and the /im
// WebSocket) only through it. It counts the IM WebSocket connections that reach the server and can
// cut just the IM link (HTTP keeps working, so a page can still reload). Test support.
import { connect, createServer, type Socket } from "node:net";

export interface ImLinkProxy {
  readonly port: number;
  /** http://localhost:PORT — pass it to the server as PUBLIC_URL so imWsUrl points here too. */
  readonly baseUrl: string;
  /** Where connections are forwarded (set once the server's port is known). */
  setUpstream(port: number): void;
  /** IM connections forwarded to the server since the proxy started. */
  imConnectionsOpened(): number;
  /** IM connections forwarded and still open. */
  liveImConnections(): number;
  /** Closes every IM connection and refuses new ones until restoreIm(). */
  cutIm(): void;
  restoreIm(): void;
  close(): Promise<void>;
}

const HEAD_END = "\r\n\r\n";
const MAX_HEAD_BYTES = 64 * 1024;

function isImUpgrade(head: string): boolean {
  const [requestLine = "", ...headers] = head.split("\r\n");
  if (!/^GET \/im(\?|\/|\s)/.test(requestLine)) return false;
  return headers.some((line) => /^upgrade:\s*websocket\s*$/i.test(line));
}

export async function startImLinkProxy(): Promise<ImLinkProxy> {
  let upstream = 0;
  let opened = 0;
  let cut = false;
  const live = new Set<Socket>();
  const all = new Set<Socket>();

  const server = createServer((client) => {
    all.add(client);
    client.on("close", () => all.delete(client));
    client.on("error", () => undefined);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const text = head.toString("latin1");
      if (!text.includes(HEAD_END) && head.length < MAX_HEAD_BYTES) return;
      client.off("data", onData);
      client.pause();
      const im = isImUpgrade(text.slice(0, text.indexOf(HEAD_END)));
      if (im && cut) {
        client.destroy();
        return;
      }
      const target = connect(upstream, "127.0.0.1");
      all.add(target);
      target.on("close", () => {
        all.delete(target);
        client.destroy();
      });
      target.on("error", () => client.destroy());
      client.on("close", () => target.destroy());
      if (im) {
        opened += 1;
        live.add(client);
        client.on("close", () => live.delete(client));
      }
      target.write(head);
      client.pipe(target);
      target.pipe(client);
      client.resume();
    };
    client.on("data", onData);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port =
    typeof address === "object" && address !== null ? address.port : 0;

  return {
    port,
    baseUrl: `http://localhost:${String(port)}`,
    setUpstream: (value) => {
      upstream = value;
    },
    imConnectionsOpened: () => opened,
    liveImConnections: () => live.size,
    cutIm: () => {
      cut = true;
      for (const socket of live) socket.destroy();
    },
    restoreIm: () => {
      cut = false;
    },
    close: async () => {
      for (const socket of all) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
