// /destiny's conversation list rendered by the real app from IndexedDB rows (fake-indexeddb): order,
// names from channel info, digests and placeholders, unread badges, the online dot, filters in the
// URL, the tab badge and the title, live updates, and deleting with a confirmation.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppDb } from "../../../../src/db/AppDb";
import { getProfileEntry } from "../../../../src/features/messenger/channelProfiles";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";
import {
  conversation,
  freshDb,
  mediaUrl,
  message,
  SELF,
  seedChat,
  text,
  unsent,
} from "../../../support/ui/messenger/chatFixtures";
import {
  installChatApi,
  profile,
  resetMessengerApi,
  messengerApi,
  type ChatApi,
} from "../../../support/ui/messenger/fakeMessenger";

// NOTE: these render the whole app (router, shell, lazy routes); a busy machine needs the room.
vi.setConfig({ testTimeout: 15_000 });

vi.mock(
  "../../../../src/messenger/imClient",
  async () =>
    (await import("../../../support/ui/messenger/fakeMessenger")).imClientMock,
);

let db: AppDb;
let api: ChatApi;

const profiles = [
  profile("svc", { nickname: "福缘客服", isService: 1, online: true }),
  profile("monk_7", { nickname: "慧明法师", isMonk: 1 }),
  profile("u_9", { nickname: "善信小王" }),
  profile("sys", { nickname: "群通知" }),
];

beforeEach(async () => {
  resetMessengerApi();
  api = installChatApi(profiles);
  db = await freshDb();
  const t0 = Date.now() - 60_000;
  await seedChat(
    db,
    "svc",
    [text("svc", "您好，请问有什么可以帮您？", { timestamp: t0 + 4000 })],
    {
      unread: 2,
    },
  );
  await seedChat(db, "monk_7", [
    message({
      channelId: "monk_7",
      fromUid: "monk_7",
      contentType: 2,
      content: { type: 2, url: mediaUrl("x"), width: 10, height: 10 },
      timestamp: t0 + 3000,
    }),
  ]);
  await seedChat(
    db,
    "u_9",
    [
      message({
        channelId: "u_9",
        fromUid: "u_9",
        contentType: 77,
        content: { type: 77, x: 1 },
        timestamp: t0 + 2000,
      }),
    ],
    { unread: 1 },
  );
  await seedChat(db, "sys", [
    message({
      channelId: "sys",
      // The system's own sender (WuKongIM shows it as an empty uid): the only one whose notices show.
      fromUid: "",
      contentType: 1001,
      content: {
        type: 1001,
        content: "{0}开通了会话",
        extra: [{ uid: SELF, name: "小林" }],
      },
      timestamp: t0 + 1000,
    }),
  ]);
});

afterEach(() => {
  resetApp();
});

async function openList(path = "/destiny") {
  signIn(api);
  const view = renderApp(path);
  const list = await screen.findByRole(
    "list",
    { name: "会话列表" },
    { timeout: 5000 },
  );
  await within(list).findByText("福缘客服", {}, { timeout: 3000 });
  return { ...view, list };
}

function rowLinks(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole("link")
    .map((link) => link.getAttribute("data-conversation") ?? "");
}

it("lists conversations newest first with names, digests, placeholders, badges and the online dot", async () => {
  const { list } = await openList();
  await waitFor(() => {
    expect(within(list).getByText("善信小王")).toBeDefined();
  });
  expect(rowLinks(list)).toEqual(["svc", "monk_7", "u_9", "sys"]);

  const svc = within(list).getByRole("link", { name: /福缘客服/ });
  expect(svc.textContent).toContain("您好，请问有什么可以帮您？");
  expect(svc.textContent).toContain("2 条未读");
  expect(svc.querySelector(".conv-badge")?.textContent).toBe("2");
  expect(svc.querySelector(".chat-online-dot")).not.toBeNull();
  expect(svc.textContent).toContain("在线");

  const monk = within(list).getByRole("link", { name: /慧明法师/ });
  expect(monk.textContent).toContain("[图片]");
  expect(monk.querySelector(".conv-badge")).toBeNull();
  expect(monk.querySelector(".chat-online-dot")).toBeNull();

  expect(
    within(list).getByRole("link", { name: /善信小王/ }).textContent,
  ).toContain("[暂不支持的消息]");
  expect(
    within(list).getByRole("link", { name: /群通知/ }).textContent,
  ).toContain("小林开通了会话");

  // Channel info was fetched once per peer.
  expect([...api.profileRequests].sort()).toEqual([
    "monk_7",
    "svc",
    "sys",
    "u_9",
  ]);
});

