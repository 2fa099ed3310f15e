// parseConfig is pure: defaults, each variable's validation (the error names the variable),
// and the URLs derived from PUBLIC_URL.
import { configErrorOf } from "../../support/server/configError";
import {
  ENV_VARS,
  imWsUrlFor,
  parseConfig,
} from "../../../server/config/appConfig";
import { imOptionsFromEnv } from "../../../server/im/imEnv";
import { pushOptionsFromEnv } from "../../../server/domain/push/pushEnv";

const cwd = "/srv/fuyuan";
/** The least production needs: a secret, and providers for enabled login methods (none here). */
const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "a-production-secret-of-at-least-32-bytes",
  LOGIN_METHODS: "none",
  PAYMENTS: "off",
};
const NO_LOGIN = { phone: false, email: false, wechat: false };

const errorOf = (env: Record<string, string>) => configErrorOf(env, cwd);

describe("parseConfig", () => {
  it("uses the documented defaults for an empty environment", () => {
    expect(parseConfig({}, cwd)).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/fuyuan/data",
      filesDir: "/srv/fuyuan/data/uploads",
      databaseUrl: null,
      publicUrl: "http://127.0.0.1:8080",
      staticDir: "/srv/fuyuan/dist",
      logLevel: "info",
      logFormat: "pretty",
      nodeEnv: "development",
      devTools: true,
      trustProxy: false,
      auth: {
        secret: null,
        accessTokenTtlSeconds: 900,
        loginMethods: { phone: true, email: true, wechat: true },
        sms: null,
        smtp: null,
        wechat: null,
      },
      pay: { enabled: true, wechatPay: null, sweepIntervalSeconds: 60 },
      imEngine: { kind: "embedded" },
    });
  });

  it("reads every variable", () => {
    const config = parseConfig(
      {
        PORT: "9000",
        HOST: "0.0.0.0",
        DATA_DIR: "/var/lib/fuyuan",
        FILES_DIR: "/mnt/shared/fuyuan-files",
        DATABASE_URL: "postgres://app@db:5432/fuyuan",
        PUBLIC_URL: "https://fuyuan.example.com/app/",
        STATIC_DIR: "build",
        LOG_LEVEL: "debug",
        LOG_FORMAT: "pretty",
        ...PRODUCTION,
        DEV_TOOLS: "on",
        TRUST_PROXY: "on",
      },
      cwd,
    );
    expect(config).toEqual({
      port: 9000,
      host: "0.0.0.0",
      dataDir: "/var/lib/fuyuan",
      filesDir: "/mnt/shared/fuyuan-files",
      databaseUrl: "postgres://app@db:5432/fuyuan",
      publicUrl: "https://fuyuan.example.com/app",
      staticDir: "/srv/fuyuan/build",
      logLevel: "debug",
      logFormat: "pretty",
      nodeEnv: "production",
      devTools: true,
      trustProxy: true,
      auth: {
        secret: PRODUCTION.AUTH_SECRET,
        accessTokenTtlSeconds: 900,
        loginMethods: NO_LOGIN,
        sms: null,
        smtp: null,
        wechat: null,
      },
      pay: { enabled: false, wechatPay: null, sweepIntervalSeconds: 60 },
      imEngine: { kind: "embedded" },
    });
  });

  it("turns DEV_TOOLS off by default in production only", () => {
    expect(parseConfig(PRODUCTION, cwd).devTools).toBe(false);
    expect(parseConfig({ NODE_ENV: "test" }, cwd).devTools).toBe(true);
    expect(parseConfig({ DEV_TOOLS: "0" }, cwd).devTools).toBe(false);
    expect(parseConfig({ DEV_TOOLS: "FALSE" }, cwd).devTools).toBe(false);
  });

  it("logs JSON lines by default in production only", () => {
    expect(parseConfig(PRODUCTION, cwd).logFormat).toBe("json");
    expect(parseConfig({ NODE_ENV: "test" }, cwd).logFormat).toBe("pretty");
    expect(parseConfig({ LOG_FORMAT: "json" }, cwd).logFormat).toBe("json");
  });

  it("derives PUBLIC_URL from HOST and PORT, reaching wildcard hosts through loopback", () => {
    expect(parseConfig({ HOST: "0.0.0.0", PORT: "8081" }, cwd).publicUrl).toBe(
      "http://127.0.0.1:8081",
    );
    expect(parseConfig({ HOST: "::1", PORT: "8081" }, cwd).publicUrl).toBe(
      "http://[::1]:8081",
    );
    expect(parseConfig({ PORT: "0" }, cwd).publicUrl).toBeNull();
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "  " }, cwd)).toMatchObject({
      port: 8080,
      databaseUrl: null,
    });
  });

  it.each([
    [{ PORT: "80a" }, "PORT", 'PORT: "80a" is not a port number (0-65535)'],
    [{ PORT: "70000" }, "PORT", 'PORT: "70000" is not a port number (0-65535)'],
    [{ PORT: "-1" }, "PORT", 'PORT: "-1" is not a port number (0-65535)'],
    [
      { HOST: "http://x" },
      "HOST",
      'HOST: "http://x" is not a host name or IP address',
    ],
    [
      { LOG_LEVEL: "verbose" },
      "LOG_LEVEL",
      'LOG_LEVEL: "verbose" must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      { LOG_FORMAT: "text" },
      "LOG_FORMAT",
      'LOG_FORMAT: "text" must be one of pretty, json',
    ],
    [
      { NODE_ENV: "prod" },
      "NODE_ENV",
      'NODE_ENV: "prod" must be one of development, production, test',
    ],
    [
      { DEV_TOOLS: "maybe" },
      "DEV_TOOLS",
      'DEV_TOOLS: "maybe" must be one of 1, true, on, yes, 0, false, off, no',
    ],
    [
      { DATABASE_URL: "mysql://x@y/z" },
      "DATABASE_URL",
      "DATABASE_URL: must start with postgres:// or postgresql://, not mysql://",
    ],
    [
      { DATABASE_URL: "not a url" },
      "DATABASE_URL",
      "DATABASE_URL: is not a URL (expected postgres://user@host:port/database)",
    ],
    [
      { DATABASE_URL: "postgres://app@db:5432" },
      "DATABASE_URL",
      "DATABASE_URL: must name a database (postgres://user@host:port/database)",
    ],
    [
      { PUBLIC_URL: "example.com" },
      "PUBLIC_URL",
      'PUBLIC_URL: "example.com" is not an absolute URL (expected e.g. https://fuyuan.example.com)',
    ],
    [
      { PUBLIC_URL: "ftp://example.com" },
      "PUBLIC_URL",
      "PUBLIC_URL: must use http or https, not ftp",
    ],
    [
      { PUBLIC_URL: "https://example.com/?a=1" },
      "PUBLIC_URL",
      "PUBLIC_URL: must not have a query or fragment",
    ],
  ])("rejects %j naming %s", (env, variable, message) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toBe(message);
  });
});

describe("imWsUrlFor", () => {
  it("maps http to ws and https to wss, keeping a path prefix", () => {
    expect(imWsUrlFor("http://127.0.0.1:8080")).toBe("ws://127.0.0.1:8080/im");
    expect(imWsUrlFor("https://fuyuan.example.com")).toBe(
      "wss://fuyuan.example.com/im",
    );
    expect(imWsUrlFor("https://example.com/app")).toBe(
      "wss://example.com/app/im",
    );
  });
});

describe("ENV_VARS", () => {
  it("documents exactly the variables parseConfig and the IM gateway read", () => {
    const read = new Set<string>();
    const recordingEnv = new Proxy<Record<string, string | undefined>>(
      {},
      {
        get: (_target, key) => {
          if (typeof key === "string") read.add(key);
          return undefined;
        },
      },
    );
    parseConfig(recordingEnv, cwd);
    imOptionsFromEnv(recordingEnv);
    pushOptionsFromEnv(recordingEnv);
    expect(ENV_VARS.map((v) => v.name).sort()).toEqual([...read].sort());
    for (const v of ENV_VARS) expect(v.description.length).toBeGreaterThan(10);
  });
});
