// A loopback HTTP server that stands in for our app server's webhook endpoint in WuKongIM tests:
// records every POST (`?event=` name, raw body, arrival time, what it answered) and answers 200,
// WuKongIM's only "delivered" status. `answer` can refuse deliveries to watch WuKongIM retry.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookDelivery {
  /** The `event` query parameter. */
  event: string;
  body: Buffer;
  /** Date.now() when the body had arrived. */
  at: number;
  headers: IncomingMessage["headers"];
  /** What the receiver answered (200 unless `answer` said otherwise). */
  status: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:PORT/wukongim/webhook — give it to the node as webhook.httpAddr. */
  url: string;
  deliveries: WebhookDelivery[];
  /** The HTTP status to answer (default 200). */
  answer: (delivery: Omit<WebhookDelivery, "status">) => number;
  /** Resolves with the first delivery (already received or later) that matches. */
  waitFor(
    match: (delivery: WebhookDelivery) => boolean,
    timeoutMs?: number,
  ): Promise<WebhookDelivery>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const waiters = new Set<() => void>();
  const receiver: Omit<WebhookReceiver, "url" | "close"> = {
    deliveries: [],
    answer: () => 200,
    waitFor: async (match, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = receiver.deliveries.find(match);
        if (found !== undefined) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no matching webhook within ${String(timeoutMs)} ms (got: ${receiver.deliveries.map((d) => d.event).join(", ") || "none"})`,
          );
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const arrived = {
        event: url.searchParams.get("event") ?? "",
        body: Buffer.concat(chunks),
        at: Date.now(),
        headers: request.headers,
      };
      const status = receiver.answer(arrived);
      receiver.deliveries.push({ ...arrived, status });
      response.writeHead(status).end();
      for (const wake of [...waiters]) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${String(port)}/wukongim/webhook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}
