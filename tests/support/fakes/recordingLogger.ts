// A ProviderLogger that keeps what was logged, for assertions.
import type { ProviderLogger } from "../../../server/providers/lib/runtime";

export interface LogLine {
  level: "info" | "warn" | "debug";
  obj: Record<string, unknown>;
  msg: string;
}

export function recordingLogger(): ProviderLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: "info", obj, msg }),
    warn: (obj, msg) => lines.push({ level: "warn", obj, msg }),
    debug: (obj, msg) => lines.push({ level: "debug", obj, msg }),
  };
}
