// The order rules of #contract (contract/orderRules.ts), pure: the state machine, the asked
// fields, when a refund may be asked, the pay window and the owner's list order. The server
// (tests/server/orders, fulfilment) and the tab's fake (tests/support/ui/fakeCommerce.ts) both use them.
import {
  askedFieldsRefusal,
  isRefundable,
  moveDecision,
  newestFirst,
  ORDER_STATUSES,
  type OrderStatus,
  orderPrice,
  PAY_WINDOW_MS,
  payBeforeOf,
  REFUND_STATUSES,
  refundableStatusRefusal,
  refundRequestRefusal,
  STATUS_TIMESTAMP,
  staffMoves,
} from "#contract";

const moves: [OrderStatus, OrderStatus, "same" | "move" | "refused"][] = [
  ["pending_payment", "paid", "move"],
  ["pending_payment", "cancelled", "move"],
  ["pending_payment", "in_service", "refused"],
  ["paid", "in_service", "move"],
  ["paid", "refunded", "move"],
  ["paid", "cancelled", "refused"],
  ["in_service", "completed", "move"],
  ["in_service", "refunded", "move"],
  ["completed", "refunded", "refused"],
  ["cancelled", "paid", "refused"],
  ["cancelled", "cancelled", "same"],
  ["paid", "paid", "same"],
];

it.each(moves)("%s → %s: %s", (from, to, expected) => {
  const decision = moveDecision("202611210000000001", from, to);
  if (expected === "refused")
    expect(decision).toEqual({
      reason: "ORDER_STATE_CONFLICT",
      message: `order 202611210000000001 is ${from.replace("_", " ")}; it cannot become ${to.replace("_", " ")}`,
      params: { from, to },
    });
  else expect(decision).toBe(expected);
});

it("every status but pending payment sets its own timestamp", () => {
  const stamps = ORDER_STATUSES.map((status) => STATUS_TIMESTAMP[status]);
  expect(stamps).toEqual([
    null,
    "paidAt",
    "serviceStartedAt",
    "completedAt",
    "cancelledAt",
    "refundedAt",
  ]);
});

describe("asked fields (the product asks for a name and a wish)", () => {
  const asks = { beneficiaryName: true, wish: true, birthDate: false };
  it.each([
    ["exactly the asked fields", [true, true, false], null],
    [
      "the first missing field, in form order",
      [false, false, false],
      ["FIELD_REQUIRED", "beneficiaryName", "is required for this product"],
    ],
    [
      "a field it does not ask for",
      [true, true, true],
      ["ORDER_FIELD_NOT_ASKED", "birthDate", "is not asked for this product"],
    ],
  ] as const)("%s", (_, [beneficiaryName, wish, birthDate], refusal) => {
    expect(
      askedFieldsRefusal(asks, { beneficiaryName, wish, birthDate }),
    ).toEqual(
      refusal === null
        ? null
        : {
            reason: refusal[0],
            message: `body/${refusal[1]} ${refusal[2]}`,
            params: { field: refusal[1] },
          },
    );
  });
});

it("prices an order as the option's price times the quantity", () => {
  expect(orderPrice(8800, 3)).toEqual({ unitPriceFen: 8800, totalFen: 26400 });
});

describe("refunds", () => {
  it("are refused while one is open, before the status is looked at", () => {
    expect(refundRequestRefusal("1", "completed", "processing")).toEqual({
      reason: "REFUND_OPEN",
      message: "a refund of this order is processing",
      params: { status: "processing" },
    });
  });
  it("are asked only while paid and not completed", () => {
    expect(refundRequestRefusal("1", "paid", "declined")).toBeNull();
    expect(refundRequestRefusal("1", "in_service", undefined)).toBeNull();
    expect(refundRequestRefusal("7", "completed", undefined)).toEqual({
      reason: "REFUND_NOT_ALLOWED",
      message:
        "order 7 is completed; only paid orders not yet completed are refunded",
      params: { status: "completed" },
    });
    expect(refundableStatusRefusal("7", "pending_payment", "")?.message).toBe(
      "order 7 is pending_payment",
    );
  });
  it("refundable says exactly when a request would be accepted", () => {
    for (const status of ORDER_STATUSES)
      for (const refund of [undefined, ...REFUND_STATUSES])
        expect(isRefundable(status, refund)).toBe(
          refundRequestRefusal("1", status, refund) === null,
        );
  });
});

it("gives a pending order its pay window, and no other order one", () => {
  expect(payBeforeOf("pending_payment", 1_000)).toBe(1_000 + PAY_WINDOW_MS);
  expect(PAY_WINDOW_MS).toBe(30 * 60_000);
  for (const status of ORDER_STATUSES.filter((s) => s !== "pending_payment"))
    expect(payBeforeOf(status, 1_000)).toBeNull();
});

it("lists newest first, the later id first at the same time", () => {
  const at = (iso: string, masterId: number) => ({ createdAt: iso, masterId });
  const list = [
    at("2026-11-20T10:00:00.000Z", 1),
    at("2026-11-21T10:00:00.000Z", 2),
    at("2026-11-20T10:00:00.000Z", 3),
  ].toSorted(newestFirst);
  expect(list.map((o) => o.masterId)).toEqual([2, 3, 1]);
});

it("staff start a paid order, complete one in service, review an asked refund", () => {
  expect(staffMoves("paid", undefined, false)).toEqual({
    startService: true,
    complete: false,
    reviewRefund: false,
  });
  expect(staffMoves("in_service", "declined", false).complete).toBe(true);
  expect(staffMoves("paid", "requested", true)).toEqual({
    startService: false,
    complete: false,
    reviewRefund: true,
  });
  expect(staffMoves("in_service", "processing", true)).toEqual({
    startService: false,
    complete: false,
    reviewRefund: false,
  });
});
