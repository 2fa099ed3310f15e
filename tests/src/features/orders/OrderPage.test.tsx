// /order?masterOrderNo=: the order, its timeline and countdown; Native pay showing the QR code and
// the emulator cashier link, polling every 2 s until the server says paid; cancelling behind a
// confirmation; the 404 screen for a malformed or foreign number; once paid, the lamp (lit before
// one's eyes when paid on the page).
import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { installFakeCommerce, type FakeCommerce } from "../../../support/ui/fakeCommerce";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";
import { openOrder } from "./openOrder";
import { paidAtNextPoll } from "../pay/payBrowser";

let api: FakeApi;
let commerce: FakeCommerce;

beforeEach(() => {
  api = installFakeApi();
  commerce = installFakeCommerce();
});
afterEach(() => {
  resetApp();
});

it("shows the order, its timeline and the time left to pay", async () => {
  const order = commerce.seed({
    createdAt: new Date().toISOString(),
    payBefore: new Date(Date.now() + 125_000).toISOString(),
  });
  await openOrder(api, order.masterOrderNo);
  expect(screen.getAllByText("待支付").length).toBeGreaterThan(0);
  expect(screen.getByText(order.masterOrderNo)).toBeDefined();
  expect(screen.getByText("家人平安")).toBeDefined();
  expect(screen.getByText(/^02:0[45]$/)).toBeDefined();
  const timeline = screen.getByRole("region", { name: "订单进度" });
  expect(timeline.querySelectorAll("li")).toHaveLength(1);
  expect(screen.getByRole("button", { name: "立即支付" })).toBeDefined();
  expect(screen.getByRole("button", { name: "取消订单" })).toBeDefined();
});

it("reads an 18-digit order number from a plain URL without losing digits", async () => {
  const order = commerce.seed();
  await openOrder(api, order.masterOrderNo);
  const [call] = commerce.callsTo("order/v1/detail");
  expect(call?.query.get("masterOrderNo")).toBe(order.masterOrderNo);
});

it("opens an order whose number a JavaScript number prints back unchanged (…500)", async () => {
  // NOTE: about 1 order number in 32 is such a number; the router's decoder used to turn it
  // into a number, and the page showed 404.
  const order = commerce.seed({ masterOrderNo: "202611224865936500" });
  await openOrder(api, order.masterOrderNo);
  expect(screen.getByText(order.masterOrderNo)).toBeDefined();
  const [call] = commerce.callsTo("order/v1/detail");
  expect(call?.query.get("masterOrderNo")).toBe(order.masterOrderNo);
});

it("shows the 404 screen for a malformed or unknown order number", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  signIn(api);
  renderApp("/order?masterOrderNo=12ab");
  expect(
    await screen.findByRole(
      "heading",
      { name: "404: 页面找不到" },
      { timeout: 5000 },
    ),
  ).toBeDefined();
  expect(commerce.callsTo("order/v1/detail")).toHaveLength(0);
});

it("shows the 404 screen for an order the server does not show me", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  signIn(api);
  renderApp("/order?masterOrderNo=202611210000000099");
  expect(
    await screen.findByRole(
      "heading",
      { name: "404: 页面找不到" },
      { timeout: 5000 },
    ),
  ).toBeDefined();
  expect(commerce.callsTo("order/v1/detail")).toHaveLength(1);
});

