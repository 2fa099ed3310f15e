// The process logger (pino, JSON lines). Fastify logs through it with the request id attached.
import { pino, type Logger } from "pino";
import type { LogLevel } from "../config";

export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "req.headers.token",
      ],
      censor: "[redacted]",
    },
  });
}
