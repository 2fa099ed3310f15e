// WeChat login planning and URLs (pure): which flow a browser gets, the callback URL with its
// `type`, the authorize URLs and the QR widget's options.
import {
  WECHAT_LOGIN_TYPES,
  type WechatLoginType,
} from "../../api/accountTypes";
import type { WechatConfig } from "../../api/types";
import { isMobileUserAgent, isWechatUserAgent } from "../../lib/userAgent";
import type { WxLoginOptions } from "./wxLoginTypes";

/**
 * qr: desktop, WeChat's QR widget; emulator: desktop with the development emulator, a plain
 * redirect to its authorize page; inApp: inside WeChat's browser, the official-account OAuth
 * redirect; outsideWechat: a phone outside WeChat, which cannot log in with WeChat.
 */
export type WechatLoginPlan = "qr" | "emulator" | "inApp" | "outsideWechat";

export function planWechatLogin(
  wechat: Pick<WechatConfig, "emulator">,
  userAgent: string,
): WechatLoginPlan {
  if (isMobileUserAgent(userAgent))
    return isWechatUserAgent(userAgent) ? "inApp" : "outsideWechat";
  return wechat.emulator ? "emulator" : "qr";
}

export function loginTypeOf(plan: WechatLoginPlan): WechatLoginType {
  return plan === "inApp"
    ? WECHAT_LOGIN_TYPES.inApp
    : WECHAT_LOGIN_TYPES.website;
}

/** The redirect URL WeChat returns to: `redirectUrl` with `?type=` (1 = QR, 2 = in-app). */
export function callbackUrl(
  redirectUrl: string,
  type: WechatLoginType,
): string {
  const url = new URL(redirectUrl);
  url.searchParams.set("type", String(type));
  return url.href;
}

/** Desktop QR connect page (the emulator's authorize page in development). */
export function qrConnectUrl(wechat: WechatConfig, state: string): string {
  const params = new URLSearchParams({
    appid: wechat.appId,
    redirect_uri: callbackUrl(wechat.redirectUrl, WECHAT_LOGIN_TYPES.website),
    response_type: "code",
    scope: "snsapi_login",
    state,
  });
  return `${wechat.qrConnectUrl}?${params.toString()}`;
}

/** In-app OAuth of the official account; WeChat requires the `#wechat_redirect` suffix. */
export function authorizeUrl(wechat: WechatConfig, state: string): string {
  const params = new URLSearchParams({
    appid: wechat.mpAppId,
    redirect_uri: callbackUrl(wechat.redirectUrl, WECHAT_LOGIN_TYPES.inApp),
    response_type: "code",
    scope: "snsapi_userinfo",
    state,
  });
  return `${wechat.authorizeUrl}?${params.toString()}#wechat_redirect`;
}

/** The widget's stylesheet: a compact QR code without WeChat's own title. */
const QR_STYLE = [
  ".impowerBox .title{display:none}",
  ".impowerBox .qrcode{width:200px;margin-top:0;border:0}",
  ".impowerBox .info{width:220px}",
  ".status_icon{display:none}",
  ".impowerBox .status{text-align:center}",
].join("");

export const QR_STYLE_HREF = `data:text/css;base64,${btoa(QR_STYLE)}`;

export function wxLoginOptions(
  wechat: WechatConfig,
  state: string,
  containerId: string,
  dark: boolean,
): WxLoginOptions {
  return {
    self_redirect: false,
    id: containerId,
    appid: wechat.appId,
    scope: "snsapi_login",
    redirect_uri: encodeURIComponent(
      callbackUrl(wechat.redirectUrl, WECHAT_LOGIN_TYPES.website),
    ),
    state,
    style: dark ? "white" : "black",
    href: QR_STYLE_HREF,
  };
}