it("pays with Native: QR code, emulator cashier link, polling every 2 s until the server says paid", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const order = commerce.seed();
  await openOrder(api, order.masterOrderNo);
  fireEvent.click(screen.getByRole("button", { name: "立即支付" }));
  const qr = await screen.findByRole(
    "img",
    { name: "微信支付二维码" },
    { timeout: 5000 },
  );
  expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  const cashier = screen.getByRole("link", { name: "打开模拟收银台" });
  expect(cashier.getAttribute("href")).toContain("/dev/pay/cashier?prepay_id=");
  expect(screen.getByText("等待支付结果…")).toBeDefined();
  await waitFor(() => {
    expect(commerce.callsTo("pay/v1/status")).toHaveLength(1);
  });
  await act(() => vi.advanceTimersByTimeAsync(2000));
  expect(commerce.callsTo("pay/v1/status")).toHaveLength(2);
  expect(screen.queryByText("支付成功，法师将如法为您操办。")).toBeNull();
  await paidAtNextPoll(commerce, order.masterOrderNo);
  expect(screen.queryByRole("button", { name: "立即支付" })).toBeNull();
  expect(screen.getAllByText("已支付").length).toBeGreaterThan(0);
  // Paid before one's eyes: the lamp is being lit.
  const blessing = screen.getByRole("region", { name: "心灯已燃" });
  expect(blessing.classList.contains("is-lighting")).toBe(true);
  expect(screen.getByText("愿您福慧增长，所愿皆成。")).toBeDefined();
  const calls = commerce.callsTo("pay/v1/status").length;
  await act(() => vi.advanceTimersByTimeAsync(6000));
  expect(commerce.callsTo("pay/v1/status")).toHaveLength(calls);
});

it("shows a failure to start payment with the server's message and lets the user retry", async () => {
  commerce.failPath(
    "pay/v1/native",
    "ORDER_NOT_PAYABLE",
    "order 1 is cancelled; it cannot be paid",
    { status: "cancelled" },
  );
  const order = commerce.seed();
  await openOrder(api, order.masterOrderNo);
  fireEvent.click(screen.getByRole("button", { name: "立即支付" }));
  expect(
    await screen.findByText("该订单状态为「已取消」，无法支付", undefined, {
      timeout: 5000,
    }),
  ).toBeDefined();
  commerce.heal();
  fireEvent.click(screen.getByRole("button", { name: "立即支付" }));
  expect(
    await screen.findByRole(
      "img",
      { name: "微信支付二维码" },
      { timeout: 5000 },
    ),
  ).toBeDefined();
});

it("cancels after a confirmation and shows the cancelled order", async () => {
  const order = commerce.seed();
  await openOrder(api, order.masterOrderNo);
  fireEvent.click(screen.getByRole("button", { name: "取消订单" }));
  fireEvent.click(screen.getByRole("button", { name: "再想想" }));
  expect(commerce.callsTo("order/v1/cancel")).toHaveLength(0);
  fireEvent.click(screen.getByRole("button", { name: "取消订单" }));
  fireEvent.click(screen.getByRole("button", { name: "确定取消" }));
  await waitFor(() => {
    expect(screen.queryByRole("button", { name: "立即支付" })).toBeNull();
  });
  expect(screen.getAllByText("已取消").length).toBeGreaterThan(0);
  expect(commerce.callsTo("order/v1/cancel")[0]?.body).toEqual({
    masterOrderNo: order.masterOrderNo,
  });
});

it("offers no payment once the time to pay has run out", async () => {
  const order = commerce.seed({
    payBefore: new Date(Date.now() - 1000).toISOString(),
  });
  await openOrder(api, order.masterOrderNo);
  expect(screen.getByText("支付已超时，订单即将关闭")).toBeDefined();
  expect(
    screen.getByRole<HTMLButtonElement>("button", { name: "立即支付" })
      .disabled,
  ).toBe(true);
});

it("an order opened already paid shows the lamp lit, without lighting it again", async () => {
  const order = commerce.seed({ status: "in_service", payBefore: null });
  await openOrder(api, order.masterOrderNo);
  const blessing = screen.getByRole("region", { name: "心灯已燃" });
  expect(blessing.classList.contains("is-lighting")).toBe(false);
  expect(blessing.querySelector("svg.blessing-lamp")).not.toBeNull();
  expect(within(blessing).getByRole("status").textContent).toBe(
    "支付成功，法师将如法为您操办。",
  );
});
