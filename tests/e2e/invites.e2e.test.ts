// Invite attribution survives browsing and signing in (issue #23 bug 4): a friend arrives through
// the inviter's link, browses away (the code leaves the URL), signs in from the tab bar, and is
// offered the bind with one tap on the page they are on; the inviter's record then counts them.
import { expect, it } from "vitest";
import { MOBILE } from "../support/e2e/browser";
import { useBrowserAndServer } from "../support/e2e/browserAndServer";
import { signInWithPhone } from "../support/e2e/accounts";

const world = useBrowserAndServer();

it("keeps the invite code through browsing and sign-in, and binds it with one tap", async () => {
  const { browser, server } = world;
  const inviterContext = await browser.newContext({
    ...MOBILE,
    baseURL: server.baseUrl,
  });
  const inviter = await inviterContext.newPage();
  await inviter.goto("/login?redirect=%2Fmy");
  await signInWithPhone(inviter, server.baseUrl, "13800000031");
  await inviter.waitForURL("**/my");
  await inviter.goto("/my/invite");
  const code = (await inviter
    .getByRole("region", { name: "邀请好友" })
    .getByTestId("invite-code")
    .textContent())!.trim();

  const friendContext = await browser.newContext({
    ...MOBILE,
    baseURL: server.baseUrl,
  });
  const friend = await friendContext.newPage();
  await friend.goto(`/?invite=${code}`);
  await friend.getByRole("region", { name: code }).waitFor();
  // Browsing on: the code leaves the URL, and sign-in starts from the login page itself.
  await friend.goto("/blessing");
  await friend.goto("/login");
  await signInWithPhone(friend, server.baseUrl, "13800000032");
  await friend.waitForURL((url) => !url.pathname.endsWith("/login"));
  await friend.goto("/services");
  const offer = friend.getByRole("region", { name: code });
  await offer.getByText(`是否绑定邀请码 ${code}`).waitFor();
  expect(await offer.getByRole("textbox").inputValue()).toBe(code);
  await offer.getByRole("button", { name: "绑定邀请码" }).click();
  await friend.getByText("已接受邀请，感恩结缘。").waitFor();

  // Bound: the offer does not come back, and the inviter's record counts the friend.
  await friend.reload();
  await friend.getByRole("heading", { level: 1 }).first().waitFor();
  expect(await friend.getByRole("region", { name: code }).count()).toBe(0);
  await inviter.goto("/myOrder/inviteRecord");
  await inviter.getByRole("listitem").first().waitFor();
  expect(await inviter.getByRole("definition").first().textContent()).toBe("1");
  await friendContext.close();
  await inviterContext.close();
});

it("forgets the code when the friend declines", async () => {
  const { browser, server } = world;
  const context = await browser.newContext({
    ...MOBILE,
    baseURL: server.baseUrl,
  });
  const page = await context.newPage();
  await page.goto("/login");
  await signInWithPhone(page, server.baseUrl, "13800000033");
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/services?invite=NOPE99");
  const offer = page.getByRole("region", { name: "NOPE99" });
  await offer.getByRole("button", { name: "暂不绑定" }).click();
  await offer.waitFor({ state: "detached" });
  await page.goto("/blessing");
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  expect(await page.getByRole("region", { name: "NOPE99" }).count()).toBe(0);
  await context.close();
});
