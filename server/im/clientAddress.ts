// The client address of a WebSocket upgrade, derived as Fastify derives `request.ip` for the HTTP
// routes: the same library (@fastify/proxy-addr) and the same TRUST_PROXY value, so X-Forwarded-For
// counts only when the peer is a trusted proxy. Used for per-IP limits; no I/O.
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { AppConfig } from "../config/appConfig";

/** Fastify's `trustProxy` as TRUST_PROXY sets it: off, every peer, or the proxies' addresses/CIDRs. */
export type TrustProxy = AppConfig["trustProxy"];

/**
 * A function giving the client address of a request. Without trust the peer's address, whatever
 * X-Forwarded-For says; with trust the address left of the last trusted hop (Fastify's `ip`).
 *
 * @example clientAddressOf(false)(request) // "203.0.113.9", the socket's peer
 */
export function clientAddressOf(
  trust: TrustProxy,
): (request: IncomingMessage) => string {
  if (trust === false)
    return (request) => request.socket.remoteAddress ?? "unknown";
  // NOTE: as fastify/lib/request.js getTrustProxyFn: `true` trusts every hop, a list is compiled.
  const trusts = trust === true ? () => true : proxyAddr.compile(trust);
  return (request) =>
    request.socket.remoteAddress === undefined
      ? "unknown"
      : proxyAddr(request, trusts);
}
