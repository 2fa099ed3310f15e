// The temple's chat messages about an order (#22) in each locale: the planned day in Beijing time,
// the note and the order number, and the staff's refund-request text.
import {
  orderNoticeText,
  plannedDay,
  refundRequestText,
} from "../../../server/domain/fulfilment/orderNoticeText";

const order = {
  masterOrderNo: "202611270123456789",
  productTitle: { cn: "光明灯", tw: "光明燈", en: "Bright Lamp" },
};

describe("orderNoticeText", () => {
  it("names the planned day in Beijing time, even when it is still the day before in UTC", () => {
    // 2026-12-01 20:00 UTC is 2 December 04:00 in Beijing.
    const at = new Date("2026-12-01T20:00:00Z");
    expect(plannedDay(at, "cn")).toContain("12月2日");
    expect(plannedDay(at, "en")).toContain("2 December 2026");
    const text = orderNoticeText(
      { kind: "planned", plannedAt: at, note: "大殿" },
      order,
      "tw",
    );
    expect(text.split("\n")).toEqual([
      expect.stringMatching(
        /^【訂單進度】您的「光明燈」已安排，法事將於 .*12月2日.* 舉行。$/,
      ),
      "大殿",
      "訂單號：202611270123456789",
    ]);
  });

  it("leaves out an empty note and words each kind in the reader's language", () => {
    const completed = orderNoticeText(
      { kind: "completed", photoCount: 3, note: "  " },
      order,
      "en",
    );
    expect(completed).toBe(
      "[Order update] Your “Bright Lamp” is complete. Its photos (3) are on the order page.\nOrder no. 202611270123456789",
    );
    expect(
      orderNoticeText(
        { kind: "refund_succeeded", amountFen: 16800 },
        order,
        "cn",
      ),
    ).toContain("已退款 ¥168.00");
    expect(
      orderNoticeText(
        { kind: "refund_declined", reason: "法事已开始" },
        order,
        "cn",
      ),
    ).toContain("原因：法事已开始");
  });

  it("tells staff the service, the order number and the reason", () => {
    expect(refundRequestText(order, "家中有变")).toBe(
      "【退款申请】\n服务：光明灯\n订单号：202611270123456789\n理由：家中有变",
    );
  });
});
