// Issue #23, what a first-time buyer meets on the storefront pages, in Chromium against the real
// server: the monk page names the monk once; English text is set in a Latin font; the home banner
// shows its whole motif on a phone and a desktop; the chat composer keeps a text longer than a
// message may be and refuses it clearly; an empty chat with service greets the user and offers
// common questions; a product's options are chosen there, by pointer or keyboard, and the order
// form starts with the chosen one; the fate-together form asks for the birth hour as one of the
// twelve 时辰, and the staff's notice names it. (The chat tests need the user's chat with service
// empty, and the sign-up writes into it: they run in this order.)
import { describe, expect, it } from "vitest";
import type { BrowserContextOptions, Page } from "playwright-core";
import { DESKTOP, MOBILE } from "../support/e2e/browser";
import {
  DEMO_USER,
  SERVICE_STAFF,
  apiAs,
  serverTexts,
  useDemoChat,
  waitConnected,
} from "../support/e2e/chat";
import { settle, useCombo } from "../support/e2e/pageCombo";

const world = useDemoChat();

/** A page of a new signed-out context (closed with the page's context). */
async function newPage(size: BrowserContextOptions = MOBILE): Promise<Page> {
  const context = await world.browser.newContext({
    ...size,
    baseURL: world.server.baseUrl,
  });
  return context.newPage();
}

/** The id of the seeded monk whose English name has an apostrophe ("Master Jue’an"). */
async function monkWithApostrophe(): Promise<{ id: number; name: string }> {
  for (let id = 1; id < 20; id++) {
    const res = await fetch(
      `${world.server.baseUrl.replace("localhost", "127.0.0.1")}/api/app/oapi/v1/monks/${String(id)}?locale=en`,
    );
    if (!res.ok) continue;
    const { data } = (await res.json()) as { data: { name: string } };
    if (data.name.includes("’")) return { id, name: data.name };
  }
  throw new Error("no seeded monk has an apostrophe in the English name");
}

/** The fonts Chromium actually used to draw the text of the first `selector`, most glyphs first. */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", {
    nodeId: root.nodeId,
    selector,
  });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return [...fonts]
    .sort((a, b) => b.glyphCount - a.glyphCount)
    .map((font) => font.familyName);
}

