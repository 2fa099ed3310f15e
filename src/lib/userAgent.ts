// User-agent checks: crawlers (no error page for them), mobile devices and WeChat's browser.
const CRAWLER_PATTERN =
  /bot\b|crawl|spider|slurp|googlebot|baiduspider|bingbot|yandex|duckduckbot|sogou|360spider|bytespider|petalbot|facebookexternalhit|applebot/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER_PATTERN.test(userAgent);
}

const MOBILE_PATTERN = /Android|iPhone|iPad|iPod|Mobile/i;

/** Phones and tablets (product spec §9: Android, iPhone, iPad, iPod, Mobile). */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_PATTERN.test(userAgent);
}

/** WeChat's built-in browser. */
export function isWechatUserAgent(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}
