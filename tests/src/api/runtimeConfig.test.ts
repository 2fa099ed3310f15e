// Runtime configuration: one request however many callers, and a failed fetch is retried.
import {
  getRuntimeConfig,
  resetRuntimeConfig,
} from "../../../src/api/runtimeConfig";
import type { RuntimeConfig } from "../../../src/api/types";

const config: RuntimeConfig = {
  version: "1.2.3",
  imWsUrl: "ws://127.0.0.1:8080/im",
  publicUrl: "http://127.0.0.1:8080",
  login: { phone: true, email: true, wechat: false },
  wechat: null,
  devTools: true,
};

afterEach(() => {
  resetRuntimeConfig();
  vi.unstubAllGlobals();
});

it("fetches oapi/v1/config once and caches it", async () => {
  const fetchMock = vi.fn(() =>
    Promise.resolve(Response.json({ code: 0, data: config, msg: "ok" })),
  );
  vi.stubGlobal("fetch", fetchMock);
  const [a, b] = await Promise.all([getRuntimeConfig(), getRuntimeConfig()]);
  await expect(getRuntimeConfig()).resolves.toEqual(config);
  expect(a).toEqual(config);
  expect(b).toBe(a);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]).toEqual([
    "/api/app/oapi/v1/config",
    expect.anything(),
  ]);
});

it("does not cache a failure", async () => {
  const fetchMock = vi
    .fn()
    .mockResolvedValueOnce(
      Response.json({ code: 500, data: null, msg: "boom" }, { status: 500 }),
    )
    .mockResolvedValueOnce(Response.json({ code: 0, data: config, msg: "ok" }));
  vi.stubGlobal("fetch", fetchMock);
  await expect(getRuntimeConfig()).rejects.toThrow("500: boom");
  await expect(getRuntimeConfig()).resolves.toEqual(config);
  expect(fetchMock).toHaveBeenCalledTimes(2);
});
