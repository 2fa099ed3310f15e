// Issue 8 in Chromium against the built PWA served by the real server: the service worker installs
// and controls the page, the app is installable, an offline reload shows the shell and a visited
// page, a new deploy reloads the tab on its next navigation (not while a draft is pending, and other
// tabs follow), and a removed chunk causes exactly one reload. Needs a build first (STATIC_DIR or dist/).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { freePort } from "../support/e2e/serverProcess";
import {
  launchBrowser,
  launchPersistent,
  MOBILE,
  watchErrors,
} from "../support/e2e/browser";
import {
  buildNextDeploy,
  builtApp,
  startDeployServer,
  type DeployedServer,
} from "../support/e2e/deploy";
import { within } from "../support/within";
import { setNetwork } from "../support/e2e/network";
import {
  traceTab,
  updateState,
  watchServiceWorker,
  watchTab,
} from "../support/e2e/tabWatch";

interface Envelope<T> {
  code: number;
  data: T;
}
interface Home {
  featured: { title: string }[];
}

let builtDir = "";
let nextDist = "";
let dataDir = "";
let port = 0;
let baseUrl = "";
let server: DeployedServer | null = null;
let persistent: { context: BrowserContext; close: () => Promise<void> };
let page: Page;

/** The real server on the fixed test port and data dir, serving `staticDir` (a "deploy"). */
function startServer(staticDir: string): Promise<DeployedServer> {
  return startDeployServer({ port, dataDir, staticDir, publicUrl: baseUrl });
}

async function featuredTitle(): Promise<string> {
  const res = await fetch(
    `http://127.0.0.1:${port}/api/app/oapi/v1/home?locale=cn`,
  );
  const body = (await res.json()) as Envelope<Home>;
  const title = body.data.featured[0]?.title;
  if (title === undefined) throw new Error("no featured product");
  return title;
}

/** How long a tab may take to run a script (Playwright's evaluate waits out navigations unbounded). */
const ANSWER_MS = 15_000;

/** `p.evaluate(fn)`, failing with `what` when the tab does not answer in time (a stuck navigation). */
function evaluateWithin<T>(p: Page, what: string, fn: () => T): Promise<T> {
  return within<T>(
    `${p.url()} running a script (${what})`,
    ANSWER_MS,
    p.evaluate(fn),
  );
}

const buildLabel = (p: Page) =>
  evaluateWithin(
    p,
    "reading its build label",
    () => document.documentElement.dataset.build ?? "",
  );

beforeAll(async () => {
  builtDir = builtApp();
  nextDist = await mkdtemp(join(tmpdir(), "fuyuan-next-dist-"));
  dataDir = await mkdtemp(join(tmpdir(), "fuyuan-e2e-pwa-"));
  port = await freePort();
  baseUrl = `http://localhost:${port}`;
  // The "next deploy": the same sources built with a different label, so every hash changes.
  const building = buildNextDeploy(nextDist);
  server = await startServer(builtDir);
  persistent = await launchPersistent(MOBILE);
  page = await persistent.context.newPage();
  await building;
}, 240_000);

