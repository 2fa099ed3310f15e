// An open conversation rendered by the real app from IndexedDB rows: day separators, own and peer
// bubbles, waiting/failed states with retry, revoked and system lines, read state of receipt
// messages, the composer calling the worker, the worker told what is shown, new messages announced,
// the connection banner, and back to the list with focus on the row.
import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import { ConnectionStatus } from "../../../../workers/api";
import { setImStatus } from "../../../../src/state/im";
import { renderApp, signIn } from "../../../support/ui/renderApp";
import {
  message,
  SELF,
  seedChat,
  text,
  unsent,
} from "../../../support/ui/messenger/chatFixtures";
import {
  emitImEvent,
  messengerApi,
} from "../../../support/ui/messenger/fakeMessenger";
import {
  channel,
  connect,
  openThread,
  peer,
  today,
  useThreadTest,
  yesterday,
} from "../../../support/ui/messenger/threadSetup";

// NOTE: these render the whole app (router, shell, lazy routes); a busy machine needs the room.
vi.setConfig({ testTimeout: 15_000 });

vi.mock(
  "../../../../src/messenger/imClient",
  async () =>
    (await import("../../../support/ui/messenger/fakeMessenger")).imClientMock,
);

const t = useThreadTest();

it("renders day and time rows, own and peer bubbles, states, revoked and system lines", async () => {
  await seedChat(t.db, peer, [
    text(peer, "阿弥陀佛", { messageSeq: 1, timestamp: yesterday(9) }),
    text(peer, "昨晚的开示", {
      messageSeq: 2,
      timestamp: yesterday(21),
      extra: {
        readedCount: 0,
        unreadCount: 0,
        revoke: true,
        revoker: peer,
        isEdit: false,
        extraVersion: 1,
      },
    }),
    message({
      channelId: peer,
      fromUid: "",
      messageSeq: 3,
      timestamp: today(8),
      contentType: 1001,
      content: {
        type: 1001,
        content: "{0}已成为您的法师",
        extra: [{ uid: peer, name: "慧明法师" }],
      },
    }),
    text(peer, "已读的", {
      messageSeq: 4,
      fromUid: SELF,
      receipt: true,
      timestamp: today(9),
      extra: {
        readedCount: 1,
        unreadCount: 0,
        revoke: false,
        isEdit: false,
        extraVersion: 2,
      },
    }),
    text(peer, "未读的", {
      messageSeq: 5,
      fromUid: SELF,
      receipt: true,
      timestamp: today(10),
    }),
  ]);
  await t.db.messages.bulkPut([
    unsent({
      channelId: peer,
      content: { type: 1, content: "没发出去" },
      status: "fail",
      timestamp: today(11),
      failure: { code: "RETRIES_EXHAUSTED" },
    }),
    unsent({
      channelId: peer,
      content: { type: 1, content: "排队中" },
      status: "wait",
      timestamp: today(12),
    }),
  ]);
  connect(ConnectionStatus.DISCONNECT);
  const { log } = await openThread(t.api);
  await within(log).findByText("排队中");

  const items = within(log)
    .getAllByRole("listitem")
    .map((li) => li.textContent);
  // Time rows as WeChat has them: the day with the clock of its first message, then a clock
  // wherever more than 5 minutes pass (here every hour); bubbles keep a hidden time for readers.
  expect(items).toEqual([
    "— 以上是全部聊天记录 —",
    "昨天 09:00",
    expect.stringContaining("阿弥陀佛"),
    "21:00",
    "对方撤回了一条消息",
    "今天 08:00",
    "慧明法师已成为您的法师",
    "09:00",
    expect.stringContaining("已读的"),
    "10:00",
    expect.stringContaining("未读的"),
    "11:00",
    expect.stringContaining("没发出去"),
    "12:00",
    expect.stringContaining("排队中"),
  ]);
  expect(
    within(log).getAllByRole("listitem")[0]?.getAttribute("aria-setsize"),
  ).toBe("15");

  const peerBubble = within(log).getByText("阿弥陀佛").closest(".msg");
  expect(peerBubble?.className).toContain("msg-peer");
  expect(peerBubble?.textContent).toContain("慧明法师：");
  const read = within(log).getByText("已读的").closest(".msg");
  expect(read?.className).toContain("msg-own");
  expect(read?.textContent).toContain("已读");
  expect(
    within(log).getByText("未读的").closest(".msg")?.textContent,
  ).toContain("未读");
  expect(
    within(log).getByText("排队中").closest(".msg")?.textContent,
  ).toContain("等待连接…");

  connect(ConnectionStatus.CONNECTED);
  await waitFor(() => {
    expect(
      within(log).getByText("排队中").closest(".msg")?.textContent,
    ).toContain("发送中…");
  });

  const failed = within(log)
    .getByText("没发出去")
    .closest(".msg") as HTMLElement;
  expect(failed.textContent).toContain("发送失败");
  fireEvent.click(within(failed).getByRole("button", { name: "重新发送" }));
  await waitFor(() => {
    expect(messengerApi.retry).toHaveBeenCalledTimes(1);
  });
  const [[retried]] = messengerApi.retry.mock.calls as [
    [{ clientMsgNo: string }],
  ];
  const failedRow = await t.db.messages
    .where("status")
    .equals("fail")
    .first()
    .catch(() => undefined);
  expect(retried.clientMsgNo).toBe(
    failedRow?.clientMsgNo ?? retried.clientMsgNo,
  );
  expect(retried.clientMsgNo).toMatch(/^cm-/);
});

