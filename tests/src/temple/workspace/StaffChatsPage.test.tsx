// /staff/chats in the real app over the IM database (fake-indexeddb) and fake staff/v1 and order
// desk servers: who may open it, the filters with their counts (unread, awaiting our reply,
// assigned to me), the customer's context beside the thread (orders, note), an order's moves made
// right in the pane, quick replies put into the composer in two taps and kept in a manager, and
// handing a chat on.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppDb } from "../../../../src/db/AppDb";
import type { FakeApi } from "../../../support/ui/fakeApi";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";
import {
  freshDb,
  SELF,
  seedChat,
  text,
} from "../../../support/ui/messenger/chatFixtures";
import {
  installChatApi,
  profile,
  resetMessengerApi,
  type ChatApi,
} from "../../../support/ui/messenger/fakeMessenger";
import { type Role, userWithRole } from "../desk/deskSupport";
import {
  installFakeStaffDesk,
  type FakeStaffDesk,
} from "../../../support/ui/temple/fakeStaffDesk";
import {
  addDays,
  localDay,
  plannedAtOf,
} from "../../../../src/temple/desk/staffForms";
import { refuse } from "../../../support/ui/fakeAnswers";
import {
  installFakeWorkspace,
  type FakeWorkspace,
} from "../../../support/ui/temple/fakeWorkspace";

// NOTE: these render the whole app (router, shell, lazy routes); a busy machine needs the room.
vi.setConfig({ testTimeout: 20_000 });

vi.mock(
  "../../../../src/messenger/imClient",
  async () =>
    (await import("../../../support/ui/messenger/fakeMessenger")).imClientMock,
);

let db: AppDb;
let api: ChatApi;
let desk: FakeStaffDesk;
let ws: FakeWorkspace;

beforeEach(async () => {
  resetMessengerApi();
  api = installChatApi([
    profile("u_1", { nickname: "善信甲" }),
    profile("u_2", { nickname: "善信乙" }),
    profile("u_3", { nickname: "善信丙" }),
  ]);
  desk = installFakeStaffDesk();
  ws = installFakeWorkspace();
  db = await freshDb();
  const t0 = Date.now() - 60_000;
  // u_1 wrote last and is unread; we answered u_2; u_3 wrote last, read, and is assigned to us.
  await seedChat(
    db,
    "u_1",
    [text("u_1", "灯什么时候点？", { timestamp: t0 })],
    {
      unread: 2,
    },
  );
  await seedChat(
    db,
    "u_2",
    [
      text("u_2", "谢谢", { timestamp: t0 + 1000 }),
      text("u_2", "不客气", { fromUid: SELF, timestamp: t0 + 2000 }),
    ],
    { unread: 0 },
  );
  await seedChat(db, "u_3", [text("u_3", "在吗", { timestamp: t0 + 3000 })], {
    unread: 0,
  });
  ws.assigned = ["u_3"];
});

afterEach(() => {
  resetApp();
});

/** Signs in as `role` and opens `path`; resolves once its first heading shows (lazy routes). */
async function openAs(
  fake: FakeApi,
  role: Role,
  path: string,
  heading: string,
) {
  fake.accounts.user = userWithRole(role);
  signIn(fake);
  const view = renderApp(path);
  await screen.findByRole(
    "heading",
    { level: 1, name: heading },
    { timeout: 8000 },
  );
  return view;
}

async function openWorkspace(path = "/staff/chats") {
  const view = await openAs(api, "service", path, "会话工作台");
  const list = await screen.findByRole("list", { name: "会话列表" });
  await within(list).findByText("善信甲");
  return { ...view, list };
}

const rowIds = (list: HTMLElement) =>
  within(list)
    .getAllByRole("link")
    .map((link) => link.getAttribute("data-conversation"));

describe("who may open the workspace", () => {
  it("a plain user and a monk see the no-access page; staff and admins the workspace", async () => {
    await openAs(api, "user", "/staff/chats", "无权访问");
    expect(screen.queryByRole("list", { name: "会话列表" })).toBeNull();
    resetApp();
    api = installChatApi([]);
    await openAs(api, "monk", "/staff/chats", "无权访问");
    resetApp();
    api = installChatApi([]);
    installFakeWorkspace();
    await openAs(api, "admin", "/staff/chats", "会话工作台");
  });

  it("/my lists the workspace for service staff only", async () => {
    await openAs(api, "service", "/my", "我的");
    const entry = await screen.findByRole("link", { name: "会话工作台" });
    expect(entry.getAttribute("href")).toBe("/staff/chats");
    resetApp();
    api = installChatApi([]);
    await openAs(api, "monk", "/my", "我的");
    await screen.findByRole("link", { name: "订单工作台" });
    expect(screen.queryByRole("link", { name: "会话工作台" })).toBeNull();
  });
});