afterAll(async () => {
  await persistent.close();
  await server?.stop();
  await rm(nextDist, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe("service worker and manifest", () => {
  test("the service worker installs and controls the page; the app is installable", async () => {
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(
      () => navigator.serviceWorker.controller !== null,
    );
    // The shell links no manifest (it would compete with the first page's scripts); the tab links
    // it once the page has settled, and Chromium finds the app installable from that link.
    const shell = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(shell).toContain('<div id="app">');
    expect(shell).not.toContain("manifest");
    await page
      .locator('head link[rel="manifest"][href="/manifest.webmanifest"]')
      .waitFor({ state: "attached" });
    const cdp = await persistent.context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send(
      "Page.getInstallabilityErrors",
    )) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (
      await fetch(
        `${baseUrl.replace("localhost", "127.0.0.1")}/manifest.webmanifest`,
      )
    ).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      short_name: "福缘",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#75502F",
      lang: "zh-CN",
    });
    for (const file of ["sw.js", "manifest.webmanifest"]) {
      const res = await fetch(`http://127.0.0.1:${port}/${file}`);
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
    expect(await buildLabel(page)).toBe("");
    expect(errors).toEqual([]);
  });
});

describe("offline", () => {
  test("an offline reload shows the shell and a previously visited public page", async () => {
    const title = await featuredTitle();
    await page.goto(`${baseUrl}/`);
    await page.getByText(title, { exact: true }).first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Visited while the service worker controls the page, so its content API calls are cached.
    await page.reload();
    await page.waitForFunction(
      () => navigator.serviceWorker.controller !== null,
    );
    await page.getByText(title, { exact: true }).first().waitFor();
    await page.goto(`${baseUrl}/templeStyle`);
    await page.waitForFunction(
      () => navigator.serviceWorker.controller !== null,
    );
    await page.waitForLoadState("networkidle");
    const templeText = (
      await page.locator("main h2, main h3").first().innerText()
    ).trim();
    expect(templeText).not.toBe("");

    await server?.stop();
    server = null;
    await setNetwork(persistent.context, page, false);
    await page.goto(`${baseUrl}/`);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.getByText(title, { exact: true }).first().waitFor();
    await page.getByRole("status").filter({ hasText: "离线 · " }).waitFor();
    await page.goto(`${baseUrl}/templeStyle`);
    await page.getByText(templeText, { exact: true }).first().waitFor();
    await expect(
      page.locator(".tab-bar, nav").first().isVisible(),
    ).resolves.toBe(true);
  });
});

describe("updates", () => {
  test("a new deploy reloads on the next navigation, not while a draft is pending; other tabs follow", async ({
    onTestFailed,
    onTestFinished,
  }) => {
    const trace = traceTab(
      { onTestFailed, onTestFinished },
      page,
      () => server?.output(),
      { name: "this tab", state: updateState },
    );
    await watchServiceWorker(page, "this tab", trace);
    trace.step("back online");
    await setNetwork(persistent.context, page, true);
    trace.step("start the server with the next build");
    server = await startServer(nextDist);
    trace.step("open / in this tab");
    await page.goto(`${baseUrl}/`);
    trace.step("open /blessing in another tab");
    const other = await persistent.context.newPage();
    watchTab(other, "other tab", trace);
    trace.detail("other tab", () => updateState(other));
    await other.goto(`${baseUrl}/blessing`);
    expect(await buildLabel(page)).toBe("");
    expect(await buildLabel(other)).toBe("");
    await evaluateWithin(page, "marking the page and focusing it", () => {
      (window as unknown as { marker: number }).marker = 1;
      window.dispatchEvent(new Event("focus"));
    });
    trace.step("wait for the update prompt");
    await page
      .getByText("新版本已就绪", { exact: false })
      .first()
      .waitFor({ timeout: 30_000 });

    // Another tab's composer has a draft: navigating must not reload this tab.
    trace.step("navigate to /services with a draft pending");
    await evaluateWithin(page, "setting another tab's draft flag", () => {
      localStorage.setItem(
        "fuyuan-draft-active",
        JSON.stringify({ "other-tab": Date.now() }),
      );
    });
    await page.locator('a[href="/services"]').first().click();
    await page.waitForURL(`${baseUrl}/services`);
    trace.step("wait for the held-update notice");
    await page.getByText("输入完成并发送后更新").waitFor();
    expect(
      await evaluateWithin(
        page,
        "reading the marker",
        () => (window as unknown as { marker?: number }).marker,
      ),
    ).toBe(1);
    expect(await buildLabel(page)).toBe("");

    // The draft is sent: the next navigation activates the new build and reloads.
    trace.step(
      "clear the draft: wait for the banner to say the next navigation updates",
    );
    await evaluateWithin(page, "clearing the draft flag", () => {
      localStorage.removeItem("fuyuan-draft-active");
    });
    await page.getByText("新版本已就绪，切换页面时自动更新").waitFor();
    trace.step("navigate to /: wait for the next build");
    await page.locator('a[href="/"]').first().click();
    await page.waitForFunction(
      () => document.documentElement.dataset.build === "next",
      null,
      {
        timeout: 30_000,
      },
    );
    expect(new URL(page.url()).pathname).toBe("/");

    // The other tab of the old build follows on its next navigation.
    trace.step("navigate the other tab to /: wait for the next build there");
    await other.locator('a[href="/"]').first().click();
    await other.waitForFunction(
      () => document.documentElement.dataset.build === "next",
      null,
      {
        timeout: 30_000,
      },
    );
    trace.step("close the other tab");
    await other.close();
    // NOTE: longer than the file's 60 s: a restart and a build switch, each wait bounded on its own
    // (30 s, the server start 90 s), so a slow step fails with its own error and the trace above.
  }, 180_000);
});

describe("chunk-load guard", () => {
  test("a removed route chunk triggers one reload, not a loop", async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        ...MOBILE,
        serviceWorkers: "block",
      });
      const tab = await context.newPage();
      await context.route(/\/assets\/services-[\w-]+\.js$/, (route) =>
        route.abort(),
      );
      let loads = 0;
      tab.on("load", () => {
        loads += 1;
      });
      await tab.goto(`${baseUrl}/`);
      await tab.locator('a[href="/services"]').first().waitFor();
      await tab.locator('a[href="/services"]').first().click();
      await tab.getByText("内容加载失败").waitFor({ timeout: 20_000 });
      await tab.waitForTimeout(1500);
      expect(loads).toBe(2);
      // Our guard took the one reload; TanStack Router's own reload-once did not add another.
      expect(
        await tab.evaluate(() =>
          Object.keys(sessionStorage).filter((k) =>
            k.startsWith("fuyuan-chunk-reload:"),
          ),
        ),
      ).toEqual(["fuyuan-chunk-reload:/services"]);
      expect(new URL(tab.url()).pathname).toBe("/services");
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
