// The process logger (pino). Fastify logs through it with the request id attached. JSON lines in
// production (LOG_FORMAT=json); in development one readable line per event through pino-pretty.
import { pino, type DestinationStream, type Logger } from "pino";
import { prettyFactory } from "pino-pretty";
import type { LogFormat, LogLevel } from "../config/appConfig";

type Output = NodeJS.WritableStream & { isTTY?: boolean };

/** `out` defaults to stdout (tests pass a sink). */
export function createLogger(
  level: LogLevel,
  format: LogFormat = "json",
  out?: Output,
): Logger {
  const options = {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "req.headers.token",
      ],
      censor: "[redacted]",
    },
  };
  if (format === "pretty")
    return pino(options, prettyDestination(out ?? process.stdout));
  return out ? pino(options, out) : pino(options);
}

// NOTE: Fastify logs each request twice ("incoming request" with the method and URL, then
// "request completed" with the status). The pretty form keeps the method and URL by request id
// and prints one line when the request completes: `GET /api/app/… 200 3 ms`.
const MAX_OPEN_REQUESTS = 1000;

interface RequestLog {
  msg?: unknown;
  reqId?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

function prettyDestination(out: Output): DestinationStream {
  const format = prettyFactory({
    colorize: out.isTTY === true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId,req,res,responseTime",
    singleLine: true,
  });
  const open = new Map<unknown, string>();
  return {
    write(line: string) {
      const log = JSON.parse(line) as RequestLog;
      if (log.msg === "incoming request" && log.req) {
        if (open.size >= MAX_OPEN_REQUESTS) open.clear();
        open.set(log.reqId, `${String(log.req.method)} ${String(log.req.url)}`);
        return;
      }
      if (log.msg === "request completed" && log.res) {
        const request = open.get(log.reqId) ?? "request";
        open.delete(log.reqId);
        const ms = Math.round(Number(log.responseTime));
        log.msg = `${request} ${String(log.res.statusCode)} ${ms} ms`;
      }
      out.write(format(log));
    },
  };
}
