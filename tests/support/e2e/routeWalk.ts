// The set-up of the walks over every route (accessibility, covered controls): a real server with
// demo data, Chromium, a signed-out and a signed-in phone-sized page, the seeded ids the dynamic
// routes need, and a service chat with messages.
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  startServerProcess,
  type ServerProcess,
} from "./serverProcess";
import { launchBrowser, MOBILE } from "./browser";
import { signInWithPhone } from "./accounts";
import { DEMO_USER } from "./chat";
import { seedForScans, seedServiceChat, type SeededIds } from "./a11yFixtures";

export interface RouteWalk {
  server: ServerProcess;
  browser: Browser;
  publicContext: BrowserContext;
  publicPage: Page;
  /** Signed in as the demo user. */
  userPage: Page;
  ids: SeededIds;
  close: () => Promise<void>;
}

export async function openRouteWalk(): Promise<RouteWalk> {
  const server = await startServerProcess();
  const browser = await launchBrowser();
  // NOTE: no service worker, so page.route() sees every request (the a11y toast scan blocks a chunk).
  const newContext = () =>
    browser.newContext({
      ...MOBILE,
      baseURL: server.baseUrl,
      reducedMotion: "reduce",
      serviceWorkers: "block",
    });
  const publicContext = await newContext();
  const publicPage = await publicContext.newPage();
  const userPage = await (await newContext()).newPage();
  await userPage.goto("/login");
  await signInWithPhone(userPage, server.baseUrl, DEMO_USER.phone);
  await userPage.waitForURL((url) => !url.pathname.endsWith("/login"));
  const ids = await seedForScans(userPage, server.baseUrl);
  await seedServiceChat(userPage, server.baseUrl);
  return {
    server,
    browser,
    publicContext,
    publicPage,
    userPage,
    ids,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
