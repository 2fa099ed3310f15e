// Server configuration: the server's own variables (APP_ENV) joined with the accounts, payments
// and IM-engine areas', parsed once into a typed AppConfig by a pure function, and ENV_VARS, the
// README table's rows. Nothing else in server/ reads process.env.
import { isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { IM_ENV } from "../im/imEnv";
import {
  IM_ENGINE_ENV,
  type ImEngineConfig,
  imEngineConfigOf,
} from "../im/imEngineConfig";
import { PUSH_ENV } from "../domain/push/pushEnv";
import { AUTH_ENV, type AuthConfig, authConfigOf } from "./authConfig";
import {
  ConfigError,
  type Env,
  envDocs,
  envVar,
  type EnvVarDoc,
  NODE_ENVS,
  type NodeEnv,
  readEnv,
} from "./env";
import {
  absoluteUrl,
  choice,
  flag,
  httpUrl,
  ofUrl,
  quoting,
  urlProblem,
  wholeNumber,
} from "./envSchemas";
import { PAY_ENV, type PayConfig, payConfigOf } from "./payConfig";

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

/** The uploads folder under DATA_DIR unless FILES_DIR names another. */
const UPLOADS = "uploads";

const APP_ENV = z.object({
  PORT: envVar(wholeNumber(0, 65535, "is not a port number (0-65535)"), {
    default: "8080",
    description:
      "TCP port for the PWA, the REST API and the IM WebSocket (0 = any free port).",
  }),
  HOST: envVar(
    z.string().refine((host) => !/\s|\/|^\[?$/.test(host), {
      error: quoting("is not a host name or IP address"),
    }),
    {
      default: "127.0.0.1",
      description:
        "Interface to listen on; 0.0.0.0 (or ::) to accept connections from other machines.",
    },
  ),
  DATA_DIR: envVar(z.string(), {
    default: "./data",
    description:
      "Directory for server data; the embedded PGlite database lives in DATA_DIR/pglite.",
  }),
  FILES_DIR: envVar(z.string(), {
    whenUnset: `DATA_DIR/${UPLOADS}`,
    description:
      "Directory of uploaded files (chat images, signatures). App servers behind one load balancer must share it (e.g. an NFS mount).",
  }),
  DATABASE_URL: envVar(
    absoluteUrl(
      () => "is not a URL (expected postgres://user@host:port/database)",
    )
      .refine(
        ofUrl((url) => ["postgres:", "postgresql:"].includes(url.protocol)),
        {
          error: urlProblem(
            (url) =>
              `must start with postgres:// or postgresql://, not ${url.protocol}//`,
          ),
          abort: true,
        },
      )
      .refine(
        ofUrl((url) => url.pathname.replace(/^\//, "") !== ""),
        "must name a database (postgres://user@host:port/database)",
      ),
    {
      description:
        "postgres:// or postgresql:// URL of a real PostgreSQL; unset uses the embedded PGlite.",
    },
  ),
  PUBLIC_URL: envVar(httpUrl(), {
    whenUnset: "http://HOST:PORT",
    description:
      "Absolute http(s) URL browsers use to reach the server; the IM URL (ws(s)://…/im) is derived from it. A wildcard HOST becomes 127.0.0.1.",
  }),
  STATIC_DIR: envVar(z.string(), {
    default: "dist",
    description:
      "Directory of the built PWA (`npm run build`), served with an SPA fallback.",
  }),
  LOG_LEVEL: envVar(choice(LOG_LEVELS), {
    default: "info",
    description: `pino log level: ${LOG_LEVELS.join(", ")}.`,
  }),
  LOG_FORMAT: envVar(choice(LOG_FORMATS), {
    whenUnset: "pretty unless NODE_ENV=production",
    description:
      "pretty: one readable line per event (a request is one line: method, path, status, time) and a start block with the URL, the dev outbox and the demo accounts; json: pino's JSON lines only, for log collectors.",
  }),
  NODE_ENV: envVar(choice(NODE_ENVS), {
    default: "development",
    description: `${NODE_ENVS.join(", ")}; production turns DEV_TOOLS off by default.`,
  }),
  DEV_TOOLS: envVar(flag, {
    whenUnset: "on unless NODE_ENV=production",
    description:
      "Development emulators under /dev (SMS, e-mail, WeChat login, payments): 1/true/on/yes or 0/false/off/no. Emulators never stand in for providers in production.",
  }),
});

/** What parseConfig reads, in README order. */
const CONFIG_ENV = z.object({
  ...APP_ENV.shape,
  ...AUTH_ENV.shape,
  ...PAY_ENV.shape,
  ...IM_ENGINE_ENV.shape,
});

/** The documented variables, in README order (the README table is generated from this list). */
export const ENV_VARS: readonly EnvVarDoc[] = [
  ...envDocs(CONFIG_ENV),
  ...envDocs(IM_ENV),
  ...envDocs(PUSH_ENV),
];

const WILDCARD_HOSTS = ["0.0.0.0", "::", "[::]"];

/** Parses and validates the environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Env, cwd: string = process.cwd()): AppConfig {
  const values = readEnv(env, CONFIG_ENV);
  const { PORT: port, HOST: host, NODE_ENV: nodeEnv } = values;
  const production = nodeEnv === "production";
  const dataDir = toAbsolute(values.DATA_DIR, cwd);
  return {
    port,
    host,
    dataDir,
    filesDir: toAbsolute(values.FILES_DIR ?? join(dataDir, UPLOADS), cwd),
    databaseUrl: values.DATABASE_URL ?? null,
    publicUrl: values.PUBLIC_URL ?? (port === 0 ? null : originFor(host, port)),
    staticDir: toAbsolute(values.STATIC_DIR, cwd),
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (production ? "json" : "pretty"),
    nodeEnv,
    devTools: values.DEV_TOOLS ?? !production,
    trustProxy: values.TRUST_PROXY,
    auth: authConfigOf(values, env),
    pay: payConfigOf(values),
    imEngine: imEngineConfigOf(values),
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

function toAbsolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}
