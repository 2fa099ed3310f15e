// Browser-test helpers for the network: takes a context offline or online the way the issue asks
// (`context.setOffline`) and also through CDP on the page, because setOffline alone did not always
// reach `navigator.onLine` of a page the service worker controls. Test support.
import type { BrowserContext, CDPSession, Page } from "playwright-core";

// NOTE: one CDP session per page, kept attached: a second session's conditions would not replace the
// first one's (an "online" from a new session left the page offline), and detaching may drop them.
const sessions = new WeakMap<Page, Promise<CDPSession>>();

function cdpOf(context: BrowserContext, page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (session === undefined) {
    session = context.newCDPSession(page).then(async (cdp) => {
      await cdp.send("Network.enable");
      return cdp;
    });
    sessions.set(page, session);
  }
  return session;
}

/** Sets the network of `context` (and of `page`, through CDP) and waits for the page to see it. */
export async function setNetwork(
  context: BrowserContext,
  page: Page,
  online: boolean,
): Promise<void> {
  await context.setOffline(!online);
  const cdp = await cdpOf(context, page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: !online,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.waitForFunction((want) => navigator.onLine === want, online);
}