it("filters by the peer's role, keeps the filter in the URL, and counts unread per filter", async () => {
  const { list, router } = await openList();
  await waitFor(() => {
    expect(within(list).getByText("慧明法师")).toBeDefined();
  });
  const filters = screen.getByRole("group", { name: "筛选会话" });
  const all = within(filters).getByRole("button", { name: /全部/ });
  expect(all.getAttribute("aria-pressed")).toBe("true");
  expect(all.textContent).toContain("3 条未读");

  fireEvent.click(within(filters).getByRole("button", { name: /客服/ }));
  await waitFor(() => {
    expect(rowLinks(screen.getByRole("list", { name: "会话列表" }))).toEqual([
      "svc",
    ]);
  });
  expect(router.state.location.search).toEqual({ filter: "service" });

  fireEvent.click(within(filters).getByRole("button", { name: /法师/ }));
  await waitFor(() => {
    expect(rowLinks(screen.getByRole("list", { name: "会话列表" }))).toEqual([
      "monk_7",
    ]);
  });
});

it("shows the total unread in the messages tab and the document title", async () => {
  await openList();
  const tab = await screen.findByRole("link", { name: /消息.*3 条未读/ });
  expect(tab.querySelector(".tab-badge")?.textContent).toBe("3");
  await waitFor(() => {
    expect(document.title).toBe("(3) 消息 · 福缘");
  });
});

it("follows the worker's writes live: a new message moves its conversation up", async () => {
  const { list } = await openList();
  await waitFor(() => {
    expect(rowLinks(list)).toHaveLength(4);
  });
  const late = text("sys", "新的通知", { timestamp: Date.now() });
  await db.messages.put(late);
  await db.conversations.put(
    conversation("sys", {
      timestamp: late.timestamp,
      lastClientMsgNo: late.clientMsgNo,
      lastMessageSeq: 99,
      unread: 4,
    }),
  );
  await waitFor(() => {
    expect(rowLinks(screen.getByRole("list", { name: "会话列表" }))[0]).toBe(
      "sys",
    );
  });
  expect(screen.getByRole("link", { name: /群通知/ }).textContent).toContain(
    "新的通知",
  );
  await waitFor(() => {
    expect(document.title).toBe("(7) 消息 · 福缘");
  });
});

it("marks the last message as failed or sending when it is one's own", async () => {
  const failed = unsent({
    channelId: "u_9",
    content: { type: 1, content: "没发出去" },
    status: "fail",
    timestamp: Date.now(),
  });
  await db.messages.put(failed);
  await db.conversations.update(["u_9", 1], {
    lastClientMsgNo: failed.clientMsgNo,
    timestamp: failed.timestamp,
  });
  const { list } = await openList();
  const row = await within(list).findByRole("link", { name: /善信小王/ });
  await waitFor(() => {
    expect(row.textContent).toContain("[发送失败] 没发出去");
  });
});

