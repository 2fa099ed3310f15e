// IM_ENGINE and the WuKongIM settings: the embedded default, a complete WuKongIM configuration, and
// a clear error naming the variable for each mistake.
import { configErrorOf } from "../../support/server/configError";
import { describe, expect, it } from "vitest";
import { imSocketUrl, parseConfig } from "../../../server/config/appConfig";

const SECRET = "s".repeat(32);
const WUKONGIM = {
  IM_ENGINE: "wukongim",
  WUKONGIM_API_URL: "http://10.0.0.5:5001/",
  WUKONGIM_WS_URL: "wss://im.example.com",
  WUKONGIM_WEBHOOK_SECRET: SECRET,
};

const errorOf = (env: Record<string, string>) => configErrorOf(env);

describe("IM_ENGINE", () => {
  it("is embedded by default, with the socket under PUBLIC_URL", () => {
    const config = parseConfig({}, "/srv");
    expect(config.imEngine).toEqual({ kind: "embedded" });
    expect(imSocketUrl(config, "https://fuyuan.example.com")).toBe(
      "wss://fuyuan.example.com/im",
    );
  });

  it("reads a WuKongIM deployment and hands browsers its socket URL", () => {
    const config = parseConfig(WUKONGIM, "/srv");
    expect(config.imEngine).toEqual({
      kind: "wukongim",
      apiUrl: "http://10.0.0.5:5001",
      wsUrl: "wss://im.example.com",
      webhookSecret: SECRET,
    });
    expect(imSocketUrl(config, "https://fuyuan.example.com")).toBe(
      "wss://im.example.com",
    );
  });

  it.each([
    [{ IM_ENGINE: "redis" }, "IM_ENGINE"],
    [{ ...WUKONGIM, WUKONGIM_API_URL: "" }, "WUKONGIM_API_URL"],
    [
      { ...WUKONGIM, WUKONGIM_API_URL: "tcp://10.0.0.5:5100" },
      "WUKONGIM_API_URL",
    ],
    [
      { ...WUKONGIM, WUKONGIM_WS_URL: "https://im.example.com" },
      "WUKONGIM_WS_URL",
    ],
    [
      { ...WUKONGIM, WUKONGIM_WEBHOOK_SECRET: "short" },
      "WUKONGIM_WEBHOOK_SECRET",
    ],
    [
      { ...WUKONGIM, WUKONGIM_WEBHOOK_SECRET: `${SECRET}&x=1` },
      "WUKONGIM_WEBHOOK_SECRET",
    ],
    [{ WUKONGIM_API_URL: "http://10.0.0.5:5001" }, "WUKONGIM_API_URL"],
  ])("refuses %o naming %s", (env, name) => {
    const error = errorOf(env);
    expect(error.variable).toBe(name);
  });
});
