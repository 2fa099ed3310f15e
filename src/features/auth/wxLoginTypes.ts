// Types of WeChat's website QR-login widget (wxLogin.js from res.wx.qq.com), which puts
// `WxLogin` on window. A module, so whoever imports it also sees the window property.
export interface WxLoginOptions {
  self_redirect: boolean;
  /** Id of the element the QR-code iframe is rendered into. */
  id: string;
  appid: string;
  scope: "snsapi_login";
  /** The callback URL, already encodeURIComponent-ed. */
  redirect_uri: string;
  state: string;
  /** Colour of the widget's own text. */
  style: "black" | "white";
  /** A stylesheet for the widget (an https or data: URL). */
  href: string;
}

export type WxLoginConstructor = new (options: WxLoginOptions) => unknown;

declare global {
  interface Window {
    WxLogin?: WxLoginConstructor;
  }
}
