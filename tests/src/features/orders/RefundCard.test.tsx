// The refund card of the order page, one state at a time (#22): under review, declined with the
// staff's reason while the service goes on (and asking again only when the server allows it),
// being refunded, refunded with the amount and time, and stuck with staff following up.
import {
  cleanup,
  fireEvent,
  render,
  screen,
  within,
} from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import type { RefundView } from "../../../../src/api/commerce";
import { RefundCard } from "../../../../src/features/orders/RefundCard";
import { formatDateTime } from "../../../../src/lib/format";
import {
  activateLocale,
  loadCatalogPart,
} from "../../../../src/i18n/activateLocale";

const REQUESTED_AT = "2026-11-25T06:30:00.000Z";
const REFUNDED_AT = "2026-11-26T09:05:00.000Z";

function refund(overrides: Partial<RefundView> = {}): RefundView {
  return {
    status: "requested",
    reason: "家中有变，不需要了",
    reviewReason: null,
    amountFen: 8800,
    requestedAt: REQUESTED_AT,
    reviewedAt: null,
    refundedAt: null,
    ...overrides,
  };
}

function renderCard(view: RefundView, refundable = false) {
  const onAskAgain = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <RefundCard
        refund={view}
        refundable={refundable}
        locale="cn"
        onAskAgain={onAskAgain}
      />
    </I18nProvider>,
  );
  const card = screen.getByTestId("order-refund");
  return { card, onAskAgain };
}

const headline = (card: HTMLElement) =>
  card.querySelector(".order-refund-state")?.textContent;

/** The card's label → value pairs. */
function fields(card: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...card.querySelectorAll(".order-field")].map((row) => [
      row.querySelector("dt")?.textContent ?? "",
      row.querySelector("dd")?.textContent ?? "",
    ]),
  );
}

it("requested: under review, the service on hold, the amount, time and reason", () => {
  const { card } = renderCard(refund());
  expect(screen.getByRole("region", { name: "退款申请" })).toBe(card);
  expect(headline(card)).toBe("退款申请审核中");
  expect(
    within(card).getByText("客服会尽快审核，审核期间法事暂缓安排。"),
  ).toBeDefined();
  expect(fields(card)).toEqual({
    退款金额: "¥88.00",
    申请时间: formatDateTime(REQUESTED_AT, "cn"),
    退款原因: "家中有变，不需要了",
  });
  expect(within(card).queryByRole("button")).toBeNull();
});

it("declined: the staff's reason, the service goes on, and asking again when allowed", () => {
  const declined = refund({
    status: "declined",
    reviewReason: "法事已于昨日圆满，无法退款",
    reviewedAt: REFUNDED_AT,
  });
  const { card, onAskAgain } = renderCard(declined, true);
  expect(headline(card)).toBe("退款申请未通过");
  expect(within(card).getByText("法事将照常进行。")).toBeDefined();
  expect(fields(card).客服说明).toBe("法事已于昨日圆满，无法退款");
  fireEvent.click(within(card).getByRole("button", { name: "再次申请退款" }));
  expect(onAskAgain).toHaveBeenCalledTimes(1);
});

it("declined but not refundable now: no second request offered", () => {
  const { card } = renderCard(
    refund({ status: "declined", reviewReason: "不符合退款条件" }),
    false,
  );
  expect(within(card).queryByRole("button")).toBeNull();
});

it("processing: the money goes back the way it was paid", () => {
  const { card } = renderCard(
    refund({ status: "processing", reviewedAt: REFUNDED_AT }),
  );
  expect(headline(card)).toBe("退款处理中，款项将原路退回");
  expect(fields(card).客服说明).toBeUndefined();
});

it("succeeded: the amount and when it was refunded", () => {
  const { card } = renderCard(
    refund({
      status: "succeeded",
      amountFen: 12345,
      reviewedAt: REQUESTED_AT,
      refundedAt: REFUNDED_AT,
    }),
  );
  expect(headline(card)).toBe(
    `已退款 ¥123.45，于 ${formatDateTime(REFUNDED_AT, "cn")} 原路退回`,
  );
  expect(
    card.querySelector(".order-refund-state time")?.getAttribute("dateTime"),
  ).toBe(REFUNDED_AT);
  expect(fields(card).退款金额).toBeUndefined();
  expect(
    within(card).getByText("款项已退回您付款的微信账户，订单已关闭。"),
  ).toBeDefined();
});

it("failed: staff will get in touch", () => {
  const { card } = renderCard(refund({ status: "failed" }));
  expect(headline(card)).toBe("退款遇到问题，客服会联系您");
  expect(within(card).queryByRole("button")).toBeNull();
});

it("reads in English too", async () => {
  // NOTE: the orders' strings are their own catalog part, which the order page's route loads.
  await loadCatalogPart("orders");
  await activateLocale("en");
  try {
    const { card } = renderCard(refund({ status: "processing" }));
    expect(within(card).getByRole("heading").textContent).toBe(
      "Refund request",
    );
    expect(headline(card)).toBe(
      "Refund in progress: the money goes back the way you paid",
    );
  } finally {
    cleanup();
    await activateLocale("cn");
  }
});

it("shows the note staff gave with an approval", () => {
  const { card } = renderCard(
    refund({ status: "processing", reviewReason: "已为您办理，随喜功德" }),
  );
  expect(fields(card).客服说明).toBe("已为您办理，随喜功德");
});
