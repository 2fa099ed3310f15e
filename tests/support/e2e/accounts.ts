// Browser-test helpers for the accounts flows: reading a login code from the development outbox
// and signing in with a phone number through the real /login page (also in a new context, on /my).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { MOBILE, watchErrors } from "./browser";

interface OutboxEntry {
  id: string;
  channel: "sms" | "email";
  to: string;
  code: string;
  at: number;
}

/** The newest code sent to `target` (waits for it to arrive in /dev/outbox.json). */
export async function readOutboxCode(
  baseUrl: string,
  target: string,
  after = 0,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/outbox.json`);
    if (res.ok) {
      const { list } = (await res.json()) as { list: OutboxEntry[] };
      const entry = list.find((e) => e.to.includes(target) && e.at >= after);
      if (entry) return entry.code;
    }
    if (Date.now() > deadline)
      throw new Error(`no code for ${target} in the outbox`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Signs in on `page` (already showing /login) with a phone code from the outbox. */
export async function signInWithPhone(
  page: Page,
  baseUrl: string,
  phone: string,
): Promise<void> {
  const since = Date.now() - 1000;
  const panel = page.getByRole("tabpanel", { name: "手机号登录" });
  await panel.getByLabel("手机号", { exact: true }).fill(phone);
  await panel.getByRole("button", { name: "获取验证码" }).click();
  await panel.getByRole("button", { name: /^\d+ 秒后重发$/ }).waitFor();
  const code = await readOutboxCode(baseUrl, phone, since);
  await panel.getByLabel("验证码", { exact: true }).fill(code);
  await panel.getByRole("button", { name: "登录", exact: true }).click();
}

/**
 * A new phone-sized context signed in as `phone` through /login, left on /my; `errors` collects
 * the page's console errors.
 */
export async function signedInOnMy(
  browser: Browser,
  baseUrl: string,
  phone: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...MOBILE, baseURL: baseUrl });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/login?redirect=%2Fmy");
  await signInWithPhone(page, baseUrl, phone);
  await page.waitForURL("**/my");
  return { context, page, errors };
}

/** The app's localStorage value for `key`. */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}
