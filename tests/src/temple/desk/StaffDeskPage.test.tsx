// /staff/orders: who may open the desk (staff, monks, admins; others see "no access", signed-out
// users sign in first), the entry on /my, the queue tabs with their counts, the rows of a queue,
// opening an order beside or instead of the list, and an order the caller may not handle.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";
import { installFakeStaffDesk, type FakeStaffDesk } from "../../../support/ui/temple/fakeStaffDesk";
import { openAs, userWithRole } from "./deskSupport";

let api: FakeApi;
let desk: FakeStaffDesk;

beforeEach(() => {
  api = installFakeApi();
  desk = installFakeStaffDesk();
});
afterEach(() => {
  resetApp();
});

describe("who may open the desk", () => {
  it("a plain user sees the no-access page even when the server answers", async () => {
    desk.seed();
    await openAs(api, "user", "/staff/orders", "无权访问");
    expect(screen.queryByRole("navigation", { name: "订单队列" })).toBeNull();
    expect(screen.queryByText("光明灯 1")).toBeNull();
    expect(
      screen.getByRole("link", { name: "返回我的" }).getAttribute("href"),
    ).toBe("/my");
    await waitFor(() => {
      expect(document.title).toBe("无权访问 · 福缘");
    });
  });

  it("a staffer the server refuses (403) sees the no-access page, in English too", async () => {
    desk.forbidden = true;
    await openAs(api, "service", "/en/staff/orders", "No access");
    expect(desk.callsTo("order/v1/staff/list").length).toBeGreaterThan(0);
  });

  it.each(["service", "monk", "admin"] as const)(
    "a %s user opens the desk",
    async (role) => {
      desk.seed();
      await openAs(api, role, "/staff/orders");
      expect(await screen.findByText("光明灯 1")).toBeDefined();
    },
  );

  it("a signed-out visitor signs in first and comes back", async () => {
    const { router } = renderApp("/staff/orders?queue=in_service");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/login");
    });
    expect(router.state.location.search).toEqual({
      redirect: "/staff/orders?queue=in_service",
    });
    expect(desk.calls).toHaveLength(0);
  });

  it("/my lists the desk for staff only", async () => {
    await openAs(api, "monk", "/my", "我的");
    const entry = await screen.findByRole("link", { name: "订单工作台" });
    expect(entry.getAttribute("href")).toBe("/staff/orders");
    resetApp();
    api = installFakeApi();
    await openAs(api, "user", "/my", "我的");
    await screen.findByRole("heading", { level: 2, name: "善信小林" });
    expect(screen.queryByRole("link", { name: "订单工作台" })).toBeNull();
  });
});

describe("the queues", () => {
  it("shows the to-start queue first, with counts on the work queues", async () => {
    const first = desk.seed();
    const second = desk.seed({ quantity: 3, totalFen: 26400 });
    const serving = desk.seed({
      status: "in_service",
      plannedAt: "2026-12-01T04:00:00.000Z",
    });
    desk.requestRefund(serving);
    await openAs(api, "service", "/staff/orders");
    const tabs = screen.getByRole("navigation", { name: "订单队列" });
    const tab = (name: RegExp) => within(tabs).getByRole("link", { name });
    expect(tab(/^待开始/).getAttribute("aria-current")).toBe("page");
    expect(tab(/^待开始/).textContent).toBe("待开始2");
    expect(tab(/^服务中/).textContent).toBe("服务中1");
    expect(tab(/^退款申请/).textContent).toBe("退款申请1");
    expect(tab(/^全部/).textContent).toBe("全部");

    const rows = within(
      screen.getByRole("list", { name: "待开始" }),
    ).getAllByRole("link");
    expect(rows.map((row) => row.dataset.masterId)).toEqual([
      String(second.masterId),
      String(first.masterId),
    ]);
    const row = rows[0]!;
    expect(row.textContent).toContain("光明灯 2");
    expect(row.textContent).toContain("七日 × 3");
    expect(row.textContent).toContain("¥264.00");
    expect(row.textContent).toContain("善信2");
    expect(row.textContent).toContain("付款");
    expect(row.textContent).toContain("已支付");
    expect(row.querySelector("img")?.getAttribute("src")).toBe(
      "/images/avatars/1.svg",
    );
    const asked = desk.callsTo("order/v1/staff/list").map((call) => ({
      queue: call.query.get("queue"),
      pageSize: call.query.get("pageSize"),
    }));
    expect(asked).toContainEqual({ queue: "to_start", pageSize: "20" });
    expect(asked).toContainEqual({ queue: "refund_requested", pageSize: "1" });
  });

  it("a tab shows its queue, with the planned day and the refund badge", async () => {
    desk.seed();
    const serving = desk.seed({
      status: "in_service",
      plannedAt: "2026-12-01T04:00:00.000Z",
    });
    desk.requestRefund(serving);
    const { router } = await openAs(api, "monk", "/staff/orders");
    fireEvent.click(screen.getByRole("link", { name: /^服务中/ }));
    const list = await screen.findByRole("list", { name: "服务中" });
    const rows = within(list).getAllByRole("link");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain("退款待审核");
    expect(rows[0]!.textContent).toContain("安排");
    expect(rows[0]!.textContent).toContain("2026年12月1日");
    expect(router.state.location.search).toEqual({ queue: "in_service" });
  });

  it("an empty queue says so", async () => {
    await openAs(api, "service", "/staff/orders?queue=refund_requested");
    expect(await screen.findByText("没有待审核的退款申请")).toBeDefined();
  });

  it("an unknown queue in the address reads as the first queue", async () => {
    desk.seed();
    await openAs(api, "service", "/staff/orders?queue=bogus&page=-3");
    expect(await screen.findByRole("list", { name: "待开始" })).toBeDefined();
    expect(desk.callsTo("order/v1/staff/list")[0]?.query.get("page")).toBe("1");
  });
});

