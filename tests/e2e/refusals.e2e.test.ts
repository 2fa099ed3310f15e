// The server's refusals read as sentences in the reader's language (issue #23 bug 2): binding your
// own invite code or one nobody has on /my shows the translated sentence of the refusal's reason,
// never the server's developer text ("body/parentInviteCode is your own invite code").
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MOBILE } from "../support/e2e/browser";
import { useBrowserAndServer } from "../support/e2e/browserAndServer";
import { signInWithPhone } from "../support/e2e/accounts";

const world = useBrowserAndServer();

/** Types `code` into /my's bind form, submits it, and expects `sentence` under the field. */
async function expectBindRefusal(
  page: Page,
  labels: { region: string; field: string; button: string },
  code: string,
  sentence: string,
): Promise<void> {
  const region = page.getByRole("region", { name: labels.region });
  await region.getByLabel(labels.field).fill(code);
  await region.getByRole("button", { name: labels.button }).click();
  const error = region.locator(".field-error");
  await expect
    .poll(async () => ((await error.count()) > 0 ? error.textContent() : ""), {
      timeout: 10_000,
    })
    .toBe(sentence);
}

it("shows a translated sentence for each refusal of the invite bind, in cn and en", async () => {
  const { browser, server } = world;
  const context = await browser.newContext({
    ...MOBILE,
    baseURL: server.baseUrl,
  });
  const page = await context.newPage();
  await page.goto("/login?redirect=%2Fmy");
  await signInWithPhone(page, server.baseUrl, "13800000021");
  await page.waitForURL("**/my");
  await page.goto("/my/invite");
  const cn = {
    region: "邀请好友",
    field: "邀请人的邀请码",
    button: "绑定邀请码",
  };
  const own = (await page
    .getByRole("region", { name: cn.region })
    .getByTestId("invite-code")
    .textContent())!.trim();

  await expectBindRefusal(page, cn, own, "不能绑定自己的邀请码");
  await expectBindRefusal(
    page,
    cn,
    "NOPE99",
    "没有找到邀请码 NOPE99，请核对后再试",
  );

  await page.goto("/en/my/invite");
  const en = {
    region: "Invite friends",
    field: "Your inviter's code",
    button: "Bind invite code",
  };
  await page.getByRole("region", { name: en.region }).waitFor();
  await expectBindRefusal(
    page,
    en,
    own,
    "You cannot bind your own invite code.",
  );
  expect(await page.content()).not.toContain("body/parentInviteCode");
  await context.close();
});
