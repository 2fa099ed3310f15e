// The server's version, read once from package.json (reported by the runtime config endpoint).
import { readFileSync } from "node:fs";

let cached: string | undefined;

export function serverVersion(): string {
  if (cached === undefined) {
    const raw: unknown = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    );
    const version =
      typeof raw === "object" && raw !== null && "version" in raw
        ? raw.version
        : undefined;
    cached = typeof version === "string" ? version : "0.0.0";
  }
  return cached;
}