describe("an open order", () => {
  it("opens beside the list, marks its row and links to the chat with the customer", async () => {
    const order = desk.seed({ wish: "愿母亲安康", birthDate: "1950-06-07" });
    const { router } = await openAs(api, "service", "/staff/orders");
    fireEvent.click(await screen.findByText("光明灯 1"));
    const heading = await screen.findByRole("heading", {
      level: 2,
      name: "光明灯 1",
    });
    expect(router.state.location.pathname).toBe(
      `/staff/orders/${String(order.masterId)}`,
    );
    expect(document.activeElement).toBe(heading);
    const row = screen
      .getByRole("list", { name: "待开始" })
      .querySelector(`[data-master-id="${String(order.masterId)}"]`);
    expect(row?.getAttribute("aria-current")).toBe("page");
    const facts = screen.getByRole("region", { name: "订单信息" });
    expect(within(facts).getByText("愿母亲安康")).toBeDefined();
    expect(within(facts).getByText("张三")).toBeDefined();
    expect(within(facts).getByText("1950年6月7日")).toBeDefined();
    expect(within(facts).getByText(order.masterOrderNo)).toBeDefined();
    const customer = screen.getByRole("region", { name: "客户" });
    expect(within(customer).getByText("善信1")).toBeDefined();
    expect(
      within(customer)
        .getByRole("link", { name: "联系客户" })
        .getAttribute("href"),
    ).toBe("/destiny?chat=u_101");
    // NOTE: WeChat Pay's note is for developers; the desk shows people's notes only.
    const timeline = screen.getByRole("region", { name: "订单进度" });
    expect(within(timeline).queryByText(/transaction/)).toBeNull();
    expect(within(timeline).getAllByRole("listitem")).toHaveLength(2);
  });

  it("goes back to the queue it came from, focusing the order's row", async () => {
    const order = desk.seed({ status: "in_service" });
    const { router } = await openAs(
      api,
      "service",
      `/staff/orders/${String(order.masterId)}?queue=in_service`,
    );
    fireEvent.click(await screen.findByRole("link", { name: "返回订单列表" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/staff/orders");
    });
    expect(router.state.location.search).toEqual({ queue: "in_service" });
    await waitFor(() => {
      expect(document.activeElement?.getAttribute("data-master-id")).toBe(
        String(order.masterId),
      );
    });
  });

  it("an order of another monk's service says it is out of reach", async () => {
    desk.seed();
    desk.failPath("order/v1/staff/detail", "FORBIDDEN", "not your service");
    await openAs(api, "monk", "/staff/orders/1");
    expect(
      await screen.findByRole("heading", { level: 2, name: "无法处理此订单" }),
    ).toBeDefined();
    expect(screen.getByRole("list", { name: "待开始" })).toBeDefined();
  });

  it("a malformed order id is the 404 screen", async () => {
    signIn(api);
    api.accounts.user = userWithRole("service");
    renderApp("/staff/orders/abc");
    expect(
      await screen.findByRole("heading", { level: 1, name: "404: 页面找不到" }),
    ).toBeDefined();
  });
});
