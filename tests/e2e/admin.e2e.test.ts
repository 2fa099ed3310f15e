// Issue #22 in Chromium: an admin (the demo user, made one with `npm run admin -- user:grant`
// before the server starts, as an operator would) opens the admin pages from /my, approves a
// manager application and grants a role in the app, and the audit viewer shows both; the
// applicant's account has the new roles. A second admin (the demo manager) creates a product with
// an uploaded cover, which the shop then offers, reprices it and hides it: the shop's page is gone.
import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, MOBILE } from "../support/e2e/browser";
import {
  startServerProcess,
  type ServerProcess,
} from "../support/e2e/serverProcess";
import { signedInOnMy } from "../support/e2e/accounts";
import { apiAs } from "../support/e2e/chat";
import { solidPng } from "../support/e2e/pngFixture";

const run = promisify(execFile);
const TSX = "node_modules/tsx/dist/cli.mjs";

let browser: Browser;
let server: ServerProcess;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "fuyuan-e2e-admin-"));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  // NOTE: the embedded database is one process's: seed and grant before the server opens it.
  await run(process.execPath, [TSX, "server/db/seedCli.ts"], { env });
  // NOTE: two admins: a phone gets one login code a minute, and each test signs in its own.
  for (const imId of ["demo_user", "demo_manager"])
    await run(
      process.execPath,
      [TSX, "server/adminCli.ts", "user:grant", imId, "admin"],
      { env },
    );
  browser = await launchBrowser();
  server = await startServerProcess({ DATA_DIR: dataDir });
}, 180_000);
afterAll(async () => {
  await server.stop();
  await browser.close();
});

it("an admin approves a manager application and grants a role; the audit log shows both", async () => {
  const applicant = await signedInOnMy(browser, server.baseUrl, "13800000081");
  const me = await apiAs<{ imId: string; nickname: string }>(
    applicant.page,
    "user/v1/info",
  );
  await apiAs(applicant.page, "manager/v1/apply", {
    method: "POST",
    body: {
      name: "林静",
      phone: "13800000081",
      region: "浙江杭州",
      reason: "我在社区组织祈福活动",
    },
  });

  const admin = await signedInOnMy(browser, server.baseUrl, "13800000001");
  const page = admin.page;
  await page.getByRole("link", { name: "管理后台" }).click();
  await page.waitForURL("**/admin/applications");
  const card = page.getByRole("article", { name: "林静" });
  await card.getByText("138****0081").waitFor();
  await card.getByRole("button", { name: "通过", exact: true }).click();
  await card.getByRole("button", { name: "确认通过" }).click();
  await page.getByText("没有待审核的申请").waitFor({ timeout: 15_000 });

  await page.getByRole("link", { name: "用户与身份" }).click();
  await page.getByRole("searchbox", { name: "查找用户" }).fill(me.imId);
  await page.getByRole("button", { name: "查找", exact: true }).click();
  const user = page.getByRole("article", { name: me.nickname });
  await expect
    .poll(() =>
      user
        .getByRole("button", { name: "推广经理" })
        .getAttribute("aria-pressed"),
    )
    .toBe("true");
  await user.getByRole("button", { name: "客服" }).click();
  await user.getByRole("button", { name: "确认" }).click();
  await expect
    .poll(
      () =>
        user.getByRole("button", { name: "客服" }).getAttribute("aria-pressed"),
      { timeout: 15_000 },
    )
    .toBe("true");

  await page.getByRole("link", { name: "操作日志" }).click();
  const rows = page
    .getByRole("list", { name: "操作记录" })
    .getByRole("article");
  await rows.first().waitFor();
  const role = rows.filter({ hasText: "身份变更" }).first();
  await role.getByText(`用户 ${me.nickname} (${me.imId})`).waitFor();
  await role.getByText("客服", { exact: true }).waitFor();
  await role.getByText("授予", { exact: true }).waitFor();
  const approval = rows.filter({ hasText: "通过经理申请" }).first();
  await approval.getByText(`经理申请 ${me.nickname} (${me.imId})`).waitFor();
  await approval.getByText("善信小福").waitFor();

  const info = await apiAs<{ isManager: number; isService: number }>(
    applicant.page,
    "user/v1/info",
  );
  expect(info).toMatchObject({ isManager: 1, isService: 1 });
  expect(admin.errors).toEqual([]);
  await applicant.context.close();
  await admin.context.close();
});

it("an admin creates a product with a cover, reprices it and hides it; the shop follows", async () => {
  const admin = await signedInOnMy(browser, server.baseUrl, "13800000004");
  const page = admin.page;
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "新建商品" }).click();
  await page.getByRole("heading", { level: 2, name: "新建商品" }).waitFor();
  // NOTE: Chromium reads a space before the visually hidden part of a label ("标题 （English）").
  const box = (name: string) =>
    page.getByRole("textbox", {
      name: new RegExp(`^${name.replaceAll("（", "\\s?（")}$`),
    });
  await page.getByRole("combobox", { name: "类别" }).selectOption("prayer");
  await box("链接名").fill("morning-bell-lamp");
  for (const [language, title] of [
    ["简体中文", "晨钟祈福灯"],
    ["繁體中文", "晨鐘祈福燈"],
    ["English", "Morning bell lamp"],
  ] as const) {
    await box(`标题（${language}）`).fill(title);
    await box(`简介（${language}）`).fill(`${title}：为家人祈福`);
    await box(`详细介绍（${language}）`).fill(`${title}\n\n每日晨钟时点亮。`);
    await box(`名称（${language}）（规格 1）`).fill(
      language === "English" ? "A month" : "一个月",
    );
  }
  await box("价格（元）（规格 1）").fill("68");
  await page.getByLabel("选择图片").setInputFiles({
    name: "bell.png",
    mimeType: "image/png",
    buffer: solidPng(320, 240, [180, 60, 40]),
  });
  await page.getByText("已上传，保存后生效").waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: "创建商品" }).click();
  const row = page.getByRole("article", { name: "晨钟祈福灯" });
  await row.getByText("¥68.00").waitFor({ timeout: 15_000 });
  const { list } = await apiAs<{
    list: { id: number; slug: string; cover: string }[];
  }>(page, "admin/v1/products");
  const created = list.find((p) => p.slug === "morning-bell-lamp");
  expect(created?.cover).toMatch(/^\/media\//);
  const productPath = `/productDetails/${String(created?.id)}`;

  const shopper = await browser.newContext({
    ...MOBILE,
    baseURL: server.baseUrl,
  });
  const shop = await shopper.newPage();
  await shop.goto(productPath);
  await shop
    .getByRole("heading", { level: 1, name: "晨钟祈福灯" })
    .waitFor({ timeout: 15_000 });
  await shop.getByText("¥68.00").first().waitFor();

  await row.getByRole("link", { name: "编辑 晨钟祈福灯" }).click();
  await box("价格（元）（规格 1）").fill("88.50");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await row.getByText("¥88.50").waitFor({ timeout: 15_000 });
  await shop.reload();
  await shop.getByText("¥88.50").first().waitFor({ timeout: 15_000 });

  await row.getByRole("button", { name: "下架" }).click();
  await row.getByRole("button", { name: "确认下架" }).click();
  await row.getByText("已下架").waitFor({ timeout: 15_000 });
  await shop.goto(productPath);
  await shop
    .getByRole("heading", { name: "404: 页面找不到" })
    .waitFor({ timeout: 15_000 });

  expect(admin.errors).toEqual([]);
  await shopper.close();
  await admin.context.close();
});
