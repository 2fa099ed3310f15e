import { type AuthConfig } from "./authConfig";
import { type PayConfig } from "./payConfig";
import { ConfigError, type Env, type EnvVarDoc } from "./lib/env";
export { ConfigError, type Env, type EnvVarDoc };
export declare const LOG_LEVELS: readonly ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
export type LogLevel = (typeof LOG_LEVELS)[number];
export declare const NODE_ENVS: readonly ["development", "production", "test"];
export type NodeEnv = (typeof NODE_ENVS)[number];
export interface AppConfig {
    port: number;
    host: string;
    /** Absolute directory for server-side files (the embedded database lives in `<dataDir>/pglite`). */
    dataDir: string;
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
    nodeEnv: NodeEnv;
    /** Development emulators under /dev (SMS, e-mail, WeChat, payments) are mounted. */
    devTools: boolean;
    /** Fastify `trustProxy`: whether (and which) X-Forwarded-For hops give the client IP. */
    trustProxy: boolean | string[];
    /** Accounts: secret, token life, login methods and their providers (server/authConfig.ts). */
    auth: AuthConfig;
    /** Orders and WeChat Pay (server/payConfig.ts). */
    pay: PayConfig;
}
/** The documented variables, in README order (the README table is generated from this list). */
export declare const ENV_VARS: readonly EnvVarDoc[];
/** Parses and validates the environment; throws ConfigError naming the first bad variable. */
export declare function parseConfig(env: Env, cwd?: string): AppConfig;
/** `http://host:port` for a bound address; wildcard hosts are reached through loopback. */
export declare function originFor(host: string, port: number): string;
/** The IM WebSocket URL for a public URL: http → ws, https → wss, path + /im. */
export declare function imWsUrlFor(publicUrl: string): string;
