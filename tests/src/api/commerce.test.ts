// The order calls of src/api/commerce.ts: the shapes the tab reads stay those the server's schemas
// answer (#contract's contract/schemas/orders.ts; a drift fails the type check), and requestRefund posts
// the owner's request to its route and hands back the order the server answers.
import type { OrderDetailDto, RefundViewDto } from "#contract";
import {
  requestRefund,
  type OrderDetail,
  type RefundView,
  type TimelineEntry,
} from "../../../src/api/commerce";
import { ApiError } from "../../../src/api/ApiError";
import { ok, refuse } from "../../support/ui/fakeAnswers";

const answer = ({ status, body }: { status: number; body: unknown }) =>
  Promise.resolve(Response.json(body, { status }));

type ServerTimelineEntry = OrderDetailDto["timeline"][number];

describe("the order shapes match the server's schemas", () => {
  it("has the same fields", () => {
    expectTypeOf<keyof OrderDetail>().toEqualTypeOf<keyof OrderDetailDto>();
    expectTypeOf<keyof TimelineEntry>().toEqualTypeOf<
      keyof ServerTimelineEntry
    >();
    expectTypeOf<RefundView>().toEqualTypeOf<RefundViewDto>();
  });

  it("reads what the server sends (the actor, a plain string there, aside)", () => {
    expectTypeOf<Omit<OrderDetailDto, "timeline">>().toExtend<
      Omit<OrderDetail, "timeline">
    >();
    expectTypeOf<Omit<ServerTimelineEntry, "actor">>().toExtend<
      Omit<TimelineEntry, "actor">
    >();
  });
});

describe("requestRefund", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("posts masterId and reason and answers the updated order", async () => {
    const order = { masterId: 7, refundable: false };
    const fetchMock = vi.fn((_input: string, _init?: RequestInit) =>
      answer(ok(order)),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(requestRefund(7, "不需要了")).resolves.toEqual(order);
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(input, "http://localhost").pathname).toBe(
      "/api/app/order/v1/refund/request",
    );
    expect(init?.method).toBe("POST");
    expect(JSON.parse(init?.body as string)).toEqual({
      masterId: 7,
      reason: "不需要了",
    });
  });

  it("rejects with the server's reason when refused", async () => {
    vi.stubGlobal("fetch", () =>
      answer(
        refuse("REFUND_OPEN", "a refund is under way", {
          status: "requested",
        }),
      ),
    );
    const error = await requestRefund(7, "不需要了").then(
      () => null,
      (cause: unknown) => cause,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).reason).toBe("REFUND_OPEN");
  });
});
