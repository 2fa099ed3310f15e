// Pays inside WeChat's browser with the JSSDK: wx.config with the server's signature, then
// chooseWXPay. Success resolves true, the user's cancel resolves false, failures reject. The
// result is only a hint to re-read the status: the server decides whether the order is paid.
import type { JsapiPay } from "../../api/commerce";
import { loadWxJssdk } from "./loadWxJssdk";
import type { WxJssdk } from "./wxTypes";

function configure(wx: WxJssdk, pay: JsapiPay): Promise<void> {
  return new Promise((resolve, reject) => {
    wx.error((result) => {
      reject(new Error(`wx.config failed: ${result.errMsg ?? "unknown"}`));
    });
    wx.ready(() => {
      resolve();
    });
    wx.config({
      debug: false,
      appId: pay.config.appId,
      timestamp: pay.config.timestamp,
      nonceStr: pay.config.nonceStr,
      signature: pay.config.signature,
      jsApiList: ["chooseWXPay"],
    });
  });
}

export async function payWithJssdk(
  pay: JsapiPay,
  load: () => Promise<WxJssdk> = loadWxJssdk,
): Promise<boolean> {
  const wx = await load();
  await configure(wx, pay);
  return new Promise<boolean>((resolve, reject) => {
    wx.chooseWXPay({
      timestamp: pay.timeStamp,
      nonceStr: pay.nonceStr,
      package: pay.packageVal,
      signType: pay.signType,
      paySign: pay.paySign,
      success: () => {
        resolve(true);
      },
      cancel: () => {
        resolve(false);
      },
      fail: (result) => {
        reject(new Error(`chooseWXPay failed: ${result.errMsg ?? "unknown"}`));
      },
    });
  });
}
