// The JSSDK loader (one script through one cached promise; a load failure logs "Failed to load
// WxJSSDK" and rejects) and JSSDK payment (config then chooseWXPay: success → true, cancel →
// false, failure and config failure reject).
import type { JsapiPay } from "../../../../src/api/commerce";
import {
  loadWxJssdk,
  resetWxJssdkForTests,
  WX_JSSDK_URL,
} from "../../../../src/features/pay/loadWxJssdk";
import { payWithJssdk } from "../../../../src/features/pay/payWithJssdk";
import type {
  WxChooseWxPayOptions,
  WxConfigOptions,
  WxJssdk,
} from "../../../../src/features/pay/wxTypes";

afterEach(() => {
  resetWxJssdkForTests();
  document.head.querySelectorAll("script").forEach((s) => {
    s.remove();
  });
  delete window.wx;
  vi.restoreAllMocks();
});

function scripts(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll("script")].filter(
    (s) => s.src === WX_JSSDK_URL,
  );
}

function fakeWx(
  outcome: "ok" | "cancel" | "fail" | "configError",
): WxJssdk & { configured: WxConfigOptions[]; paid: WxChooseWxPayOptions[] } {
  let ready: () => void = () => undefined;
  let error: (r: { errMsg?: string }) => void = () => undefined;
  const wx = {
    configured: [] as WxConfigOptions[],
    paid: [] as WxChooseWxPayOptions[],
    config(options: WxConfigOptions) {
      wx.configured.push(options);
      if (outcome === "configError")
        error({ errMsg: "config:invalid signature" });
      else ready();
    },
    ready(callback: () => void) {
      ready = callback;
    },
    error(callback: (r: { errMsg?: string }) => void) {
      error = callback;
    },
    chooseWXPay(options: WxChooseWxPayOptions) {
      wx.paid.push(options);
      if (outcome === "ok") options.success();
      else if (outcome === "cancel") options.cancel();
      else options.fail({ errMsg: "chooseWXPay:fail" });
    },
  };
  return wx;
}

const pay: JsapiPay = {
  masterId: 1,
  masterOrderNo: "202611210000000001",
  totalFen: 8800,
  payBefore: "2026-11-21T11:30:00Z",
  emulator: false,
  appId: "wx_mp_app",
  timeStamp: "1763722800",
  nonceStr: "n1",
  packageVal: "prepay_id=wx123",
  signType: "RSA",
  paySign: "sig",
  config: {
    appId: "wx_mp_app",
    timestamp: 1763722800,
    nonceStr: "n2",
    signature: "cfgsig",
  },
  cashierUrl: null,
};

it("inserts the script once and shares one promise between callers", async () => {
  const first = loadWxJssdk();
  const second = loadWxJssdk();
  expect(second).toBe(first);
  expect(scripts()).toHaveLength(1);
  const wx = fakeWx("ok");
  window.wx = wx;
  scripts()[0]!.dispatchEvent(new Event("load"));
  await expect(first).resolves.toBe(wx);
  expect(loadWxJssdk()).toBe(first);
  expect(scripts()).toHaveLength(1);
});

it("logs 'Failed to load WxJSSDK' and rejects when the script fails, then can retry", async () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const loading = loadWxJssdk();
  scripts()[0]!.dispatchEvent(new Event("error"));
  await expect(loading).rejects.toThrow("Failed to load WxJSSDK");
  expect(log).toHaveBeenCalledWith("Failed to load WxJSSDK", expect.anything());
  expect(scripts()).toHaveLength(0);
  const retry = loadWxJssdk();
  expect(retry).not.toBe(loading);
  expect(scripts()).toHaveLength(1);
  void retry.catch(() => undefined);
});

it("configures with the server's signature and resolves true when paid", async () => {
  const wx = fakeWx("ok");
  await expect(payWithJssdk(pay, () => Promise.resolve(wx))).resolves.toBe(
    true,
  );
  expect(wx.configured[0]).toMatchObject({
    appId: "wx_mp_app",
    timestamp: 1763722800,
    nonceStr: "n2",
    signature: "cfgsig",
    jsApiList: ["chooseWXPay"],
  });
  expect(wx.paid[0]).toMatchObject({
    timestamp: "1763722800",
    nonceStr: "n1",
    package: "prepay_id=wx123",
    signType: "RSA",
    paySign: "sig",
  });
});

it("resolves false when the user cancels", async () => {
  await expect(
    payWithJssdk(pay, () => Promise.resolve(fakeWx("cancel"))),
  ).resolves.toBe(false);
});

it("rejects with the error when payment fails", async () => {
  await expect(
    payWithJssdk(pay, () => Promise.resolve(fakeWx("fail"))),
  ).rejects.toThrow("chooseWXPay:fail");
});

it("rejects when wx.config fails, without opening the payment", async () => {
  const wx = fakeWx("configError");
  await expect(payWithJssdk(pay, () => Promise.resolve(wx))).rejects.toThrow(
    "invalid signature",
  );
  expect(wx.paid).toHaveLength(0);
});

it("rejects when the script cannot be loaded", async () => {
  await expect(
    payWithJssdk(pay, () =>
      Promise.reject(new Error("Failed to load WxJSSDK")),
    ),
  ).rejects.toThrow("Failed to load WxJSSDK");
});
