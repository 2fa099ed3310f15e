// Issue #23, bug 1 and its class: no control may sit under another element. Every page of the
// route tree (public pages signed out, the others as the demo user, dynamic ones with real ids) and
// the open chat thread, on a phone (390×844) and a desktop (1280×800), in cn, tw and en: every
// visible button, link and input is scrolled into view and hit-tested at its centre
// (support/coveredControls.ts). Plus the tap that lost sales: 立即下单 on a product and 提交订单 on
// the order form, tapped where a thumb would, reach their own buttons and not the tab bar's 我的.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MOBILE } from "../support/e2e/browser";
import { signInWithPhone } from "../support/e2e/accounts";
import { SERVICE_STAFF } from "../support/e2e/chat";

/** The demo monk (慧明法师): nobody has written to him in this world. */
const MONK_PHONE = "13800000003";
import type { SeededIds } from "../support/e2e/a11yFixtures";
import { LOCALES, localized, PAGES } from "../support/e2e/a11yRoutes";
import { settle, useCombo } from "../support/e2e/pageCombo";
import { coveredControls } from "../support/e2e/coveredControls";
import { openRouteWalk, type RouteWalk } from "../support/e2e/routeWalk";

// NOTE: one signed-in context for both sizes (a second sign-in of the same phone would wait out
// the code's resend cooldown); the viewport is what the layout depends on.
const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

let walk: RouteWalk;
let publicPage: Page;
let userPage: Page;
let ids: SeededIds;

beforeAll(async () => {
  walk = await openRouteWalk();
  ({ publicPage, userPage, ids } = walk);
});

afterAll(async () => {
  await walk.close();
});

describe.each(SIZES)("on a %s", (_size, viewport) => {
  beforeAll(async () => {
    await publicPage.setViewportSize(viewport);
    await userPage.setViewportSize(viewport);
  });

  it.each(LOCALES)(
    "no control of any page is covered by another element (%s)",
    async (locale) => {
      await useCombo(publicPage, locale, "light");
      await useCombo(userPage, locale, "light");
      const found: string[] = [];
      const visit = async (page: Page, path: string) => {
        await page.goto(localized(locale, path));
        await settle(page);
        expect(await page.locator("#not-found-title").count(), path).toBe(0);
        for (const line of await coveredControls(page))
          found.push(`${path} · ${locale}: ${line}`);
      };
      for (const entry of PAGES)
        await visit(entry.signedIn ? userPage : publicPage, entry.path(ids));
      await visit(userPage, `/destiny?chat=${SERVICE_STAFF.imId}`);
      expect(found).toEqual([]);
    },
  );

  /** Taps the centre of the first `selector` as a thumb would (no actionability checks). */
  async function tapCentre(page: Page, selector: string): Promise<void> {
    const target = page.locator(selector).first();
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (box === null) throw new Error(`${selector} has no box`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  it("a tap on 立即下单 opens the order form, and 提交订单 submits it", async () => {
    await useCombo(userPage, "cn", "light");
    await userPage.goto(`/productDetails/${ids.productId}`);
    await settle(userPage);
    await tapCentre(userPage, ".product-order-bar .btn");
    await userPage.waitForURL(
      (url) => url.pathname === `/productDetails/orderConfirm/${ids.productId}`,
    );
    await settle(userPage);
    // An empty form: the tap reaches the submit button, which marks the missing fields.
    await tapCentre(userPage, '.order-submit-bar button[type="submit"]');
    await userPage.locator('[aria-invalid="true"]').first().waitFor();
    expect(new URL(userPage.url()).pathname).toBe(
      `/productDetails/orderConfirm/${ids.productId}`,
    );
  });

  it.each(LOCALES)(
    "the home entry to Fate Together opens a page of the same name (%s)",
    async (locale) => {
      await useCombo(publicPage, locale, "light");
      await publicPage.goto(localized(locale, "/"));
      await settle(publicPage);
      const entry = publicPage.locator('a.entry[href$="/fateTogether"]');
      const label = (await entry.textContent())?.trim();
      await entry.click();
      await publicPage.waitForURL((url) =>
        url.pathname.endsWith("/fateTogether"),
      );
      await settle(publicPage);
      expect(label).toBeTruthy();
      expect(
        (await publicPage.locator("main h1").first().textContent())?.trim(),
      ).toBe(label);
    },
  );
});

it("the header and the tab bar blur what scrolls under them, in the built CSS too", async () => {
  // NOTE: LightningCSS drops a standard backdrop-filter written beside a hand-written -webkit- one,
  // and Chromium ignores the prefixed one: the sign-in terms showed through the tab bar.
  await publicPage.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ["light", "dark"] as const) {
    await useCombo(publicPage, "en", scheme);
    await publicPage.goto(localized("en", "/login"));
    await settle(publicPage);
    const filters = await publicPage.evaluate(() =>
      [".shell-header", ".tabbar"].map((selector) => {
        const element = document.querySelector(selector);
        return element === null
          ? `${selector}: missing`
          : `${selector}: ${getComputedStyle(element).backdropFilter}`;
      }),
    );
    expect(filters, scheme).toEqual([
      ".shell-header: saturate(1.4) blur(12px)",
      ".tabbar: blur(12px)",
    ]);
  }
});

it("does not advise staff to contact service on their own empty chat list", async () => {
  const context = await walk.browser.newContext({
    ...MOBILE,
    baseURL: walk.server.baseUrl,
  });
  const monk = await context.newPage();
  await monk.goto("/login");
  await signInWithPhone(monk, walk.server.baseUrl, MONK_PHONE);
  await monk.waitForURL((url) => !url.pathname.endsWith("/login"));
  await monk.goto("/destiny");
  await monk.getByText("还没有会话。用户发来的消息会显示在这里。").waitFor();
  const empty = monk.locator(".conv-empty");
  expect(await empty.getByRole("button", { name: "联系客服" }).count()).toBe(0);
  await context.close();
});
