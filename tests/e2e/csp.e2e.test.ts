// The built PWA under its Content-Security-Policy in Chromium, served by the real server: the shell
// arrives with the strict policy (no eval, no inline script but the shell's colour-mode script, by
// its hash), which applies a stored dark mode before the app's script runs; the app boots, signs
// in, opens the chat socket (the server sees the user online) and renders several pages without
// one CSP violation (securitypolicyviolation events and console reports) or Permissions-Policy
// header complaint; and the policy is really enforced: an injected inline script and a string
// timer (eval) are refused.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, MOBILE } from "../support/e2e/browser";
import {
  startServerProcess,
  type ServerProcess,
} from "../support/e2e/serverProcess";
import { signInWithPhone } from "../support/e2e/accounts";
import {
  DEMO_USER,
  serverSaysOnline,
  waitConnected,
} from "../support/e2e/chat";

declare global {
  interface Window {
    __cspViolations?: string[];
    __inlineRan?: boolean;
  }
}

let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Console lines about the policies (refusals, and header features Chromium does not know). */
const cspConsole: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  context = await browser.newContext({ ...MOBILE, baseURL: server.baseUrl });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${String(event.lineNumber)}`,
      );
    });
  });
  page = await context.newPage();
  page.on("console", (message) => {
    if (
      /Content Security Policy|Refused to|Permissions-Policy/i.test(
        message.text(),
      )
    )
      cspConsole.push(message.text());
  });
});

afterAll(async () => {
  await context.close();
  await browser.close();
  await server.stop();
});

async function violations(): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

describe("Content-Security-Policy in Chromium", () => {
  it("serves the shell with a strict policy whose only inline script is the colour mode's, by its hash", async () => {
    const response = await fetch(new URL("/", server.baseUrl), {
      headers: { accept: "text/html" },
    });
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    const html = await response.text();
    const inline = [
      ...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g),
    ].filter(
      ([, attributes, body]) =>
        !/\bsrc=/.test(attributes ?? "") || (body ?? "").trim() !== "",
    );
    expect(inline).toHaveLength(1);
    const body = inline[0]?.[2] ?? "";
    expect(body).toContain("colorMode");
    const hash = `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
    expect(scriptSrc.split(" ").filter((s) => s.startsWith("'sha"))).toEqual([
      hash,
    ]);
  });

  it("applies a stored dark mode before the app's script runs", async () => {
    await page.goto("/favicon.svg");
    await page.evaluate(() => {
      localStorage.setItem("colorMode", "dark");
    });
    // The entry never arrives: only the shell's inline script can set the mode.
    await page.route("**/assets/index-*.js", (route) => route.abort());
    await page.goto("/");
    expect(
      await page.evaluate(() => document.documentElement.dataset.theme),
    ).toBe("dark");
    await page.unroute("**/assets/index-*.js");
    await page.evaluate(() => {
      localStorage.removeItem("colorMode");
    });
    expect(await violations()).toEqual([]);
  });

  it("boots, signs in and opens the chat socket without a violation", async () => {
    await page.goto("/login?redirect=%2Fdestiny");
    await signInWithPhone(page, server.baseUrl, DEMO_USER.phone);
    await page.waitForURL("**/destiny**");
    await waitConnected(page);
    await expect
      .poll(() => serverSaysOnline(page, DEMO_USER.imId), { timeout: 30_000 })
      .toBe(true);
    for (const path of ["/", "/my", "/destiny"]) {
      await page.goto(path);
      await page.locator("#app main").first().waitFor();
    }
    await waitConnected(page);
    expect(await violations()).toEqual([]);
    expect(cspConsole).toEqual([]);
  });

  it("enforces the policy: an injected inline script and a string timer are refused", async () => {
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__inlineRan = true";
      document.head.append(script);
      return window.__inlineRan === true;
    });
    expect(ran).toBe(false);
    // NOTE: eval inside page.evaluate escapes the policy (DevTools evaluation); a string timer is
    // compiled by the page itself when it fires.
    await page.evaluate(() => {
      (setTimeout as (code: string, ms: number) => number)(
        "window.__inlineRan = true",
        0,
      );
    });
    await expect
      .poll(violations)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^script-src-elem blocked inline/),
          expect.stringMatching(/^script-src blocked eval/),
        ]),
      );
    expect(await page.evaluate(() => window.__inlineRan === true)).toBe(false);
  });
});