describe("the filters", () => {
  it("count and keep unread, awaiting-reply and assigned conversations", async () => {
    const { list, router } = await openWorkspace();
    const filters = screen.getByRole("group", { name: "筛选会话" });
    const chip = (name: string) =>
      within(filters).getByRole("button", { name: new RegExp(`^${name}`) });
    await waitFor(() => {
      expect(chip("分配给我").textContent).toContain("1");
    });
    expect(chip("全部").textContent).toContain("3");
    expect(chip("未读").textContent).toContain("1");
    expect(chip("待回复").textContent).toContain("2");
    expect(rowIds(list).toSorted()).toEqual(["u_1", "u_2", "u_3"]);

    fireEvent.click(chip("待回复"));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ filter: "awaiting" });
    });
    const awaiting = await screen.findByRole("list", { name: "会话列表" });
    await waitFor(() => {
      expect(rowIds(awaiting).toSorted()).toEqual(["u_1", "u_3"]);
    });
    fireEvent.click(chip("未读"));
    await waitFor(() => {
      expect(rowIds(screen.getByRole("list", { name: "会话列表" }))).toEqual([
        "u_1",
      ]);
    });
    fireEvent.click(chip("分配给我"));
    await waitFor(() => {
      expect(rowIds(screen.getByRole("list", { name: "会话列表" }))).toEqual([
        "u_3",
      ]);
    });
    // A row keeps the filter and opens the chat in the workspace.
    const link = within(
      screen.getByRole("list", { name: "会话列表" }),
    ).getByRole("link");
    expect(link.getAttribute("href")).toBe("/staff/chats?chat=u_3&filter=mine");
    expect(ws.callsTo("staff/v1/assigned")).toHaveLength(1);
  });
});

