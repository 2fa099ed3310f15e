// Which push endpoints the server will POST to: https URLs of public hosts. Plain http only to
// loopback and only outside production (a local push service in tests and development); in
// production loopback and private-network hosts are refused, so a subscription cannot aim the
// server at its own network.
import { MAX_ENDPOINT_LENGTH } from "#contract";
import { isIP } from "node:net";

/** Why the server refuses to push to `endpoint`, or null when it is acceptable. */
export function checkEndpoint(
  endpoint: string,
  production: boolean,
): string | null {
  if (endpoint.length > MAX_ENDPOINT_LENGTH)
    return `endpoint is longer than ${MAX_ENDPOINT_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint is not an absolute URL";
  }
  if (url.username !== "" || url.password !== "")
    return "endpoint must not carry credentials";
  if (url.hash !== "") return "endpoint must not have a fragment";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const internal = isLoopback(host) || isPrivateAddress(host);
  if (url.protocol === "https:") {
    if (production && internal) return "endpoint must be a public push service";
    return null;
  }
  if (url.protocol === "http:" && !production && isLoopback(host)) return null;
  return production
    ? "endpoint must be an https URL"
    : "endpoint must be an https URL (http only for loopback outside production)";
}

function isLoopback(host: string): boolean {
  const lower = host.toLowerCase();
  if (lower === "localhost" || lower.endsWith(".localhost")) return true;
  if (isIP(lower) === 4) return lower.startsWith("127.");
  return lower === "::1";
}

function isPrivateAddress(host: string): boolean {
  const lower = host.toLowerCase();
  if (isIP(lower) === 4) {
    const [a = 0, b = 0] = lower.split(".").map(Number);
    return (
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(lower) === 6)
    return (
      lower === "::" ||
      /^f[cd]/.test(lower) ||
      /^fe[89ab]/.test(lower) ||
      lower.startsWith("::ffff:")
    );
  return false;
}
