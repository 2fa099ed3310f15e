// Paying in a phone browser outside WeChat (issue #23 bug 8): the pay button asks for H5 and sends
// the browser to h5_url with a redirect_url back to this order; the returning page asks the server
// for the outcome and shows it, or, after a while without one, says so and offers to pay again.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderApp, signIn } from "../../../support/ui/renderApp";
import { paidAtNextPoll, usePayBrowser } from "./payBrowser";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const browser = usePayBrowser(IPHONE_SAFARI);

async function openOrder(path: string) {
  signIn(browser.api);
  renderApp(path);
  await screen.findByRole(
    "heading",
    { level: 1, name: "订单详情" },
    { timeout: 5000 },
  );
}

it("sends a phone browser to h5_url with a redirect_url back to the order, never a QR code", async () => {
  const { commerce, assign } = browser;
  const order = commerce.seed();
  await openOrder(`/order?masterOrderNo=${order.masterOrderNo}`);
  fireEvent.click(screen.getByRole("button", { name: "立即支付" }));
  await waitFor(() => {
    expect(assign).toHaveBeenCalledTimes(1);
  });
  const back = `${window.location.origin}/order?masterOrderNo=${order.masterOrderNo}&paying=1`;
  expect(assign.mock.calls[0]![0]).toBe(
    `http://localhost:3000/dev/pay/h5?prepay_id=wx${order.masterOrderNo}&package=1037687096&redirect_url=${encodeURIComponent(back)}`,
  );
  expect(commerce.callsTo("pay/v1/h5")[0]?.body).toEqual({
    masterOrderNo: order.masterOrderNo,
  });
  expect(commerce.callsTo("pay/v1/native")).toHaveLength(0);
  expect(screen.queryByRole("img", { name: "微信支付二维码" })).toBeNull();
});

it("back from H5, polls the server and shows the order paid", async () => {
  const { commerce, assign } = browser;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const order = commerce.seed();
  await openOrder(`/order?masterOrderNo=${order.masterOrderNo}&paying=1`);
  expect(await screen.findByText("正在确认支付结果…")).toBeDefined();
  await waitFor(() => {
    expect(commerce.callsTo("pay/v1/status")).toHaveLength(1);
  });
  await paidAtNextPoll(commerce, order.masterOrderNo);
  expect(assign).not.toHaveBeenCalled();
});

it("back from H5 without a payment, says so after a while and offers to pay again", async () => {
  const { commerce, assign } = browser;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const order = commerce.seed();
  await openOrder(`/order?masterOrderNo=${order.masterOrderNo}&paying=1`);
  await screen.findByText("正在确认支付结果…");
  await act(() => vi.advanceTimersByTimeAsync(22_000));
  expect(
    await screen.findByText(/^还没有收到支付结果。/, undefined, {
      timeout: 5000,
    }),
  ).toBeDefined();
  const calls = commerce.callsTo("pay/v1/status").length;
  await act(() => vi.advanceTimersByTimeAsync(6000));
  expect(commerce.callsTo("pay/v1/status")).toHaveLength(calls);
  const again = screen.getByRole("button", { name: "立即支付" });
  expect(again.hasAttribute("disabled")).toBe(false);
  expect(assign).not.toHaveBeenCalled();
});
