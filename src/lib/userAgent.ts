// User-agent checks. Crawlers get no error page (an empty main) instead of the 404 screen.
const CRAWLER_PATTERN =
  /bot\b|crawl|spider|slurp|googlebot|baiduspider|bingbot|yandex|duckduckbot|sogou|360spider|bytespider|petalbot|facebookexternalhit|applebot/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER_PATTERN.test(userAgent);
}
