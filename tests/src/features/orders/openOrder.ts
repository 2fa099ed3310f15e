// Opens /order?masterOrderNo= signed in as the fake server's user and waits for the page's heading:
// shared by the order page's tests. Test support.
import { screen } from "@testing-library/react";
import type { FakeApi } from "../../../support/ui/fakeApi";
import { renderApp, signIn } from "../../../support/ui/renderApp";

export async function openOrder(api: FakeApi, masterOrderNo: string) {
  signIn(api);
  const view = renderApp(`/order?masterOrderNo=${masterOrderNo}`);
  await screen.findByRole(
    "heading",
    { level: 1, name: "订单详情" },
    { timeout: 5000 },
  );
  return view;
}
