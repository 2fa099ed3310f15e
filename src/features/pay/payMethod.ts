// Which WeChat Pay product this browser can use, and the H5 round trip's URLs. Inside WeChat:
// JSAPI. A phone or tablet browser outside WeChat: H5 (WeChat Pay's page opens the WeChat app, a
// QR code could not be scanned from the same screen). Anything else (a desktop): Native QR code.
import { i18n } from "@lingui/core";
import { withLocalePrefix } from "../../i18n/localePath";
import { DEFAULT_LOCALE, isLocale } from "../../i18n/locales";
import { isMobileUserAgent, isWechatUserAgent } from "../../lib/userAgent";

export type PayMethod = "jsapi" | "h5" | "native";

export interface PayEnvironment {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS Safari sends a Mac user agent, but a Mac has no touch. */
  maxTouchPoints: number;
}

export function choosePayMethod({
  userAgent,
  maxTouchPoints,
}: PayEnvironment): PayMethod {
  if (isWechatUserAgent(userAgent)) return "jsapi";
  if (isMobileUserAgent(userAgent)) return "h5";
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return "h5";
  return "native";
}

/** This browser's method. */
export function currentPayMethod(): PayMethod {
  return choosePayMethod({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
}

/**
 * The order page in the current language; `pay=1` resumes paying (after WeChat's authorization),
 * `paying=1` confirms a payment made on WeChat Pay's H5 page.
 */
export function orderPagePath(
  masterOrderNo: string,
  flag?: "pay" | "paying",
): string {
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const query = new URLSearchParams({ masterOrderNo });
  if (flag !== undefined) query.set(flag, "1");
  return withLocalePrefix(`/order?${query.toString()}`, locale);
}

/** Where WeChat sends the browser back after H5 payment: the order page, flagged to confirm. */
export function h5ReturnUrl(origin: string, masterOrderNo: string): string {
  return new URL(orderPagePath(masterOrderNo, "paying"), origin).toString();
}

/** h5_url with WeChat's `redirect_url` (h5_url already has a query). */
export function h5PayUrl(h5Url: string, returnUrl: string): string {
  return `${h5Url}&redirect_url=${encodeURIComponent(returnUrl)}`;
}
