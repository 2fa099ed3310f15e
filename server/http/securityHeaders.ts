// Security headers on every response (nosniff, Referrer-Policy, Permissions-Policy, COOP/CORP,
// frame denial, HSTS in production) and the Content-Security-Policy of HTML documents. Pages that
// bring their own policy (the /dev emulator and cashier pages, /media files) keep it.
// Files that are only ever subresources (scripts, styles, fonts, raster images, the manifest) get
// the headers that act on a subresource: nosniff, CORP and HSTS. COOP, frame denial and
// Permissions-Policy act only on documents, and our Referrer-Policy is the browser's default, so on
// a first visit's ~30 files they were ~450 bytes each of nothing (#20: about 12 kB of the 150 kB
// budget over HTTP/1.1). An SVG can be opened as a document, so it keeps frame denial through a
// CSP that also forbids it any script.
//
// NOTE: the common headers come from `helmet` itself, built once and run from our onSend hook, not
// from @fastify/helmet: that plugin sets them in onRequest, which framework errors (a malformed
// URL) never reach, and it cannot choose the CSP by the response's content type, which only onSend
// knows. Kept here: Permissions-Policy (helmet has none) and the CSP strings, which are our policy
// (helmet's CSP writer would join directives with ";" where ours send "; ").
import type { FastifyReply, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { DOCS_PREFIX } from "./openapi";

/** WeChat's script host: wxLogin.js (desktop QR login) and the JSSDK (paying in WeChat). */
export const WECHAT_SCRIPT_HOSTS = [
  "https://res.wx.qq.com",
  "https://res2.wx.qq.com",
] as const;
/** The QR-login widget draws WeChat's page in an iframe. */
export const WECHAT_FRAME_HOSTS = ["https://open.weixin.qq.com"] as const;
/** Avatars of WeChat accounts (`headimgurl`). */
export const WECHAT_AVATAR_HOSTS = [
  "https://thirdwx.qlogo.cn",
  "https://wx.qlogo.cn",
] as const;

/** Helmet's headers, every one named: on, with our value, or off (helmet's other defaults). */
const COMMON_HEADERS = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: "same-origin" },
  crossOriginResourcePolicy: { policy: "same-origin" },
  originAgentCluster: false,
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  strictTransportSecurity: false,
  xContentTypeOptions: true,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: "deny" },
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
} as const satisfies HelmetOptions;

/** HSTS in production: `max-age=31536000; includeSubDomains`. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true } as const;

/** The headers that act on a subresource: nosniff and CORP (HSTS added in production). */
const SUBRESOURCE_HEADERS = {
  ...COMMON_HEADERS,
  crossOriginOpenerPolicy: false,
  referrerPolicy: false,
  xFrameOptions: false,
} as const satisfies HelmetOptions;

const commonHeaders = helmet(COMMON_HEADERS);
const commonHeadersWithHsts = helmet({
  ...COMMON_HEADERS,
  strictTransportSecurity: HSTS,
});
const subresourceHeaders = helmet(SUBRESOURCE_HEADERS);
const subresourceHeadersWithHsts = helmet({
  ...SUBRESOURCE_HEADERS,
  strictTransportSecurity: HSTS,
});

/** Content types never shown as a document: they get {@link SUBRESOURCE_HEADERS} only. */
const SUBRESOURCE_TYPE =
  /^\s*(?:(?:text|application)\/javascript|text\/css|font\/|image\/(?!svg)|application\/(?:manifest\+json|wasm)\b)/i;

/** An SVG opened as a document: no script, not framed. */
export const SVG_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Browser features the app may use: clipboard writes (invite codes) and fullscreen on itself;
 * everything powerful that it never uses is off for it and for any frame. Only features Chromium
 * knows are named (an unknown one is a console error; tests/e2e/csp.e2e.test.ts checks).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "clipboard-read=()",
  "clipboard-write=(self)",
  "display-capture=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * The PWA's policy. Scripts: our files plus WeChat's script host, and of inline scripts only those
 * whose hashes are given (the shell's colour-mode script); never eval. Styles: our files; React's
 * style props need inline style attributes only. Connections: our origin, plus the IM socket's
 * ws(s) origin for browsers where 'self' does not cover WebSockets.
 */
export function appCsp(
  imSocketOrigin: string | null,
  inlineScriptHashes: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes, ...WECHAT_SCRIPT_HOSTS].join(
      " ",
    ),
    "script-src-attr 'none'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob: ${WECHAT_AVATAR_HOSTS.join(" ")}`,
    "font-src 'self' data:",
    `connect-src 'self'${imSocketOrigin === null ? "" : ` ${imSocketOrigin}`}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    `frame-src ${WECHAT_FRAME_HOSTS.join(" ")}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Swagger UI (/api/docs) styles itself with inline style elements; its scripts are files. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export interface SecurityHeaderOptions {
  /** NODE_ENV=production: HSTS is sent. */
  production: boolean;
  /** The public URL browsers use, or null while unknown. */
  publicUrl: () => string | null;
  /** The IM socket URL for a public URL (our gateway's, or WuKongIM's) for connect-src. */
  imSocketUrl: (publicUrl: string) => string;
  /** The `'sha256-…'` sources of the shell's inline scripts (inlineScripts.ts). */
  inlineScriptHashes: readonly string[];
}

/** The onSend hook that adds the headers (register it on the root instance). */
export function securityHeadersHook(options: SecurityHeaderOptions) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    applySecurityHeaders(request, reply, options);
    done(null, payload);
  };
}

export function applySecurityHeaders(
  request: Pick<FastifyRequest, "url" | "raw">,
  reply: FastifyReply,
  options: SecurityHeaderOptions,
): void {
  const type = reply.getHeader("content-type");
  const contentType = typeof type === "string" ? type : "";
  // NOTE: helmet's middleware is synchronous: the headers are on reply.raw when it returns.
  if (SUBRESOURCE_TYPE.test(contentType) || isSvg(contentType)) {
    (options.production ? subresourceHeadersWithHsts : subresourceHeaders)(
      request.raw,
      reply.raw,
      noop,
    );
    if (isSvg(contentType) && !reply.hasHeader("content-security-policy"))
      void reply.header("content-security-policy", SVG_CSP);
    return;
  }
  (options.production ? commonHeadersWithHsts : commonHeaders)(
    request.raw,
    reply.raw,
    noop,
  );
  void reply.header("permissions-policy", PERMISSIONS_POLICY);
  if (!isHtml(contentType) || reply.hasHeader("content-security-policy"))
    return;
  const path = request.url.split("?")[0] ?? "";
  void reply.header(
    "content-security-policy",
    path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)
      ? DOCS_CSP
      : appCsp(socketOrigin(options), options.inlineScriptHashes),
  );
}

function noop(): void {}

function isHtml(contentType: string): boolean {
  return /^\s*text\/html\b/i.test(contentType);
}

function isSvg(contentType: string): boolean {
  return /^\s*image\/svg\+xml\b/i.test(contentType);
}

function socketOrigin(options: SecurityHeaderOptions): string | null {
  const publicUrl = options.publicUrl();
  if (publicUrl === null) return null;
  return new URL(options.imSocketUrl(publicUrl)).origin;
}
