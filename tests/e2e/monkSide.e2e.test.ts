// Issue #22, a monk's conversations in Chromium, each person in their own browser: a customer
// writes to the temple's service, staff hand the chat to the monk (staff/v1/handOff), and the
// monk finds that customer in his own chat list (/destiny) with the greeting sent in his name,
// answers there, and the customer reads the answer; "contact service" now opens the monk.
import { expect, it } from "vitest";
import { useBrowserAndServer } from "../support/e2e/browserAndServer";
import { signedInOnMy } from "../support/e2e/accounts";
import {
  apiAs,
  bubbles,
  conversationRow,
  serverTexts,
  waitConnected,
} from "../support/e2e/chat";

const world = useBrowserAndServer();

const MONK = { imId: "demo_monk", name: "慧明法师" };
const STAFF_PHONE = "13800000002";
const MONK_PHONE = "13800000003";

function appErrors(errors: string[]): string[] {
  return errors.filter(
    (e) =>
      !e.includes("Failed to load resource") &&
      !e.includes("WebSocket connection to"),
  );
}

it("a chat handed to a monk shows in his own chat list, and he answers there", async () => {
  const { browser, server } = world;
  const customer = await signedInOnMy(browser, server.baseUrl, "13800000081");
  const me = await apiAs<{ imId: string; nickname: string }>(
    customer.page,
    "user/v1/info",
  );

  // The customer writes to the temple (getVirtual names the service staff).
  await customer.page.getByRole("button", { name: "联系客服" }).first().click();
  await customer.page.waitForURL("**/destiny?chat=demo_service**");
  await waitConnected(customer.page);
  const toStaff = customer.page.getByRole("textbox", {
    name: /^给 .+ 发消息$/,
  });
  await toStaff.fill("想为母亲请一盏平安灯");
  await toStaff.press("Enter");
  await expect
    .poll(() => serverTexts(customer.page, me.imId, "demo_service"))
    .toContain("想为母亲请一盏平安灯");

  // Staff hand the chat to the monk.
  const staff = await signedInOnMy(browser, server.baseUrl, STAFF_PHONE);
  const context = await apiAs<{ assignedTo: { imId: string } | null }>(
    staff.page,
    "staff/v1/handOff",
    { method: "POST", body: { imId: me.imId, toImId: MONK.imId } },
  );
  expect(context.assignedTo?.imId).toBe(MONK.imId);

  // The monk's own chat list has the customer, with the greeting sent in his name.
  const monk = await signedInOnMy(browser, server.baseUrl, MONK_PHONE);
  await monk.page.goto("/destiny");
  await waitConnected(monk.page);
  const row = conversationRow(monk.page, me.imId);
  await row.waitFor({ timeout: 20_000 });
  await expect.poll(() => row.textContent()).toContain(me.nickname);
  await row.click();
  await bubbles(monk.page, `您好，我是${MONK.name}`).waitFor();
  const answer = monk.page.getByRole("textbox", {
    name: `给 ${me.nickname} 发消息`,
  });
  await answer.fill("善信您好，平安灯明早为令堂点上");
  await answer.press("Enter");
  await expect
    .poll(() =>
      bubbles(monk.page, "善信您好，平安灯明早为令堂点上").getAttribute(
        "data-status",
      ),
    )
    .toBe("normal");

  // The customer reads the answer from the monk; contacting service now opens the monk.
  await customer.page.goto("/my");
  await customer.page.getByRole("button", { name: "联系客服" }).first().click();
  await customer.page.waitForURL(`**/destiny?chat=${MONK.imId}**`);
  await customer.page
    .getByRole("heading", { level: 1, name: MONK.name })
    .waitFor();
  const fromMonk = bubbles(customer.page, "善信您好，平安灯明早为令堂点上");
  await fromMonk.waitFor({ timeout: 20_000 });
  expect(await fromMonk.getAttribute("class")).toContain("msg-peer");

  // The customer's reply reaches the monk in the same conversation.
  const toMonk = customer.page.getByRole("textbox", {
    name: `给 ${MONK.name} 发消息`,
  });
  await toMonk.fill("感恩师父");
  await toMonk.press("Enter");
  const reply = bubbles(monk.page, "感恩师父");
  await reply.waitFor({ timeout: 20_000 });
  expect(await reply.getAttribute("class")).toContain("msg-peer");

  expect(appErrors(customer.errors)).toEqual([]);
  expect(appErrors(monk.errors)).toEqual([]);
  await monk.context.close();
  await staff.context.close();
  await customer.context.close();
});
