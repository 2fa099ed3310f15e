// /order: asking for a refund (#22). The action shows only while the server says `refundable`; the
// sheet's reason is required (blank or invisible text cannot be sent), counted as the server counts
// it and capped at 200; a confirmation comes before the request; afterwards the page shows the
// refund under review with focus on it; a refusal is shown translated and keeps the text.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OrderDetail } from "../../../../src/api/commerce";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { installFakeCommerce, type FakeCommerce } from "../../../support/ui/fakeCommerce";
import { resetApp } from "../../../support/ui/renderApp";
import { openOrder } from "./openOrder";

let api: FakeApi;
let commerce: FakeCommerce;

beforeEach(() => {
  api = installFakeApi();
  commerce = installFakeCommerce();
});
afterEach(() => {
  resetApp();
});

function seedPaid(overrides: Partial<OrderDetail> = {}) {
  return commerce.seed({
    status: "paid",
    payBefore: null,
    paidAt: new Date().toISOString(),
    refundable: true,
    ...overrides,
  });
}

async function openSheet() {
  fireEvent.click(screen.getByRole("button", { name: "申请退款" }));
  const sheet = await screen.findByRole("dialog", { name: "申请退款" });
  const reason = within(sheet).getByRole<HTMLTextAreaElement>("textbox", {
    name: "退款原因",
  });
  const submit = within(sheet).getByRole<HTMLButtonElement>("button", {
    name: "提交申请",
  });
  return { sheet, reason, submit };
}

const type = (field: HTMLTextAreaElement, value: string) => {
  fireEvent.change(field, { target: { value } });
};

