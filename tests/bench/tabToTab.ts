// The tab-to-tab part of `npm run bench:messenger` (#20): in Chromium, the demo user's tab sends
// messages one at a time to the demo service account, whose thread is open in another browser
// context (another person), while the user's own second tab (same context: the same SharedWorker)
// has the same thread open. Measured per message, from the send button's click in tab A to the
// bubble painted in B's tab and in A's second tab, on one clock: `performance.timeOrigin +
// performance.now()` in each page (same machine, sub-millisecond). "Painted" is the first task
// after the animation frame that follows the bubble's insertion (a MessageChannel message queued
// from requestAnimationFrame runs after that frame's paint). Also the main-thread time each tab
// spends per message (DevTools' TaskDuration over the measured messages): what a phone's slower
// CPU multiplies; in the sender's tab it includes the benchmark typing the text.
import type { Browser, Page } from "playwright-core";
import { signInWithPhone } from "../support/e2e/accounts";
import { MOBILE } from "../support/e2e/browser";

export interface TabToTabResult {
  /** Send → bubble painted in the other person's tab (ms), in send order. */
  toPeer: number[];
  /** Send → bubble painted in the sender's own second tab (ms). */
  toOwnTab: number[];
  /** Main-thread task time per message (ms) in the receiver's, the sender's and its second tab. */
  mainThreadMs: { peer: number; sender: number; ownTab: number };
}

/** A tab's main-thread task time so far (ms), from DevTools' performance metrics. */
async function taskClock(page: Page): Promise<() => Promise<number>> {
  const session = await page.context().newCDPSession(page);
  await session.send("Performance.enable");
  return async () => {
    const { metrics } = await session.send("Performance.getMetrics");
    return 1000 * (metrics.find((m) => m.name === "TaskDuration")?.value ?? 0);
  };
}

interface Watcher {
  __fyPainted?: Record<string, number>;
  __fyWaiters?: Record<string, (at: number) => void>;
}

/**
 * Records, per token `⟦n⟧` seen in a new bubble, when it was painted (epoch ms), in
 * `window.__fyPainted`. NOTE: a string, not a function: tsx would add `__name` calls the page lacks.
 */
const PAINT_WATCHER = `(() => {
  if (window.__fyPainted !== undefined) return;
  const painted = {};
  const waiters = {};
  window.__fyPainted = painted;
  window.__fyWaiters = waiters;
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
          waiters[token]?.(painted[token]);
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

/**
 * When the bubble with `token` was painted in `page`. NOTE: the page calls back when it is; polling
 * for it (every 5 ms in both watching tabs) took CPU from the very renders being measured.
 */
const paintedAt = (page: Page, token: string) =>
  page.evaluate(
    (t) =>
      new Promise<number>((resolve, reject) => {
        const w = window as Watcher;
        const at = w.__fyPainted?.[t];
        if (at !== undefined) {
          resolve(at);
          return;
        }
        const timer = setTimeout(() => {
          reject(new Error(`bubble ${t} not painted within 15 s`));
        }, 15_000);
        w.__fyWaiters![t] = (when) => {
          clearTimeout(timer);
          resolve(when);
        };
      }),
    token,
  );

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

  const clocks = await Promise.all([tabB, tabA, ownTab].map(taskClock));
  const toPeer: number[] = [];
  const toOwnTab: number[] = [];
  let started: number[] = [];
  const base = Date.now() % 1_000_000;
  for (let i = 0; i < warmUp + count; i++) {
    if (i === warmUp)
      started = await Promise.all(clocks.map((clock) => clock()));
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
    toPeer.push(peerAt - sentAt);
    toOwnTab.push(ownAt - sentAt);
  }
  const [peer, typing, own] = await Promise.all(
    clocks.map(async (clock, i) => ((await clock()) - started[i]!) / count),
  );
  await tabA.context().close();
  await tabB.context().close();
  return {
    toPeer,
    toOwnTab,
    mainThreadMs: { peer: peer!, sender: typing!, ownTab: own! },
  };
}
