// Issue #23: the order page after paying shows a warm success state, a lamp being lit, instead of
// a grey box. Paid before the user's eyes, the flame catches (a CSS animation on the inline SVG);
// with prefers-reduced-motion nothing moves; an order opened already paid shows the lamp lit.
// Set SCREENSHOT_DIR to keep a picture of the paid page.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserAndServer } from "../support/e2e/browserAndServer";
import { signedInOnMy } from "../support/e2e/accounts";
import { approveAtCashier } from "../support/e2e/a11yFixtures";
import { placeOrder } from "../support/e2e/orders";

const world = useBrowserAndServer();

function flameAnimation(page: Page): Promise<string> {
  return page
    .locator(".blessing-lamp-flame")
    .evaluate((flame) => getComputedStyle(flame).animationName);
}

it("lights the lamp when the order gets paid, and keeps it still for reduced motion", async () => {
  const { browser, server } = world;
  const { context, page, errors } = await signedInOnMy(
    browser,
    server.baseUrl,
    "13800000061",
  );
  const masterOrderNo = await placeOrder(page);
  await page.goto(`/order?masterOrderNo=${masterOrderNo}`);
  await page.getByRole("button", { name: "立即支付" }).click();
  const cashierUrl = await page
    .getByRole("link", { name: "打开模拟收银台" })
    .getAttribute("href");
  await approveAtCashier(server.baseUrl, cashierUrl!);

  const blessing = page.getByRole("region", { name: "心灯已燃" });
  await blessing.waitFor({ timeout: 15_000 });
  expect(await blessing.getByRole("status").textContent()).toBe(
    "支付成功，法师将如法为您操办。",
  );
  await blessing.getByText("愿您福慧增长，所愿皆成。").waitFor();
  expect(await blessing.getAttribute("class")).toContain("is-lighting");
  expect(await flameAnimation(page)).toMatch(/blessing-catch/);
  const dir = process.env.SCREENSHOT_DIR;
  if (dir !== undefined)
    await page.screenshot({ path: `${dir}/order-paid.png`, fullPage: true });

  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await flameAnimation(page)).toBe("none");

  // Opened again later: lit, not lit again.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.reload();
  await blessing.waitFor();
  expect(await blessing.getAttribute("class")).not.toContain("is-lighting");
  expect(await flameAnimation(page)).toBe("none");
  expect(
    await page.locator(".blessing-lamp-flame").evaluate((flame) => {
      const box = flame.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    }),
  ).toBe(true);
  expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual(
    [],
  );
  await context.close();
});
