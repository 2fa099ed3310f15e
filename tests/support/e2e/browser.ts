// Launches Debian's Chromium through playwright-core (never a downloaded browser) with the
// flags this machine needs, and collects page console errors for assertions. In a browser test,
// every context it opens is traced for the failure report (failureTraces.ts).
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { traceContext, traceContextsOf } from "./failureTraces";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const MOBILE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: false,
  hasTouch: true,
};

export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
};

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  traceContextsOf(browser);
  return browser;
}

/** A persistent profile (needed for service workers and storage surviving a context restart). */
export async function launchPersistent(
  options: BrowserContextOptions = MOBILE,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "fuyuan-chromium-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...options,
  });
  await traceContext(context);
  return {
    context,
    close: async () => {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Records console errors and uncaught page errors so tests can assert a clean run. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}
