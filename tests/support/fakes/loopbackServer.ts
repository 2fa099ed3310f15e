// A node:http server on 127.0.0.1:0 for provider fakes: reads the whole body, hands it to the fake,
// and closes every open connection on shutdown (delayed answers included).
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type LoopbackHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
) => void | Promise<void>;

export interface LoopbackServer {
  /** "http://127.0.0.1:<port>" */
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startLoopbackServer(
  handler: LoopbackHandler,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      Promise.resolve(
        handler(req, res, Buffer.concat(chunks).toString("utf8")),
      ).catch((error: unknown) => {
        if (!res.headersSent)
          res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    ...headers,
  });
  res.end(text);
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
