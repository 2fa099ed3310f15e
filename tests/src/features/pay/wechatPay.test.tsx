// Paying inside WeChat's browser: an order without openid goes to WeChat's silent authorization;
// /callback?source=order binds the code and resumes payment on the order page, which asks for
// JSAPI with the page URL and opens the emulator's cashier. A refused bind is shown.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderApp, signIn } from "../../../support/ui/renderApp";
import { usePayBrowser } from "./payBrowser";

const IPHONE_WECHAT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN";

const browser = usePayBrowser(IPHONE_WECHAT);

it("authorizes first when the order has no openid bound", async () => {
  const { api, commerce, assign } = browser;
  const order = commerce.seed();
  signIn(api);
  renderApp(`/order?masterOrderNo=${order.masterOrderNo}`);
  fireEvent.click(
    await screen.findByRole("button", { name: "微信支付" }, { timeout: 5000 }),
  );
  await waitFor(() => {
    expect(assign).toHaveBeenCalledTimes(1);
  });
  expect(assign.mock.calls[0]![0]).toContain("/dev/wechat/authorize");
  expect(commerce.callsTo("pay/v1/jsapi")).toHaveLength(0);
});

it("the order callback binds the openid, then the order page resumes with JSAPI", async () => {
  const { api, commerce, assign } = browser;
  const order = commerce.seed();
  signIn(api);
  const { router } = renderApp(
    `/callback?type=2&source=order&masterId=${String(order.masterId)}&masterOrderNo=${order.masterOrderNo}&id=12&code=wxcode&state=good-state`,
  );
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/order");
  });
  await waitFor(() => {
    expect(assign).toHaveBeenCalledTimes(1);
  });
  expect(commerce.callsTo("pay/v1/bindOpenid")[0]?.body).toEqual({
    code: "wxcode",
    state: "good-state",
    masterId: order.masterId,
  });
  expect(router.state.location.pathname).toBe("/order");
  const [jsapi] = commerce.callsTo("pay/v1/jsapi");
  expect(jsapi?.body).toEqual({
    masterOrderNo: order.masterOrderNo,
    url: window.location.href,
  });
  expect(assign.mock.calls[0]![0]).toContain("/dev/pay/cashier?prepay_id=");
});

it("a refused bind is shown and leads back to the order", async () => {
  const { api, commerce, assign } = browser;
  const order = commerce.seed();
  signIn(api);
  renderApp(
    `/callback?type=2&source=order&masterId=${String(order.masterId)}&masterOrderNo=${order.masterOrderNo}&id=12&code=wxcode&state=forged`,
  );
  expect(
    await screen.findByText("微信授权已失效，请重新发起支付", undefined, {
      timeout: 5000,
    }),
  ).toBeDefined();
  expect(order.openidBound).toBe(false);
  expect(assign).not.toHaveBeenCalled();
});
