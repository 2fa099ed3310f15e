// The server's version, read once from the package.json nearest above this module (reported by the
// runtime config endpoint). Nearest, not a fixed path: from source this is server/lib/, compiled it
// is build/server/ (npm run build:server).
import { existsSync, readFileSync } from "node:fs";

let cached: string | undefined;

function packageJsonAbove(url: URL): URL | null {
  for (let dir = new URL(".", url); ; dir = new URL("..", dir)) {
    const candidate = new URL("package.json", dir);
    if (existsSync(candidate)) return candidate;
    if (dir.pathname === "/") return null;
  }
}

export function serverVersion(): string {
  if (cached === undefined) {
    const file = packageJsonAbove(new URL(import.meta.url));
    const raw: unknown =
      file === null ? null : JSON.parse(readFileSync(file, "utf8"));
    const version =
      typeof raw === "object" && raw !== null && "version" in raw
        ? raw.version
        : undefined;
    cached = typeof version === "string" ? version : "0.0.0";
  }
  return cached;
}
