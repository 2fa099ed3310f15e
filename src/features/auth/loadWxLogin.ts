// Loads WeChat's QR-login script once: every caller shares one cached promise. A failure is
// logged ("Failed to load WxLogin script") and forgotten, so a later click can try again.
import type { WxLoginConstructor } from "./wxLoginTypes";

export const WX_LOGIN_SCRIPT_URL =
  "https://res.wx.qq.com/connect/zh_CN/htmledition/js/wxLogin.js";

export class WxLoginLoadError extends Error {
  override name = "WxLoginLoadError";
}

let loading: Promise<WxLoginConstructor> | undefined;

function inject(doc: Document): Promise<WxLoginConstructor> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = WX_LOGIN_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const WxLogin = window.WxLogin;
      if (WxLogin) resolve(WxLogin);
      else {
        script.remove();
        // eslint-disable-next-line lingui/no-unlocalized-strings -- developer-facing log text
        reject(new WxLoginLoadError("wxLogin.js loaded without WxLogin"));
      }
    };
    script.onerror = () => {
      script.remove();
      // eslint-disable-next-line lingui/no-unlocalized-strings -- developer-facing log text
      reject(new WxLoginLoadError(`Could not load ${WX_LOGIN_SCRIPT_URL}`));
    };
    doc.head.append(script);
  });
}

export function loadWxLogin(
  doc: Document = document,
): Promise<WxLoginConstructor> {
  const existing = window.WxLogin;
  if (existing) return Promise.resolve(existing);
  loading ??= inject(doc).catch((error: unknown) => {
    console.error("Failed to load WxLogin script", error);
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Forgets the cached load (tests). */
export function resetWxLoginLoader(): void {
  loading = undefined;
}