it("offers a refund only while the server allows it", async () => {
  const notNow = seedPaid({ refundable: false });
  await openOrder(api, notNow.masterOrderNo);
  expect(screen.queryByRole("button", { name: "申请退款" })).toBeNull();
  resetApp();
  api = installFakeApi();
  commerce = installFakeCommerce();
  const paid = seedPaid();
  await openOrder(api, paid.masterOrderNo);
  const ask = screen.getByRole("button", { name: "申请退款" });
  // A quiet action after the order's own content, not in the lamp's place.
  expect(ask.classList.contains("btn-ghost")).toBe(true);
  expect(
    screen
      .getByRole("region", { name: "订单进度" })
      .compareDocumentPosition(ask) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
});

it("needs a visible reason of at most 200 characters, counted as the server counts them", async () => {
  await openOrder(api, seedPaid().masterOrderNo);
  const { sheet, reason, submit } = await openSheet();
  expect(document.activeElement).toBe(reason);
  expect(within(sheet).getByText("0 / 200 字")).toBeDefined();
  expect(submit.disabled).toBe(true);
  type(reason, "   \n ");
  expect(submit.disabled).toBe(true);
  type(reason, "\u200b\u200b");
  expect(submit.disabled).toBe(true);
  type(reason, "  不需要了 ");
  expect(submit.disabled).toBe(false);
  expect(within(sheet).getByText("4 / 200 字")).toBeDefined();
  // An emoji is one character to the server (a code point), not two.
  type(reason, `${"好".repeat(199)}🙏`);
  expect(within(sheet).getByText("200 / 200 字")).toBeDefined();
  expect(submit.disabled).toBe(false);
  expect(reason.getAttribute("aria-invalid")).toBeNull();
  type(reason, "好".repeat(201));
  expect(within(sheet).getByText("201 / 200 字")).toBeDefined();
  expect(submit.disabled).toBe(true);
  expect(reason.getAttribute("aria-invalid")).toBe("true");
  expect(within(sheet).getByRole("alert").textContent).toBe(
    "退款原因最多 200 字",
  );
  expect(reason.getAttribute("aria-describedby")).toContain(
    within(sheet).getByRole("alert").id,
  );
  fireEvent.click(within(sheet).getByRole("button", { name: "取消" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(commerce.callsTo("order/v1/refund/request")).toHaveLength(0);
});

it("confirms, sends the trimmed reason and shows the refund under review", async () => {
  const order = seedPaid();
  await openOrder(api, order.masterOrderNo);
  expect(screen.getByRole("region", { name: "心灯已燃" })).toBeDefined();
  const { sheet, reason, submit } = await openSheet();
  type(reason, "  家中有变，不需要了\n");
  fireEvent.click(submit);
  expect(within(sheet).getByText("确定申请退款 ¥88.00 吗？")).toBeDefined();
  expect(commerce.callsTo("order/v1/refund/request")).toHaveLength(0);
  // Back to the text, kept as typed.
  fireEvent.click(within(sheet).getByRole("button", { name: "返回修改" }));
  const again = within(sheet).getByRole<HTMLTextAreaElement>("textbox", {
    name: "退款原因",
  });
  expect(again.value).toBe("  家中有变，不需要了\n");
  expect(document.activeElement).toBe(again);
  fireEvent.click(within(sheet).getByRole("button", { name: "提交申请" }));
  const confirm = within(sheet).getByRole("button", { name: "确认申请" });
  expect(document.activeElement).toBe(confirm);
  fireEvent.click(confirm);

  const card = await screen.findByRole(
    "region",
    { name: "退款申请" },
    { timeout: 5000 },
  );
  expect(commerce.callsTo("order/v1/refund/request")[0]?.body).toEqual({
    masterId: order.masterId,
    reason: "家中有变，不需要了",
  });
  await waitFor(() => {
    expect(screen.queryByRole("dialog")).toBeNull();
  });
  expect(within(card).getByText("退款申请审核中")).toBeDefined();
  expect(within(card).getByText("家中有变，不需要了")).toBeDefined();
  expect(screen.queryByRole("button", { name: "申请退款" })).toBeNull();
  // The lamp would contradict a refund under review.
  expect(screen.queryByRole("region", { name: "心灯已燃" })).toBeNull();
  expect(await screen.findByText("退款申请已提交")).toBeDefined();
  await waitFor(() => {
    expect(document.activeElement).toBe(
      within(card).getByRole("heading", { name: "退款申请" }),
    );
  });
});

it("shows a refusal in the user's words, keeps the text and re-reads the order", async () => {
  commerce.failPath(
    "order/v1/refund/request",
    "REFUND_NOT_ALLOWED",
    "order 1 is completed; it cannot be refunded",
    { status: "completed" },
  );
  const order = seedPaid();
  await openOrder(api, order.masterOrderNo);
  const reads = commerce.callsTo("order/v1/detail").length;
  const { sheet, reason, submit } = await openSheet();
  type(reason, "不需要了");
  fireEvent.click(submit);
  fireEvent.click(within(sheet).getByRole("button", { name: "确认申请" }));
  const alert = await within(sheet).findByRole("alert");
  expect(alert.textContent).toBe("该订单状态为「已完成」，无法退款");
  expect(
    within(sheet).getByRole<HTMLTextAreaElement>("textbox", {
      name: "退款原因",
    }).value,
  ).toBe("不需要了");
  await waitFor(() => {
    expect(commerce.callsTo("order/v1/detail").length).toBeGreaterThan(reads);
  });
  expect(screen.getByRole("dialog", { name: "申请退款" })).toBeDefined();
});

it("after a decline, the service goes on and the owner may ask again from the card", async () => {
  const order = seedPaid({
    refund: {
      status: "declined",
      reason: "不需要了",
      reviewReason: "法事已安排，暂不能退款",
      amountFen: 8800,
      requestedAt: new Date(Date.now() - 86_400_000).toISOString(),
      reviewedAt: new Date().toISOString(),
      refundedAt: null,
    },
  });
  await openOrder(api, order.masterOrderNo);
  const card = screen.getByRole("region", { name: "退款申请" });
  expect(within(card).getByText("法事已安排，暂不能退款")).toBeDefined();
  expect(screen.getByRole("region", { name: "心灯已燃" })).toBeDefined();
  // One way to ask again: the card's.
  expect(screen.queryByRole("button", { name: "申请退款" })).toBeNull();
  fireEvent.click(within(card).getByRole("button", { name: "再次申请退款" }));
  expect(await screen.findByRole("dialog", { name: "申请退款" })).toBeDefined();
});

it("a refunded order shows the refund, no lamp and nothing more to ask", async () => {
  const order = seedPaid({
    status: "refunded",
    refundable: false,
    refundedAt: new Date().toISOString(),
    refund: {
      status: "succeeded",
      reason: "不需要了",
      reviewReason: null,
      amountFen: 8800,
      requestedAt: new Date(Date.now() - 86_400_000).toISOString(),
      reviewedAt: new Date().toISOString(),
      refundedAt: new Date().toISOString(),
    },
  });
  await openOrder(api, order.masterOrderNo);
  expect(screen.getAllByText("已退款").length).toBeGreaterThan(0);
  const card = screen.getByRole("region", { name: "退款申请" });
  expect(card.textContent).toContain("已退款 ¥88.00");
  expect(screen.queryByRole("region", { name: "心灯已燃" })).toBeNull();
  expect(screen.queryByRole("button", { name: /申请退款/ })).toBeNull();
});
