// Entry points into the messenger: "chat with this monk" on monk cards (temple style, monk page,
// product page) and "contact service" (getVirtual → that thread) on /my and /destiny.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";
import { makeUser } from "../../../support/ui/fakeAccounts";
import { freshDb } from "../../../support/ui/messenger/chatFixtures";
import {
  installChatApi,
  profile,
  resetMessengerApi,
  type ChatApi,
} from "../../../support/ui/messenger/fakeMessenger";

// NOTE: these render the whole app (router, shell, lazy routes); a busy machine needs the room.
vi.setConfig({ testTimeout: 15_000 });

vi.mock(
  "../../../../src/messenger/imClient",
  async () =>
    (await import("../../../support/ui/messenger/fakeMessenger")).imClientMock,
);

let api: ChatApi;

beforeEach(async () => {
  resetMessengerApi();
  api = installChatApi(
    [
      profile("monk_7", { nickname: "释慧明", isMonk: 1 }),
      profile("svc", { nickname: "福缘客服", isService: 1 }),
    ],
    profile("svc", { nickname: "福缘客服", isService: 1 }),
  );
  await freshDb();
});

afterEach(() => {
  resetApp();
});

it("links every monk card with an IM account to a chat with that monk", async () => {
  renderApp("/templeStyle");
  const link = await screen.findByRole(
    "link",
    { name: "与释慧明聊天" },
    { timeout: 5000 },
  );
  expect(link.getAttribute("href")).toBe("/destiny?chat=monk_7");
});

it("sends a signed-out reader through the login, then into the chat", async () => {
  const { router } = renderApp("/monk/7");
  fireEvent.click(
    await screen.findByRole(
      "link",
      { name: "与释慧明聊天" },
      { timeout: 5000 },
    ),
  );
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/login");
  });
  expect(router.state.location.search).toEqual({
    redirect: "/destiny?chat=monk_7",
  });
});

it("offers the chat on the product page's monk card, in English too", async () => {
  renderApp("/en/productDetails/12");
  const link = await screen.findByRole(
    "link",
    { name: "Chat with 释慧明" },
    { timeout: 5000 },
  );
  expect(link.getAttribute("href")).toBe("/en/destiny?chat=monk_7");
});

it("hides the chat link on the monk's own card", async () => {
  api.accounts.user = makeUser({ imId: "monk_7", isMonk: 1 });
  signIn(api);
  renderApp("/monk/7");
  await screen.findByRole(
    "heading",
    { level: 1, name: "释慧明" },
    { timeout: 5000 },
  );
  await waitFor(() => {
    expect(api.urls.some((u) => u.pathname.endsWith("user/v1/info"))).toBe(
      true,
    );
  });
  await waitFor(() => {
    expect(screen.queryByRole("link", { name: "与释慧明聊天" })).toBeNull();
  });
});

it("contact service on /my asks for my service staff and opens that conversation", async () => {
  signIn(api);
  const { router } = renderApp("/my");
  const button = await screen.findByRole(
    "button",
    { name: "联系客服" },
    { timeout: 5000 },
  );
  fireEvent.click(button);
  await screen.findByRole(
    "list",
    { name: "与 福缘客服 的聊天记录" },
    { timeout: 5000 },
  );
  expect(router.state.location.search).toEqual({ chat: "svc" });
});

it("service staff are not offered to contact service", async () => {
  api.accounts.user = makeUser({ isService: 1 });
  signIn(api);
  renderApp("/destiny");
  const heading = await screen.findByRole(
    "heading",
    { level: 1, name: "消息" },
    { timeout: 5000 },
  );
  await waitFor(() => {
    expect(
      screen.getByText("还没有会话。用户发来的消息会显示在这里。"),
    ).toBeDefined();
  });
  expect(
    within(heading.parentElement as HTMLElement).queryByRole("button", {
      name: "联系客服",
    }),
  ).toBeNull();
});
