// The process logger: JSON lines for collectors; the pretty form one readable line per event, a
// request (Fastify's "incoming request" + "request completed") folded into one line on completion.
import { Writable } from "node:stream";
import type { Logger } from "pino";
import type { LogFormat } from "../../../server/config/appConfig";
import { createLogger } from "../../../server/lib/logger";

function sink(): { out: Writable; lines: () => string[] } {
  let text = "";
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { out, lines: () => text.split("\n").filter((l) => l !== "") };
}

/** Logs one request the way Fastify does, through a logger writing to a sink. */
function logRequest(format: LogFormat): {
  lines: () => string[];
  request: Logger;
} {
  const { out, lines } = sink();
  const request = createLogger("info", format, out).child({ reqId: "r1" });
  request.info({ req: { method: "GET", url: "/api/x" } }, "incoming request");
  request.info(
    { res: { statusCode: 404 }, responseTime: 3.4 },
    "request completed",
  );
  return { lines, request };
}

describe("createLogger", () => {
  it("pretty: one line per request with method, URL, status and time", () => {
    const { lines, request } = logRequest("pretty");
    request.warn({ route: "/api/x" }, "a warning");
    expect(lines()).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/x 404 3 ms$/),
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\] WARN: a warning \{"route":"\/api\/x"\}$/,
      ),
    ]);
  });

  it("json: pino's JSON lines, the request logged as Fastify writes it", () => {
    const { lines } = logRequest("json");
    expect(lines().map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({
        reqId: "r1",
        msg: "incoming request",
        level: 30,
      }),
      expect.objectContaining({ reqId: "r1", msg: "request completed" }),
    ]);
  });
});
