// The tab-to-tab part of `npm run bench:messenger` (#20): in Chromium, the demo user's tab sends
// messages one at a time to the demo service account, whose thread is open in another browser
// context (another person), while the user's own second tab (same context: the same SharedWorker)
// has the same thread open. Measured per message, from the send button's click in tab A to the
// bubble painted in B's tab and in A's second tab, on one clock: `performance.timeOrigin +
// performance.now()` in each page (same machine, sub-millisecond). "Painted" is the first task
// after the animation frame that follows the bubble's insertion (a MessageChannel message queued
// from requestAnimationFrame runs after that frame's paint).
import type { Browser, Page } from "playwright-core";
import { signInWithPhone } from "../support/e2e/accounts";
import { MOBILE } from "../support/e2e/browser";

export interface TabToTabResult {
  /** Send → bubble painted in the other person's tab (ms), in send order. */
  toPeer: number[];
  /** Send → bubble painted in the sender's own second tab (ms). */
  toOwnTab: number[];
}

interface Watcher {
  __fyPainted?: Record<string, number>;
}

/**
 * Records, per token `⟦n⟧` seen in a new bubble, when it was painted (epoch ms), in
 * `window.__fyPainted`. NOTE: a string, not a function: tsx would add `__name` calls the page lacks.
 */
const PAINT_WATCHER = `(() => {
  if (window.__fyPainted !== undefined) return;
  const painted = {};
  window.__fyPainted = painted;
  const seen = new Set();
  const scan = () => {
    for (const bubble of document.querySelectorAll(".msg-bubble")) {
      const match = /⟦(\\d+)⟧/.exec(bubble.textContent);
      if (match === null || seen.has(match[1])) continue;
      const token = match[1];
      seen.add(token);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          painted[token] = performance.timeOrigin + performance.now();
        };
        channel.port2.postMessage(0);
      });
    }
  };
  new MutationObserver(scan).observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  scan();
})()`;

async function openThread(page: Page, peer: string): Promise<void> {
  await page.goto(`/destiny?chat=${peer}`);
  await page
    .locator('.chat-banner-region[data-connection="Connected"]')
    .waitFor({ state: "attached", timeout: 30_000 });
  await page.locator(".composer-input").waitFor();
  await page.evaluate(PAINT_WATCHER);
}

async function signedIn(
  browser: Browser,
  baseUrl: string,
  phone: string,
): Promise<Page> {
  const context = await browser.newContext({ ...MOBILE, baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto("/login?redirect=%2Fmy");
  await signInWithPhone(page, baseUrl, phone);
  await page.waitForURL("**/my");
  return page;
}

const paintedAt = (page: Page, token: string) =>
  page
    .waitForFunction(
      (t) => (window as Watcher).__fyPainted?.[t] ?? null,
      token,
      { timeout: 15_000, polling: 5 },
    )
    .then(async (handle) => Number(await handle.jsonValue()));

/**
 * Signs `sender` and `receiver` in (two contexts, the sender with two tabs), opens their thread in
 * all three tabs, warms up with a few messages, then sends `count` one at a time, each after the
 * previous one was painted everywhere.
 */
export async function measureTabToTab(
  browser: Browser,
  baseUrl: string,
  sender: { phone: string; imId: string },
  receiver: { phone: string; imId: string },
  count: number,
  warmUp = 5,
): Promise<TabToTabResult> {
  const tabA = await signedIn(browser, baseUrl, sender.phone);
  const tabB = await signedIn(browser, baseUrl, receiver.phone);
  const ownTab = await tabA.context().newPage();
  await openThread(tabA, receiver.imId);
  await openThread(ownTab, receiver.imId);
  await openThread(tabB, sender.imId);

  const result: TabToTabResult = { toPeer: [], toOwnTab: [] };
  const base = Date.now() % 1_000_000;
  for (let i = 0; i < warmUp + count; i++) {
    const token = String(base * 1000 + i);
    await tabA.locator(".composer-input").fill(`tab to tab ⟦${token}⟧`);
    const sentAt = await tabA.evaluate(() => {
      const at = performance.timeOrigin + performance.now();
      document.querySelector<HTMLButtonElement>(".composer-send")!.click();
      return at;
    });
    const [peerAt, ownAt] = await Promise.all([
      paintedAt(tabB, token),
      paintedAt(ownTab, token),
    ]);
    if (i < warmUp) continue;
    result.toPeer.push(peerAt - sentAt);
    result.toOwnTab.push(ownAt - sentAt);
  }
  await tabA.context().close();
  await tabB.context().close();
  return result;
}
