// The desk's agenda and search (#22): the agenda groups the server's order under overdue (marked),
// today, tomorrow and later days, then the orders to start; staff and admins search (the search
// goes to the server as q and shows its results or an empty state), a monk has no search box.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  agendaGroups,
  localDay,
} from "../../../../src/temple/desk/StaffAgendaList";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { resetApp } from "../../../support/ui/renderApp";
import { installFakeStaffDesk, type FakeStaffDesk } from "../../../support/ui/temple/fakeStaffDesk";
import { openAs } from "./deskSupport";

let api: FakeApi;
let desk: FakeStaffDesk;

beforeEach(() => {
  api = installFakeApi();
  desk = installFakeStaffDesk();
});
afterEach(() => {
  resetApp();
});

/** Noon (local) `days` from today, as the server sends it. */
const noonIn = (days: number) => {
  const now = new Date();
  return new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() + days,
    12,
  ).toISOString();
};

it("groups in the server's order: overdue, today, tomorrow, a later day, then to start", () => {
  const inService = (plannedAt: string) =>
    ({ status: "in_service", plannedAt }) as const;
  const orders = [
    { masterId: 1, ...inService(noonIn(-3)) },
    { masterId: 2, ...inService(noonIn(-1)) },
    { masterId: 3, ...inService(noonIn(0)) },
    { masterId: 4, ...inService(noonIn(0)) },
    { masterId: 5, ...inService(noonIn(1)) },
    { masterId: 6, ...inService(noonIn(9)) },
    { masterId: 7, status: "paid", plannedAt: null },
    { masterId: 8, status: "paid", plannedAt: null },
  ] as unknown as Parameters<typeof agendaGroups>[0];
  const groups = agendaGroups(orders, localDay(new Date()));
  expect(
    groups.map((g) => [g.group.kind, g.orders.map((o) => o.masterId)]),
  ).toEqual([
    ["overdue", [1, 2]],
    ["day", [3, 4]],
    ["day", [5]],
    ["day", [6]],
    ["to_start", [7, 8]],
  ]);
});

it("a monk's agenda shows the days with the overdue order marked, and no search box", async () => {
  desk.seed();
  desk.seed({ status: "in_service", plannedAt: noonIn(4) });
  desk.seed({ status: "in_service", plannedAt: noonIn(1) });
  desk.seed({ status: "in_service", plannedAt: noonIn(0) });
  const late = desk.seed({ status: "in_service", plannedAt: noonIn(-2) });
  desk.seed({ status: "completed" });
  await openAs(api, "monk", "/staff/orders?queue=agenda");
  const tabs = screen.getByRole("navigation", { name: "订单队列" });
  expect(
    within(tabs)
      .getByRole("link", { name: "日程" })
      .getAttribute("aria-current"),
  ).toBe("page");
  const headings = (await screen.findAllByRole("heading", { level: 3 })).map(
    (h) => h.textContent,
  );
  expect(headings).toHaveLength(5);
  expect(headings[0]).toBe("已逾期1");
  expect(headings[1]).toMatch(/^今天 · .+1$/);
  expect(headings[2]).toMatch(/^明天 · .+1$/);
  expect(headings[4]).toBe("待开始（先付款的在前）1");
  const overdue = within(
    screen.getByRole("list", { name: "已逾期1" }),
  ).getAllByRole("link");
  expect(overdue.map((row) => row.dataset.masterId)).toEqual([
    String(late.masterId),
  ]);
  expect(overdue[0]!.textContent).toContain("已逾期");
  expect(overdue[0]!.className).toContain("is-overdue");
  expect(screen.queryByRole("search")).toBeNull();
  expect(
    desk
      .callsTo("order/v1/staff/list")
      .map((call) => [call.query.get("queue"), call.query.get("pageSize")]),
  ).toContainEqual(["agenda", "20"]);
});

it("staff search by nickname on the server and see the results, or that none matched", async () => {
  desk.seed();
  const wanted = desk.seed({ status: "completed" });
  const { router } = await openAs(api, "service", "/staff/orders");
  const search = screen.getByRole("search", { name: "搜索订单" });
  fireEvent.change(within(search).getByRole("searchbox"), {
    target: { value: `  ${wanted.customer.nickname} ` },
  });
  fireEvent.click(within(search).getByRole("button", { name: "搜索" }));
  await screen.findByRole("heading", {
    level: 2,
    name: `“${wanted.customer.nickname}”的搜索结果：1 笔`,
  });
  expect(router.state.location.search).toEqual({
    queue: "all",
    q: wanted.customer.nickname,
  });
  const asked = desk
    .callsTo("order/v1/staff/list")
    .filter((call) => call.query.get("q") !== null);
  expect(asked.map((call) => call.query.get("q"))).toEqual([
    wanted.customer.nickname,
  ]);
  const rows = within(
    screen.getByRole("list", { name: /的搜索结果/ }),
  ).getAllByRole("link");
  expect(rows.map((row) => row.dataset.masterId)).toEqual([
    String(wanted.masterId),
  ]);

  fireEvent.change(screen.getByRole("searchbox"), {
    target: { value: "无此人" },
  });
  fireEvent.click(screen.getByRole("button", { name: "搜索" }));
  expect(
    await screen.findByText(
      "没有找到相符的订单。请检查订单号，或换用昵称、IM 号搜索。",
    ),
  ).toBeDefined();
  fireEvent.click(screen.getByRole("link", { name: "清除搜索" }));
  await waitFor(() => {
    expect(router.state.location.search).toEqual({ queue: "all" });
  });
  expect(screen.getByRole<HTMLInputElement>("searchbox").value).toBe("");
});
