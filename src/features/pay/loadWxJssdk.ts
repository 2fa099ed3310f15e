// Loads WeChat's JSSDK script once for the whole app through one shared promise. A load failure
// logs "Failed to load WxJSSDK", rejects, and lets a later call try again.
import type { WxJssdk } from "./wxTypes";

export const WX_JSSDK_URL = "https://res.wx.qq.com/open/js/jweixin-1.6.0.js";

let pending: Promise<WxJssdk> | undefined;

declare global {
  interface Window {
    wx?: WxJssdk;
  }
}

export function loadWxJssdk(): Promise<WxJssdk> {
  pending ??= new Promise<WxJssdk>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = WX_JSSDK_URL;
    script.async = true;
    const fail = (cause: unknown) => {
      console.error("Failed to load WxJSSDK", cause);
      pending = undefined;
      script.remove();

      reject(new Error("Failed to load WxJSSDK", { cause }));
    };
    script.onload = () => {
      if (window.wx === undefined) fail(new Error("window.wx is missing"));
      else resolve(window.wx);
    };
    script.onerror = (event) => {
      fail(event);
    };
    document.head.append(script);
  });
  return pending;
}

/** Test seam: forgets the cached promise. */
export function resetWxJssdkForTests(): void {
  pending = undefined;
}
