// Server configuration: every environment variable, its default and meaning, parsed once into a
// typed AppConfig by a pure function. Nothing else in server/ reads process.env.
import { isAbsolute, join, resolve } from "node:path";
import { AUTH_ENV_VARS, type AuthConfig, parseAuthConfig } from "./authConfig";
import { IM_ENV_VARS } from "../im/imEnv";
import {
  IM_ENGINE_ENV_VARS,
  type ImEngineConfig,
  parseImEngineConfig,
} from "../im/imEngineConfig";
import { PUSH_ENV_VARS } from "../domain/push/pushEnv";
import { NODE_ENVS, type NodeEnv } from "./nodeEnv";
import { PAY_ENV_VARS, type PayConfig, parsePayConfig } from "./payConfig";
import {
  ConfigError,
  type Env,
  envReader,
  type EnvVarDoc,
  FALSE_WORDS,
  oneOf,
  parseFlag,
  parseHttpUrl,
  TRUE_WORDS,
} from "./env";

export { ConfigError, type Env, type EnvVarDoc };

export const LOG_LEVELS = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ["pretty", "json"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute directory for server-side files (the embedded database lives in `<dataDir>/pglite`). */
  dataDir: string;
  /**
   * Absolute directory of uploaded files (chat images, signatures): `<dataDir>/uploads` unless
   * FILES_DIR names one that several app servers share.
   */
  filesDir: string;
  /** postgres:// URL of a real PostgreSQL, or null for the embedded PGlite. */
  databaseUrl: string | null;
  /**
   * Absolute origin (plus optional path) the browser uses, without a trailing slash. null only when
   * PORT=0 and PUBLIC_URL is unset: the URL is then taken from the address the server bound.
   */
  publicUrl: string | null;
  /** Absolute directory of the built PWA. */
  staticDir: string;
  logLevel: LogLevel;
  /** pretty: one readable line per event and a start block; json: pino's JSON lines only. */
  logFormat: LogFormat;
  nodeEnv: NodeEnv;
  /** Development emulators under /dev (SMS, e-mail, WeChat, payments) are mounted. */
  devTools: boolean;
  /** Fastify `trustProxy`: whether (and which) X-Forwarded-For hops give the client IP. */
  trustProxy: boolean | string[];
  /** Accounts: secret, token life, login methods and their providers (server/config/authConfig.ts). */
  auth: AuthConfig;
  /** Orders and WeChat Pay (server/config/payConfig.ts). */
  pay: PayConfig;
  /** Which IM engine carries the messages (server/im/imEngineConfig.ts). */
  imEngine: ImEngineConfig;
}

/** The documented variables, in README order (the README table is generated from this list). */
export const ENV_VARS: readonly EnvVarDoc[] = [
  {
    name: "PORT",
    default: "8080",
    description:
      "TCP port for the PWA, the REST API and the IM WebSocket (0 = any free port).",
  },
  {
    name: "HOST",
    default: "127.0.0.1",
    description:
      "Interface to listen on; 0.0.0.0 (or ::) to accept connections from other machines.",
  },
  {
    name: "DATA_DIR",
    default: "./data",
    description:
      "Directory for server data; the embedded PGlite database lives in DATA_DIR/pglite.",
  },
  {
    name: "FILES_DIR",
    default: "DATA_DIR/uploads",
    description:
      "Directory of uploaded files (chat images, signatures). App servers behind one load balancer must share it (e.g. an NFS mount).",
  },
  {
    name: "DATABASE_URL",
    default: "(unset)",
    description:
      "postgres:// or postgresql:// URL of a real PostgreSQL; unset uses the embedded PGlite.",
  },
  {
    name: "PUBLIC_URL",
    default: "http://HOST:PORT",
    description:
      "Absolute http(s) URL browsers use to reach the server; the IM URL (ws(s)://…/im) is derived from it. A wildcard HOST becomes 127.0.0.1.",
  },
  {
    name: "STATIC_DIR",
    default: "dist",
    description:
      "Directory of the built PWA (`npm run build`), served with an SPA fallback.",
  },
  {
    name: "LOG_LEVEL",
    default: "info",
    description: `pino log level: ${LOG_LEVELS.join(", ")}.`,
  },
  {
    name: "LOG_FORMAT",
    default: "pretty unless NODE_ENV=production",
    description:
      "pretty: one readable line per event (a request is one line: method, path, status, time) and a start block with the URL, the dev outbox and the demo accounts; json: pino's JSON lines only, for log collectors.",
  },
  {
    name: "NODE_ENV",
    default: "development",
    description: `${NODE_ENVS.join(", ")}; production turns DEV_TOOLS off by default.`,
  },
  {
    name: "DEV_TOOLS",
    default: "on unless NODE_ENV=production",
    description:
      "Development emulators under /dev (SMS, e-mail, WeChat login, payments): 1/true/on/yes or 0/false/off/no. Emulators never stand in for providers in production.",
  },
  ...AUTH_ENV_VARS,
  ...PAY_ENV_VARS,
  ...IM_ENGINE_ENV_VARS,
  ...IM_ENV_VARS,
  ...PUSH_ENV_VARS,
];