it("tells the worker the thread is shown, asks for the newest page, and sends with Enter", async () => {
  await seedChat(
    t.db,
    peer,
    [text(peer, "在吗", { messageSeq: 7, timestamp: today(9) })],
    { lastMessageSeq: 9 },
  );
  connect(ConnectionStatus.CONNECTED);
  const { log } = await openThread(t.api);
  await within(log).findByText("在吗");
  await waitFor(() => {
    expect(messengerApi.openConversation).toHaveBeenCalledWith({ channel });
  });
  // The conversation knows seq 9 although only 7 is stored: the worker is asked for the page below 10.
  await waitFor(() => {
    expect(messengerApi.loadOlder).toHaveBeenCalledWith({
      channel,
      beforeSeq: 10,
      limit: 50,
    });
  });
  expect(document.activeElement?.textContent).toBe("慧明法师");
  expect(document.title).toBe("慧明法师 · 福缘");

  const box = screen.getByRole("textbox", { name: "给 慧明法师 发消息" });
  fireEvent.change(box, { target: { value: "师父好" } });
  fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
  await waitFor(() => {
    expect(messengerApi.sendText).toHaveBeenCalledWith({
      channel,
      text: "师父好",
    });
  });
  await waitFor(() => {
    expect((box as HTMLTextAreaElement).value).toBe("");
  });
});

it("shows a refused send as a translated toast and keeps the text", async () => {
  messengerApi.sendText.mockResolvedValue({
    ok: false,
    error: {
      code: "INVALID_ARGUMENT",
      message: "text is longer",
      retryable: false,
    },
  } as never);
  await openThread(t.api);
  const box = screen.getByRole("textbox", { name: "给 慧明法师 发消息" });
  fireEvent.change(box, { target: { value: "太长了" } });
  fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
  expect(await screen.findByText("内容无效，无法发送")).toBeDefined();
  expect((box as HTMLTextAreaElement).value).toBe("太长了");
});

it("announces a new message from the peer politely, not one's own", async () => {
  await seedChat(t.db, peer, [
    text(peer, "早", { messageSeq: 1, timestamp: today(7) }),
  ]);
  const { log } = await openThread(t.api);
  await within(log).findByText("早");
  const live = document.querySelector(
    '.thread [aria-live="polite"]',
  ) as HTMLElement;
  expect(live.textContent).toBe("");
  await t.db.messages.put(
    text(peer, "今日法会九点开始", { messageSeq: 2, timestamp: today(8) }),
  );
  await waitFor(() => {
    expect(live.textContent).toBe("慧明法师：今日法会九点开始");
  });
  await t.db.messages.put(
    text(peer, "好的", { messageSeq: 3, fromUid: SELF, timestamp: today(9) }),
  );
  await within(log).findByText("好的");
  expect(live.textContent).toBe("慧明法师：今日法会九点开始");
});

