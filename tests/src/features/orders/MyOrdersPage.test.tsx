// /myOrder: the auth guard, my orders newest first linking to each order, the status filter in
// ?status=, and pagination in ?page=.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { installFakeCommerce, type FakeCommerce } from "../../../support/ui/fakeCommerce";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";

let api: FakeApi;
let commerce: FakeCommerce;

beforeEach(() => {
  api = installFakeApi();
  commerce = installFakeCommerce();
});
afterEach(() => {
  resetApp();
});

it("sends signed-out visitors to /login?redirect=/myOrder", async () => {
  const { router } = renderApp("/myOrder");
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/login");
  });
  expect(router.state.location.search).toEqual({ redirect: "/myOrder" });
});

it("lists my orders newest first, each linking to its order", async () => {
  const older = commerce.seed({ quantity: 3, totalFen: 26400 });
  const newer = commerce.seed({ status: "paid", payBefore: null });
  signIn(api);
  renderApp("/myOrder");
  await screen.findByRole(
    "heading",
    { level: 1, name: "我的订单" },
    { timeout: 5000 },
  );
  const links = await screen.findAllByRole(
    "link",
    { name: /光明灯/ },
    { timeout: 5000 },
  );
  expect(links.map((link) => link.getAttribute("href"))).toEqual([
    `/order?masterOrderNo=${newer.masterOrderNo}`,
    `/order?masterOrderNo=${older.masterOrderNo}`,
  ]);
  expect(within(links[0]!).getByText("已支付")).toBeDefined();
  expect(within(links[1]!).getByText("¥264.00")).toBeDefined();
  expect(within(links[1]!).getByText("七日 × 3")).toBeDefined();
});

it("filters by status and shows an empty state", async () => {
  commerce.seed();
  commerce.seed({ status: "paid", payBefore: null });
  signIn(api);
  const { router } = renderApp("/myOrder");
  await screen.findAllByRole("link", { name: /光明灯/ }, { timeout: 5000 });
  const filters = screen.getByRole("navigation", { name: "订单状态" });
  fireEvent.click(within(filters).getByRole("link", { name: "已支付" }));
  await waitFor(() => {
    expect(router.state.location.search).toEqual({ status: "paid" });
  });
  await waitFor(() => {
    expect(screen.getAllByRole("link", { name: /光明灯/ })).toHaveLength(1);
  });
  expect(commerce.callsTo("order/v1/mine").at(-1)?.query.get("status")).toBe(
    "paid",
  );
  fireEvent.click(within(filters).getByRole("link", { name: "已退款" }));
  expect(
    await screen.findByText("暂无订单", undefined, { timeout: 5000 }),
  ).toBeDefined();
});

it("pages through more than ten orders", async () => {
  for (let i = 0; i < 12; i++) commerce.seed();
  signIn(api);
  renderApp("/myOrder");
  await screen.findAllByRole("link", { name: /光明灯/ }, { timeout: 5000 });
  expect(screen.getAllByRole("link", { name: /光明灯/ })).toHaveLength(10);
  expect(screen.getByText("第 1 / 2 页")).toBeDefined();
  fireEvent.click(screen.getByRole("link", { name: /下一页/ }));
  await waitFor(() => {
    expect(screen.getAllByRole("link", { name: /光明灯/ })).toHaveLength(2);
  });
  expect(commerce.callsTo("order/v1/mine").at(-1)?.query.get("page")).toBe("2");
});

it("/my links to my orders by state, with their counts, and to the fate sign-up", async () => {
  commerce.seed({});
  commerce.seed({});
  commerce.seed({ status: "completed", payBefore: null });
  signIn(api);
  renderApp("/my");
  const pending = await screen.findByTestId(
    "order-count-pending",
    {},
    { timeout: 5000 },
  );
  expect(pending.textContent).toBe("2");
  expect(screen.getByTestId("order-count-done").textContent).toBe("1");
  expect(screen.getByTestId("order-count-all").textContent).toBe("3");
  expect(screen.queryByTestId("order-count-service")).toBeNull();
  const orders = within(screen.getByRole("region", { name: "我的订单" }));
  expect(
    orders.getAllByRole("link").map((link) => link.getAttribute("href")),
  ).toEqual([
    "/myOrder?status=pending_payment",
    "/myOrder?status=in_service",
    "/myOrder?status=completed",
    "/myOrder",
  ]);
  expect(
    commerce.callsTo("order/v1/mine").map((call) => call.query.get("pageSize")),
  ).toEqual(["1", "1", "1", "1"]);
  expect(
    screen.getByRole("link", { name: "共结善缘报名" }).getAttribute("href"),
  ).toBe("/register");
});

it("shows each order's picture, and an unpaid one's way to pay with the time left", async () => {
  const unpaid = commerce.seed({
    payBefore: new Date(Date.now() + 125_000).toISOString(),
  });
  commerce.seed({ status: "paid", payBefore: null });
  signIn(api);
  renderApp("/myOrder");
  const pay = await screen.findByRole(
    "link",
    { name: "去支付" },
    { timeout: 5000 },
  );
  expect(pay.getAttribute("href")).toBe(
    `/order?masterOrderNo=${unpaid.masterOrderNo}`,
  );
  const timer = screen.getByRole("timer");
  expect(timer.textContent).toMatch(/^剩余 02:0\d，超时自动取消$/);
  expect(pay.getAttribute("aria-describedby")).toBe(timer.id);
  expect(screen.getAllByRole("link", { name: "去支付" })).toHaveLength(1);
  const covers = document.querySelectorAll("img.order-card-cover");
  expect(covers).toHaveLength(2);
});