describe("the open conversation", () => {
  it("shows the customer's orders and note beside the thread; the note is edited and cleared", async () => {
    ws.addCustomer("u_1", {
      nickname: "善信甲",
      invitedBy: { imId: "u_9", nickname: "引荐人老王", avatarUrl: "" },
      invitees: 3,
    });
    const order = desk.seed();
    await openWorkspace("/staff/chats?chat=u_1");
    const side = screen.getByRole("complementary", { name: "客户资料" });
    await within(side).findByText(order.product.title);
    expect(within(side).getByText("已支付")).toBeDefined();
    expect(within(side).getByText("引荐人老王")).toBeDefined();
    expect(within(side).getByTestId("ws-assignee").textContent).toBe(
      "福缘客服",
    );
    const listCall = desk.callsTo("order/v1/staff/list")[0]!;
    expect(listCall.query.get("userId")).toBe("100");
    expect(listCall.query.get("queue")).toBe("all");
    // The row opens in place (a disclosure); the full desk stays a link away.
    const row = within(side).getByRole("button", { name: /光明灯 1/ });
    expect(row.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(row);
    expect(row.getAttribute("aria-expanded")).toBe("true");
    const panel = within(side).getByRole("region", {
      name: `订单 ${order.masterOrderNo}`,
    });
    expect(row.getAttribute("aria-controls")).toBe(panel.id);
    expect(within(panel).getByText("家人平安")).toBeDefined();
    const href = within(panel)
      .getByRole("link", { name: "在订单工作台打开" })
      .getAttribute("href");
    expect(new URL(href!, location.origin).pathname).toBe(
      `/staff/orders/${String(order.masterId)}`,
    );
    fireEvent.click(row);
    expect(row.getAttribute("aria-expanded")).toBe("false");
    expect(within(side).queryByRole("region", { name: /^订单 / })).toBeNull();
    // Agreements are sent from the pane (workspace.css hides the thread header's button).
    expect(
      within(side).getByRole("button", { name: "发送协议" }),
    ).toBeDefined();

    fireEvent.click(within(side).getByRole("button", { name: "添加备注" }));
    const box = within(side).getByLabelText("备注");
    fireEvent.change(box, { target: { value: "  耳背，说话慢一些 " } });
    expect(within(side).getByText("8/2000")).toBeDefined();
    fireEvent.click(within(side).getByRole("button", { name: "保存备注" }));
    await within(side).findByText("耳背，说话慢一些");
    expect(within(side).getByText(/福缘客服 写于/)).toBeDefined();
    expect(ws.callsTo("staff/v1/customer/note")[0]!.body).toEqual({
      imId: "u_1",
      text: "耳背，说话慢一些",
    });

    fireEvent.click(within(side).getByRole("button", { name: "编辑备注" }));
    fireEvent.change(within(side).getByLabelText("备注"), {
      target: { value: "   " },
    });
    fireEvent.click(within(side).getByRole("button", { name: "保存备注" }));
    await within(side).findByText("还没有备注");
  });

  it("puts a quick reply into the composer in two taps, and manages the team's list", async () => {
    ws.addCustomer("u_1");
    ws.addReply("您好，请问有什么可以帮您？");
    await openWorkspace("/staff/chats?chat=u_1");
    const composer = await screen.findByRole("textbox", {
      name: "给 善信甲 发消息",
    });

    fireEvent.click(screen.getByRole("button", { name: "快捷回复" }));
    fireEvent.click(
      await screen.findByRole("button", { name: "您好，请问有什么可以帮您？" }),
    );
    expect((composer as HTMLTextAreaElement).value).toBe(
      "您好，请问有什么可以帮您？",
    );
    expect(screen.queryByRole("region", { name: "快捷回复" })).toBeNull();

    // The manager: add (with the server's limit as a counter), then delete.
    fireEvent.click(screen.getByRole("button", { name: "快捷回复" }));
    fireEvent.click(await screen.findByRole("button", { name: "管理" }));
    const dialog = await screen.findByRole("dialog", { name: "管理快捷回复" });
    fireEvent.click(
      within(dialog).getByRole("button", { name: "添加快捷回复" }),
    );
    fireEvent.change(within(dialog).getByLabelText("新的快捷回复"), {
      target: { value: "愿您平安" },
    });
    expect(within(dialog).getByText("4/500")).toBeDefined();
    fireEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await within(dialog).findByText("愿您平安");
    expect(ws.replies.map((r) => r.text)).toContain("愿您平安");
    fireEvent.click(
      within(dialog).getByRole("button", {
        name: "删除：您好，请问有什么可以帮您？",
      }),
    );
    await waitFor(() => {
      expect(ws.replies.map((r) => r.text)).toEqual(["愿您平安"]);
    });
    expect(within(dialog).queryByText("您好，请问有什么可以帮您？")).toBeNull();
  });

  it("hands the chat to a monk after a confirmation, and says a refusal in the user's words", async () => {
    ws.addCustomer("u_1", { nickname: "善信甲" });
    await openWorkspace("/staff/chats?chat=u_1");
    const side = screen.getByRole("complementary", { name: "客户资料" });
    await within(side).findByTestId("ws-assignee");

    ws.fail(
      "staff/v1/handOff",
      refuse("HAND_OFF_TARGET_INVALID", "developer text"),
    );
    fireEvent.click(within(side).getByRole("button", { name: "转交" }));
    // Whoever answers now is not offered.
    await within(side).findByRole("radio", { name: /慧明法师/ });
    expect(within(side).queryByRole("radio", { name: /福缘客服/ })).toBeNull();
    fireEvent.click(within(side).getByRole("radio", { name: /慧明法师/ }));
    fireEvent.click(within(side).getByRole("button", { name: "下一步" }));
    fireEvent.click(within(side).getByRole("button", { name: "确认转交" }));
    expect(await within(side).findByRole("alert")).toHaveProperty(
      "textContent",
      "只能转交给客服或法师",
    );

    ws.heal();
    fireEvent.click(within(side).getByRole("button", { name: "下一步" }));
    fireEvent.click(within(side).getByRole("button", { name: "确认转交" }));
    await waitFor(() => {
      expect(within(side).getByTestId("ws-assignee").textContent).toBe(
        "慧明法师",
      );
    });
    expect(ws.callsTo("staff/v1/handOff").at(-1)!.body).toEqual({
      imId: "u_1",
      toImId: "monk_7",
    });
    // "Assigned to me" is asked again: the chat left the caller's list.
    await waitFor(() => {
      expect(ws.callsTo("staff/v1/assigned").length).toBeGreaterThan(1);
    });
  });
});

describe("an order's moves in the context pane", () => {
  /** Opens u_1's chat and, in the pane, their order `title`; resolves with the pane and panel. */
  async function openOrderInPane(title: string, masterOrderNo: string) {
    ws.addCustomer("u_1", { nickname: "善信甲" });
    await openWorkspace("/staff/chats?chat=u_1");
    const side = screen.getByRole("complementary", { name: "客户资料" });
    const row = await within(side).findByRole("button", {
      name: new RegExp(title),
    });
    fireEvent.click(row);
    const panel = within(side).getByRole("region", {
      name: `订单 ${masterOrderNo}`,
    });
    return { side, row, panel };
  }

  it("starts the service on a planned day without leaving the chat; the list reads it again", async () => {
    const order = desk.seed();
    const { row, panel } = await openOrderInPane(
      order.product.title,
      order.masterOrderNo,
    );
    expect(within(row).getByText("已支付")).toBeDefined();
    const form = within(panel).getByRole("form", { name: "开始服务" });
    const target = addDays(localDay(new Date()), 2);
    fireEvent.change(within(form).getByLabelText("安排日期"), {
      target: { value: target },
    });
    const listed = desk.callsTo("order/v1/staff/list").length;
    fireEvent.click(within(form).getByRole("button", { name: "开始服务" }));

    expect(await screen.findByText("已开始服务")).toBeDefined();
    expect(desk.callsTo("order/v1/fulfil")[0]?.body).toEqual({
      masterId: order.masterId,
      status: "in_service",
      plannedAt: plannedAtOf(target),
    });
    // The pane's list is fetched again: the row says 服务中, the order stays open with its next
    // move, and its heading has the focus (the thread stays where it was).
    await waitFor(() => {
      expect(within(row).getByText("服务中")).toBeDefined();
    });
    expect(desk.callsTo("order/v1/staff/list").length).toBeGreaterThan(listed);
    expect(row.getAttribute("aria-expanded")).toBe("true");
    expect(within(panel).getByRole("form", { name: "标记完成" })).toBeDefined();
    expect(within(panel).queryByRole("form", { name: "开始服务" })).toBeNull();
    expect(document.activeElement).toBe(
      within(panel).getByRole("heading", {
        level: 4,
        name: `订单 ${order.masterOrderNo}`,
      }),
    );
    expect(
      screen.getByRole("heading", { level: 1, name: "善信甲" }),
    ).toBeDefined();
  });

  it("reviews a refund there: approve behind the confirmation naming the amount", async () => {
    const order = desk.seed();
    desk.requestRefund(order, "计划有变");
    const { row, panel } = await openOrderInPane(
      order.product.title,
      order.masterOrderNo,
    );
    expect(within(row).getByText("退款待审核")).toBeDefined();
    const review = within(panel).getByRole("region", { name: "审核退款" });
    expect(within(review).getByText("计划有变")).toBeDefined();
    fireEvent.click(within(review).getByRole("button", { name: "同意退款" }));
    expect(within(review).getByText(/确定同意退款 ¥176\.00 吗/)).toBeDefined();
    fireEvent.click(within(review).getByRole("button", { name: "确认退款" }));

    expect(await screen.findByText("已同意退款")).toBeDefined();
    expect(desk.callsTo("order/v1/refund/review")[0]?.body).toEqual({
      masterId: order.masterId,
      approve: true,
    });
    await waitFor(() => {
      expect(within(row).getByText("退款处理中")).toBeDefined();
    });
    expect(
      within(panel).queryByRole("region", { name: "审核退款" }),
    ).toBeNull();
    expect(within(panel).getByRole("region", { name: "退款" })).toBeDefined();
  });

  it("shows a refusal in the form and reads the list again after a conflict", async () => {
    const order = desk.seed();
    const { panel } = await openOrderInPane(
      order.product.title,
      order.masterOrderNo,
    );
    desk.failPath("order/v1/fulfil", "ORDER_STATE_CONFLICT", "refused", {
      from: "paid",
      to: "in_service",
    });
    const listed = desk.callsTo("order/v1/staff/list").length;
    const form = within(panel).getByRole("form", { name: "开始服务" });
    fireEvent.click(within(form).getByRole("button", { name: "开始服务" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "订单状态已变化，请刷新后查看",
    );
    await waitFor(() => {
      expect(desk.callsTo("order/v1/staff/list").length).toBeGreaterThan(
        listed,
      );
    });
  });
});