it("deletes a conversation only after the confirmation, then focus stays in the page", async () => {
  messengerApi.deleteConversation.mockImplementation(async (args: unknown) => {
    const { channel } = args as {
      channel: { channelId: string; channelType: number };
    };
    // What the worker does: the conversation goes from IndexedDB.
    await db.conversations.delete([channel.channelId, channel.channelType]);
    return { ok: true, value: null };
  });
  const { list } = await openList();
  await waitFor(() => {
    expect(within(list).getByText("善信小王")).toBeDefined();
  });
  fireEvent.click(
    within(list).getByRole("button", { name: "删除与 善信小王 的会话" }),
  );
  const dialog = await screen.findByRole("alertdialog", { name: "删除会话" });
  expect(dialog.textContent).toContain("善信小王");
  expect(document.activeElement?.textContent).toBe("取消");

  fireEvent.click(within(dialog).getByRole("button", { name: "取消" }));
  expect(screen.queryByRole("alertdialog")).toBeNull();
  expect(messengerApi.deleteConversation).not.toHaveBeenCalled();

  fireEvent.click(
    within(list).getByRole("button", { name: "删除与 善信小王 的会话" }),
  );
  fireEvent.click(
    within(await screen.findByRole("alertdialog")).getByRole("button", {
      name: "删除",
    }),
  );
  await waitFor(() => {
    expect(rowLinks(screen.getByRole("list", { name: "会话列表" }))).toEqual([
      "svc",
      "monk_7",
      "sys",
    ]);
  });
  expect(messengerApi.deleteConversation).toHaveBeenCalledWith({
    channel: { channelId: "u_9", channelType: 1 },
  });
});

it("shows the worker's error as a translated toast when the delete fails", async () => {
  messengerApi.deleteConversation.mockResolvedValue({
    ok: false,
    error: {
      code: "STORAGE_FAILED",
      message: "QuotaExceededError",
      retryable: false,
    },
  } as never);
  const { list } = await openList();
  await waitFor(() => {
    expect(within(list).getByText("善信小王")).toBeDefined();
  });
  fireEvent.click(
    within(list).getByRole("button", { name: "删除与 善信小王 的会话" }),
  );
  fireEvent.click(
    within(await screen.findByRole("alertdialog")).getByRole("button", {
      name: "删除",
    }),
  );
  expect(await screen.findByText("本地存储空间不足或不可用")).toBeDefined();
});

it("offers to contact service when there is no conversation yet", async () => {
  db = await freshDb();
  signIn(api);
  renderApp("/destiny");
  expect(
    await screen.findByText("还没有会话。有任何问题，欢迎联系客服。"),
  ).toBeDefined();
  expect(
    screen.getAllByRole("button", { name: "联系客服" }).length,
  ).toBeGreaterThan(0);
});

it("asks the worker for the whole list's channel info in one call, so it renders once for all", async () => {
  await openList();
  await waitFor(() => {
    for (const { imId } of profiles)
      expect(getProfileEntry(imId)?.loading).toBe(false);
  });
  const asked = messengerApi.refreshChannelInfo.mock.calls.map(([args]) =>
    args.channels.map((channel) => channel.channelId).sort(),
  );
  expect(asked).toEqual([["monk_7", "svc", "sys", "u_9"]]);
  expect(api.profileRequests.toSorted()).toEqual([
    "monk_7",
    "svc",
    "sys",
    "u_9",
  ]);
});

it("pull to refresh (and the refresh button) fetch the channel info again", async () => {
  const { list } = await openList();
  await waitFor(() => {
    expect(api.profileRequests).toHaveLength(4);
    // The worker has answered every request (a refresh does not repeat one still running).
    for (const { imId } of profiles)
      expect(getProfileEntry(imId)?.loading).toBe(false);
  });
  const page = list.closest(".messenger-page") as HTMLElement;
  fireEvent.touchStart(page, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(page, { touches: [{ clientY: 180 }] });
  fireEvent.touchEnd(page, { touches: [] });
  // 80 px of finger travel is 40 px of pull: too little, nothing happens.
  expect(api.profileRequests).toHaveLength(4);
  fireEvent.touchStart(page, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(page, { touches: [{ clientY: 300 }] });
  expect((page.querySelector(".conv-pull") as HTMLElement).dataset.ready).toBe(
    "true",
  );
  fireEvent.touchEnd(page, { touches: [] });
  await waitFor(() => {
    expect(api.profileRequests).toHaveLength(8);
    // Answered too: a click while they still load would (rightly) not repeat them.
    for (const { imId } of profiles)
      expect(getProfileEntry(imId)?.loading).toBe(false);
  });
  fireEvent.click(screen.getByRole("button", { name: "刷新" }));
  await waitFor(() => {
    expect(api.profileRequests).toHaveLength(12);
  });
});