describe("the monk page", () => {
  it("names the monk once, as the page heading", async () => {
    const page = await newPage();
    const monk = await monkWithApostrophe();
    await useCombo(page, "cn", "light");
    await page.goto(`/monk/${String(monk.id)}`);
    await settle(page);
    const name = (await page.locator("main h1").textContent())?.trim();
    expect(name).toMatch(/法师$/);
    expect(await page.getByText(name!, { exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it.each([
    ["phone", MOBILE],
    ["desktop", DESKTOP],
  ] as const)(
    "sets English text in a Latin font, not the CJK one (%s)",
    async (_size, size) => {
      const page = await newPage(size);
      const monk = await monkWithApostrophe();
      await useCombo(page, "en", "light");
      await page.goto(`/en/monk/${String(monk.id)}`);
      await settle(page);
      expect(await page.locator("main h1").textContent()).toBe(monk.name);
      for (const selector of ["main h1", "main .monk-card-bio"]) {
        const fonts = await renderedFonts(page, selector);
        expect(fonts.length, selector).toBeGreaterThan(0);
        expect(
          fonts.filter((f) => /CJK/i.test(f)),
          selector,
        ).toEqual([]);
      }
      // Chinese text still gets the CJK font.
      await useCombo(page, "cn", "light");
      await page.goto(`/monk/${String(monk.id)}`);
      await settle(page);
      expect((await renderedFonts(page, "main h1"))[0]).toMatch(/CJK/);
      await page.context().close();
    },
  );
});

describe("the home banner", () => {
  it.each([
    ["phone", MOBILE],
    ["desktop", DESKTOP],
  ] as const)(
    "shows the whole sun, temple and clouds, with hills across (%s)",
    async (_size, size) => {
      const page = await newPage(size);
      await useCombo(page, "cn", "light");
      await page.goto("/");
      await settle(page);
      const { hero, shapes, hills } = await page.evaluate(() => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        const art = document.querySelector(".hero-art")!;
        const hill = [...art.querySelectorAll(":scope > path")].find(
          (p) => p.getAttribute("fill") === "var(--hero-hill)",
        )!;
        return {
          hero: box(document.querySelector(".hero")!),
          shapes: [
            ...art.querySelectorAll(
              ":scope > circle, :scope > g, :scope > rect",
            ),
            ...art.querySelectorAll(':scope > path[fill="var(--hero-cloud)"]'),
          ].map((el) => ({ name: el.outerHTML.slice(0, 40), ...box(el) })),
          hills: box(hill),
        };
      });
      expect(shapes.length).toBe(5);
      for (const shape of shapes) {
        expect(shape.top, shape.name).toBeGreaterThanOrEqual(hero.top);
        expect(shape.left, shape.name).toBeGreaterThanOrEqual(hero.left);
        expect(shape.right, shape.name).toBeLessThanOrEqual(hero.right);
        expect(shape.bottom, shape.name).toBeLessThanOrEqual(hero.bottom);
      }
      expect(hills.left).toBeLessThanOrEqual(hero.left);
      expect(hills.right).toBeGreaterThanOrEqual(hero.right - 1);
      await page.context().close();
    },
  );
});

describe("the chat composer", () => {
  it("keeps a 6,000-character text, says it is too long and does not send it", async () => {
    const { page } = await world.open(
      world.userState,
      `/destiny?chat=${SERVICE_STAFF.imId}`,
    );
    await waitConnected(page);
    const box = page.getByRole("textbox", {
      name: `给 ${SERVICE_STAFF.name} 发消息`,
    });
    const send = page.getByRole("button", { name: "发送", exact: true });
    await box.fill("福".repeat(4600));
    await page.getByText("4600 / 5000 字").waitFor();
    expect(await send.isDisabled()).toBe(false);

    await box.fill("福".repeat(6000));
    expect(await box.inputValue()).toHaveLength(6000);
    await page
      .getByRole("alert")
      .getByText(
        "消息过长，无法发送：最多 5000 字，当前 6000 字。请删减后再发。",
      )
      .waitFor();
    expect(await send.isDisabled()).toBe(true);
    await box.press("Enter");
    expect(await box.inputValue()).toHaveLength(6000);
    expect(await page.locator(".thread .msg").count()).toBe(0);
  });
});

describe("an empty chat with service", () => {
  it("greets the user and sends a common question with one tap", async () => {
    const { page } = await world.open(world.userState, "/favicon.svg");
    // In English first (translated greeting and questions), then in Chinese.
    await useCombo(page, "en", "light");
    await page.goto(`/en/destiny?chat=${SERVICE_STAFF.imId}`);
    const english = page.getByRole("region", {
      name: "Hello, welcome to Fuyuan service. How can we help?",
    });
    await english
      .getByRole("button", { name: "Where can I follow my order?" })
      .waitFor();
    await useCombo(page, "cn", "light");
    await page.goto(`/destiny?chat=${SERVICE_STAFF.imId}`);
    await waitConnected(page);
    const welcome = page.getByRole("region", {
      name: "您好，欢迎来到福缘客服。有什么可以帮您？",
    });
    await welcome.waitFor();
    expect(await page.getByText("— 以上是全部聊天记录 —").count()).toBe(0);
    const questions = welcome.getByRole("button");
    expect(await questions.count()).toBeGreaterThanOrEqual(3);
    const question = (await questions.nth(1).textContent())!;
    await questions.nth(1).click();
    await page.locator(".thread .msg", { hasText: question }).waitFor();
    await welcome.waitFor({ state: "detached" });
    await expect
      .poll(() => serverTexts(page, DEMO_USER.imId, SERVICE_STAFF.imId))
      .toEqual([question]);
  });
});

describe("the product options", () => {
  it("are a radio group whose choice the order form starts with", async () => {
    const { page } = await world.open(world.userState, "/productDetails/1");
    await settle(page);
    const group = page.getByRole("radiogroup", { name: "可选方案" });
    const radios = group.getByRole("radio");
    expect(await radios.count()).toBeGreaterThan(2);
    expect(await radios.nth(0).isChecked()).toBe(true);

    // Keyboard: the arrow keys move the choice.
    await radios.nth(0).focus();
    await page.keyboard.press("ArrowDown");
    expect(await radios.nth(1).isChecked()).toBe(true);
    expect(await radios.nth(0).isChecked()).toBe(false);
    // Pointer: a tap anywhere on a tile chooses it.
    const tile = group.locator("label").nth(2);
    const label = (await tile.locator(".option-label").textContent())!;
    await tile.locator(".option-price").click();
    expect(await radios.nth(2).isChecked()).toBe(true);
    expect(await radios.nth(1).isChecked()).toBe(false);

    await page.getByRole("link", { name: "立即下单" }).click();
    await page.waitForURL((url) =>
      url.pathname.startsWith("/productDetails/orderConfirm/"),
    );
    await page.getByRole("heading", { level: 1, name: "确认订单" }).waitFor();
    const chosen = page.getByRole("radio", { name: label });
    expect(await chosen.isChecked()).toBe(true);
    expect(await page.getByRole("radio", { checked: true }).count()).toBe(1);
  });
});

describe("the fate-together form", () => {
  it.each([
    [
      "en",
      "Hour of birth (optional)",
      "Unknown",
      "Zi (23:00–00:59)",
      "Hai (21:00–22:59)",
    ],
    [
      "tw",
      "出生時辰（可選）",
      "不詳",
      "子時（23:00–00:59）",
      "亥時（21:00–22:59）",
    ],
  ] as const)(
    "offers the twelve 时辰 in %s",
    async (locale, label, unknown, first, last) => {
      const { page } = await world.open(world.userState, "/favicon.svg");
      await useCombo(page, locale, "light");
      await page.goto(`/${locale}/register`);
      await settle(page);
      const options = await page
        .getByLabel(label)
        .locator("option")
        .allTextContents();
      expect(options).toHaveLength(13);
      expect([options[0], options[1], options[12]]).toEqual([
        unknown,
        first,
        last,
      ]);
    },
  );

  it("signs up with a 时辰, stored as its first hour and named in the staff's notice", async () => {
    const { page } = await world.open(world.userState, "/register");
    await settle(page);
    const hour = page.getByLabel("出生时辰（可选）");
    const options = await hour.locator("option").allTextContents();
    expect(options).toEqual([
      "不详",
      "子时（23:00–00:59）",
      "丑时（01:00–02:59）",
      "寅时（03:00–04:59）",
      "卯时（05:00–06:59）",
      "辰时（07:00–08:59）",
      "巳时（09:00–10:59）",
      "午时（11:00–12:59）",
      "未时（13:00–14:59）",
      "申时（15:00–16:59）",
      "酉时（17:00–18:59）",
      "戌时（19:00–20:59）",
      "亥时（21:00–22:59）",
    ]);
    await page.getByLabel("姓名", { exact: true }).fill("林晓");
    await page.getByLabel("女", { exact: true }).check();
    await page.getByLabel("出生日期").fill("1994-05-20");
    await hour.selectOption({ label: "子时（23:00–00:59）" });
    await page.getByLabel("心愿", { exact: true }).fill("愿得良缘");
    await page.getByRole("button", { name: /提交|报名/ }).click();
    await page.getByText("报名信息已保存").waitFor();

    const mine = await apiAs<{ birthHour: number | null }>(
      page,
      "fate/v1/mine",
    );
    expect(mine.birthHour).toBe(23);
    await expect
      .poll(async () =>
        (await serverTexts(page, DEMO_USER.imId, SERVICE_STAFF.imId)).join(
          "\n",
        ),
      )
      .toContain("出生：1994-05-20 子时（23:00–00:59）");

    // Reopened, the form shows the stored hour's 时辰.
    await page.reload();
    await settle(page);
    expect(
      await page
        .getByLabel("出生时辰（可选）")
        .evaluate(
          (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent,
        ),
    ).toBe("子时（23:00–00:59）");
  });
});