it("shows a row the worker announces before IndexedDB is re-read, then the stored one (#20)", async () => {
  await seedChat(t.db, peer, [
    text(peer, "早", { messageSeq: 1, timestamp: today(7) }),
  ]);
  const { log } = await openThread(t.api);
  await within(log).findByText("早");
  // Announced but not stored: only the event can put it on screen.
  const announced = text(peer, "法会改到十点", {
    messageSeq: 2,
    timestamp: today(8),
  });
  act(() => {
    emitImEvent({
      type: "messagesChanged",
      channel,
      clientMsgNos: [announced.clientMsgNo],
      rows: [announced],
    });
  });
  await within(log).findByText("法会改到十点");
  // Another channel's rows never show here.
  const elsewhere = text("someone_else", "别处的消息", {
    messageSeq: 3,
    timestamp: today(9),
  });
  act(() => {
    emitImEvent({
      type: "messagesChanged",
      channel: { channelId: "someone_else", channelType: 1 },
      clientMsgNos: [elsewhere.clientMsgNo],
      rows: [elsewhere],
    });
  });
  // The stored row takes its place (same clientMsgNo, the live query's version).
  await t.db.messages.put({
    ...announced,
    content: { type: 1, content: "法会改到十点半" },
  });
  await within(log).findByText("法会改到十点半");
  expect(within(log).queryByText("法会改到十点")).toBeNull();
  expect(within(log).queryByText("别处的消息")).toBeNull();
});

it("goes back to the list, tells the worker the thread is closed, and focuses its row", async () => {
  await seedChat(t.db, peer, [
    text(peer, "再见", { messageSeq: 1, timestamp: today(7) }),
  ]);
  signIn(t.api);
  const { router } = renderApp("/destiny");
  const row = await screen.findByRole(
    "link",
    { name: /慧明法师/ },
    { timeout: 5000 },
  );
  fireEvent.click(row);
  await screen.findByRole("list", { name: "与 慧明法师 的聊天记录" });
  expect(router.state.location.search).toEqual({ chat: peer });
  fireEvent.click(screen.getByRole("button", { name: "返回会话列表" }));
  await screen.findByRole("list", { name: "会话列表" });
  await waitFor(() => {
    expect(messengerApi.closeConversation).toHaveBeenCalledWith({ channel });
  });
  await waitFor(() => {
    expect(document.activeElement?.getAttribute("data-conversation")).toBe(
      peer,
    );
  });
  expect(router.state.location.search).toEqual({});
});

it("shows the connection banner for a kick, with a way to sign in again", async () => {
  await openThread(t.api);
  act(() => {
    setImStatus({
      connection: ConnectionStatus.CONNECT_KICK,
      imUid: SELF,
      online: true,
      kick: "SIGNED_IN_ELSEWHERE",
    });
  });
  const banner = await screen.findByText(
    "您的账号已在其他设备登录，消息已停止接收",
  );
  expect(
    within(banner.closest(".chat-banner") as HTMLElement).getByRole("button", {
      name: "重新登录",
    }),
  ).toBeDefined();
  act(() => {
    setImStatus({
      connection: ConnectionStatus.DISCONNECT,
      imUid: SELF,
      online: false,
    });
  });
  expect(await screen.findByText("网络不可用，恢复后将自动重连")).toBeDefined();
  act(() => {
    setImStatus({
      connection: ConnectionStatus.CONNECTED,
      imUid: SELF,
      online: true,
    });
  });
  await waitFor(() => {
    expect(document.querySelector(".chat-banner")).toBeNull();
  });
});