const WILDCARD_HOSTS = ["0.0.0.0", "::", "[::]"];

/** Parses and validates the environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Env, cwd: string = process.cwd()): AppConfig {
  const value = envReader(env);

  const port = parsePort(value("PORT"));
  const host = value("HOST") ?? "127.0.0.1";
  if (/\s|\/|^\[?$/.test(host))
    throw new ConfigError("HOST", `"${host}" is not a host name or IP address`);

  const nodeEnv = oneOf(
    "NODE_ENV",
    value("NODE_ENV") ?? "development",
    NODE_ENVS,
  );
  const logLevel = oneOf("LOG_LEVEL", value("LOG_LEVEL") ?? "info", LOG_LEVELS);
  const logFormat = oneOf(
    "LOG_FORMAT",
    value("LOG_FORMAT") ?? (nodeEnv === "production" ? "json" : "pretty"),
    LOG_FORMATS,
  );

  const databaseUrl = value("DATABASE_URL") ?? null;
  if (databaseUrl !== null) checkDatabaseUrl(databaseUrl);

  const devToolsRaw = value("DEV_TOOLS");
  const devTools =
    devToolsRaw === undefined
      ? nodeEnv !== "production"
      : parseFlag("DEV_TOOLS", devToolsRaw);

  const explicitPublicUrl = value("PUBLIC_URL");
  let publicUrl: string | null;
  if (explicitPublicUrl !== undefined)
    publicUrl = parsePublicUrl(explicitPublicUrl);
  else publicUrl = port === 0 ? null : originFor(host, port);

  const dataDir = toAbsolute(value("DATA_DIR") ?? "./data", cwd);
  return {
    port,
    host,
    dataDir,
    filesDir: toAbsolute(value("FILES_DIR") ?? join(dataDir, "uploads"), cwd),
    databaseUrl,
    publicUrl,
    staticDir: toAbsolute(value("STATIC_DIR") ?? "dist", cwd),
    logLevel,
    logFormat,
    nodeEnv,
    devTools,
    trustProxy: parseTrustProxy(value("TRUST_PROXY")),
    auth: parseAuthConfig(value, { nodeEnv }),
    pay: parsePayConfig(value, { nodeEnv }),
    imEngine: parseImEngineConfig(value),
  };
}

/** `http://host:port` for a bound address; wildcard hosts are reached through loopback. */
export function originFor(host: string, port: number): string {
  const reachable = WILDCARD_HOSTS.includes(host) ? "127.0.0.1" : host;
  const bracketed =
    reachable.includes(":") && !reachable.startsWith("[")
      ? `[${reachable}]`
      : reachable;
  return `http://${bracketed}:${port}`;
}

/** What browsers connect the messenger to: WuKongIM's WS URL, or our gateway's under PUBLIC_URL. */
export function imSocketUrl(
  config: Pick<AppConfig, "imEngine">,
  publicUrl: string,
): string {
  return config.imEngine.kind === "wukongim"
    ? config.imEngine.wsUrl
    : imWsUrlFor(publicUrl);
}

/** The IM WebSocket URL for a public URL: http → ws, https → wss, path + /im. */
export function imWsUrlFor(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/im`;
  return url.toString();
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8080;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError("PORT", `"${raw}" is not a port number (0-65535)`);
  }
  return Number(raw);
}

function checkDatabaseUrl(raw: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      "DATABASE_URL",
      "is not a URL (expected postgres://user@host:port/database)",
    );
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigError(
      "DATABASE_URL",
      `must start with postgres:// or postgresql://, not ${url.protocol}//`,
    );
  }
  if (url.pathname.replace(/^\//, "") === "") {
    throw new ConfigError(
      "DATABASE_URL",
      "must name a database (postgres://user@host:port/database)",
    );
  }
}

function parsePublicUrl(raw: string): string {
  return parseHttpUrl("PUBLIC_URL", raw);
}

/** on/off, or the proxies' comma-separated addresses / CIDR ranges (Fastify has no hop counts). */
function parseTrustProxy(raw: string | undefined): boolean | string[] {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (TRUE_WORDS.includes(lower) || FALSE_WORDS.includes(lower))
    return parseFlag("TRUST_PROXY", raw);
  const addresses = raw.split(",").map((part) => part.trim());
  if (addresses.some((a) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a)))
    throw new ConfigError(
      "TRUST_PROXY",
      `"${raw}" must be on/off or comma-separated IP addresses/CIDRs of the proxies`,
    );
  return addresses;
}

function toAbsolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}
