// The open thread's header follows the peer's presence without a reload (issue #23), in Chromium
// against the real server: the demo user opens the chat with the service staff while the staff is
// offline, the staff signs on in a second browser context and the user's header turns to online,
// then the staff leaves and it turns back to offline. The server's presence API is checked first,
// so a failure names the side that did not change.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  SERVICE_STAFF,
  serverSaysOnline,
  useDemoChat,
  waitConnected,
} from "../support/e2e/chat";

/** The poll interval (10 s) plus room for a busy machine. */
const HEADER_FOLLOWS = { timeout: 25_000, interval: 500 };

const chat = useDemoChat();

/** The open thread's presence line (在线 / 离线 and role chips). */
const presenceLine = (page: Page) =>
  page.locator(".thread-head .thread-sub").textContent();

it("the thread header shows the peer coming online and leaving, without a reload", async () => {
  const user = await chat.open(chat.userState, "/destiny");
  await user.page.getByRole("button", { name: "联系客服" }).first().click();
  await user.page
    .getByRole("heading", { level: 1, name: SERVICE_STAFF.name })
    .waitFor();
  await waitConnected(user.page);
  await expect
    .poll(() => serverSaysOnline(user.page, SERVICE_STAFF.imId))
    .toBe(false);
  await expect.poll(() => presenceLine(user.page)).toContain("离线");

  const staff = await chat.open(chat.staffState, "/destiny");
  await waitConnected(staff.page);
  await expect
    .poll(() => serverSaysOnline(user.page, SERVICE_STAFF.imId))
    .toBe(true);
  await expect
    .poll(() => presenceLine(user.page), HEADER_FOLLOWS)
    .toContain("在线");

  await staff.context.close();
  await expect
    .poll(() => serverSaysOnline(user.page, SERVICE_STAFF.imId), {
      timeout: 10_000,
    })
    .toBe(false);
  await expect
    .poll(() => presenceLine(user.page), HEADER_FOLLOWS)
    .toContain("离线");
});
