// The moves of the desk's order pane: starting the service on a planned day, completing it with
// proof photos (upload, preview, remove, retry, at most nine), reviewing a refund (approve behind
// a confirmation, decline with a reason). Each form refuses what the server would before sending,
// sends once however often it is pressed, shows a refusal in the user's words and refreshes the
// order and the queues after a success.
import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { resetApp } from "../../../support/ui/renderApp";
import {
  addDays,
  localDay,
  plannedAtOf,
} from "../../../../src/temple/desk/staffForms";
import {
  installFakeStaffDesk,
  storedName,
  type FakeStaffDesk,
} from "../../../support/ui/temple/fakeStaffDesk";
import { openAs } from "./deskSupport";

let api: FakeApi;
let desk: FakeStaffDesk;

beforeEach(() => {
  api = installFakeApi();
  desk = installFakeStaffDesk();
});
afterEach(() => {
  resetApp();
});

async function openOrder(masterId: number) {
  const view = await openAs(
    api,
    "service",
    `/staff/orders/${String(masterId)}`,
  );
  await screen.findByRole("heading", {
    level: 2,
    name: `光明灯 ${String(masterId)}`,
  });
  return view;
}

const click = (scope: HTMLElement, name: string) => {
  fireEvent.click(within(scope).getByRole("button", { name }));
};

describe("开始服务", () => {
  it("refuses an empty or too distant day before sending, then starts on the chosen day", async () => {
    const order = desk.seed();
    await openOrder(order.masterId);
    const form = screen.getByRole("form", { name: "开始服务" });
    const day = within(form).getByLabelText<HTMLInputElement>("安排日期");
    const today = localDay(new Date());
    expect(day.value).toBe(today);
    expect(day.max).toBe(addDays(today, 365));

    fireEvent.change(day, { target: { value: "" } });
    click(form, "开始服务");
    expect(await within(form).findByText("请选择法事的安排日期")).toBeDefined();
    expect(day.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(day);

    fireEvent.change(day, { target: { value: addDays(today, 400) } });
    click(form, "开始服务");
    expect(
      await within(form).findByText("安排日期须在今天起 366 天之内"),
    ).toBeDefined();
    expect(desk.callsTo("order/v1/fulfil")).toHaveLength(0);

    const target = addDays(today, 3);
    fireEvent.change(day, { target: { value: target } });
    fireEvent.change(within(form).getByLabelText("备注（选填）"), {
      target: { value: "  初一早课诵经  " },
    });
    const listed = desk.callsTo("order/v1/staff/list").length;
    click(form, "开始服务");
    expect(await screen.findByText("已开始服务")).toBeDefined();
    expect(desk.callsTo("order/v1/fulfil")[0]?.body).toEqual({
      masterId: order.masterId,
      status: "in_service",
      plannedAt: plannedAtOf(target),
      note: "初一早课诵经",
    });
    // The order and the queues are read again: the next move shows, the timeline has the move.
    expect(await screen.findByRole("form", { name: "标记完成" })).toBeDefined();
    expect(screen.queryByRole("form", { name: "开始服务" })).toBeNull();
    expect(desk.callsTo("order/v1/staff/list").length).toBeGreaterThan(listed);
    const timeline = screen.getByRole("region", { name: "订单进度" });
    expect(within(timeline).getByText("初一早课诵经")).toBeDefined();
    expect(within(timeline).getByText(/^安排于 /)).toBeDefined();
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { level: 2, name: "光明灯 1" }),
    );
  });

  it("sends once however often it is pressed, the button disabled meanwhile", async () => {
    const order = desk.seed();
    await openOrder(order.masterId);
    const form = screen.getByRole("form", { name: "开始服务" });
    const release = desk.hold("order/v1/fulfil");
    const button = within(form).getByRole("button", { name: "开始服务" });
    // NOTE: two taps before React renders again (one act): only the in-flight guard stops the second.
    act(() => {
      button.click();
      button.click();
    });
    fireEvent.click(button);
    fireEvent.submit(form);
    await waitFor(() => {
      expect(desk.callsTo("order/v1/fulfil")).toHaveLength(1);
    });
    const sending = within(form).getByRole("button", { name: "正在提交…" });
    expect(sending.hasAttribute("disabled")).toBe(true);
    expect(
      within(form).getByLabelText("安排日期").hasAttribute("disabled"),
    ).toBe(true);
    fireEvent.submit(form);
    release();
    expect(await screen.findByText("已开始服务")).toBeDefined();
    expect(desk.callsTo("order/v1/fulfil")).toHaveLength(1);
  });

  it("shows a refusal in the user's words and reads the order again", async () => {
    const order = desk.seed();
    await openOrder(order.masterId);
    desk.failPath(
      "order/v1/fulfil",
      "ORDER_STATE_CONFLICT",
      "paid → in_service refused",
      {
        from: "paid",
        to: "in_service",
      },
    );
    const read = desk.callsTo("order/v1/staff/detail").length;
    const form = screen.getByRole("form", { name: "开始服务" });
    click(form, "开始服务");
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toBe("订单状态已变化，请刷新后查看");
    await waitFor(() => {
      expect(desk.callsTo("order/v1/staff/detail").length).toBeGreaterThan(
        read,
      );
    });
    expect(
      within(form)
        .getByRole("button", { name: "开始服务" })
        .hasAttribute("disabled"),
    ).toBe(false);
  });
});

describe("标记完成", () => {
  let previews = 0;
  let revoke = vi.fn();
  const saved = (["createObjectURL", "revokeObjectURL"] as const).map(
    (key) => [key, Object.getOwnPropertyDescriptor(URL, key)] as const,
  );
  afterEach(() => {
    for (const [key, descriptor] of saved)
      if (descriptor === undefined) Reflect.deleteProperty(URL, key);
      else Object.defineProperty(URL, key, descriptor);
  });
  beforeEach(() => {
    previews = 0;
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(() =>
        Promise.resolve({ width: 640, height: 480, close: () => undefined }),
      ),
    );
    Object.assign(URL, {
      createObjectURL: vi.fn(() => {
        previews += 1;
        return `blob:preview-${String(previews)}`;
      }),
      revokeObjectURL: (revoke = vi.fn()),
    });
  });

  const png = (name: string) =>
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, {
      type: "image/png",
    });

  async function openServing() {
    const order = desk.seed({
      status: "in_service",
      plannedAt: new Date().toISOString(),
    });
    await openOrder(order.masterId);
    return { order, form: screen.getByRole("form", { name: "标记完成" }) };
  }

  const pick = (form: HTMLElement, files: File[]) => {
    fireEvent.change(within(form).getByLabelText("添加照片"), {
      target: { files },
    });
  };

  const uploaded = async (form: HTMLElement) => {
    await waitFor(() => {
      expect(within(form).queryByText("上传中…")).toBeNull();
    });
  };

  it("asks for a photo, uploads with previews, removes one and completes with the rest", async () => {
    const { order, form } = await openServing();
    click(form, "标记完成");
    expect(
      await within(form).findByText("请至少上传一张完成照片"),
    ).toBeDefined();
    expect(desk.callsTo("order/v1/fulfil")).toHaveLength(0);

    pick(form, [png("lamp.png"), png("tablet.png")]);
    expect(
      within(form).getByRole("img", { name: "完成照片 1" }).getAttribute("src"),
    ).toBe("blob:preview-1");
    expect(
      within(form).getByRole("group", { name: "完成照片（2/9）" }),
    ).toBeDefined();
    await uploaded(form);
    const uploads = desk.callsTo("file/v1/upload", "POST");
    expect(uploads).toHaveLength(2);
    expect((uploads[0]?.body as FormData).get("file")).toBeInstanceOf(File);

    click(form, "移除照片 2");
    await waitFor(() => {
      expect(
        desk.calls.filter((call) => call.method === "DELETE"),
      ).toHaveLength(1);
    });
    const deleted = desk.calls
      .find((call) => call.method === "DELETE")!
      .path.slice("file/v1/".length);
    expect(within(form).queryByRole("img", { name: "完成照片 2" })).toBeNull();
    expect(revoke).toHaveBeenCalledWith("blob:preview-2");

    fireEvent.change(within(form).getByLabelText("备注（选填）"), {
      target: { value: "灯已点亮" },
    });
    click(form, "标记完成");
    expect(await screen.findByText("已标记完成")).toBeDefined();
    const body = desk.callsTo("order/v1/fulfil")[0]?.body as {
      photoFileIds: string[];
    };
    expect(body).toEqual({
      masterId: order.masterId,
      status: "completed",
      photoFileIds: [expect.any(String)],
      note: "灯已点亮",
    });
    expect([storedName(1), storedName(2)]).toContain(body.photoFileIds[0]);
    expect(body.photoFileIds[0]).not.toBe(deleted);
    // The completed order's timeline shows the proof as thumbnails; the uploads stay.
    await waitFor(() => {
      expect(screen.queryByRole("form", { name: "标记完成" })).toBeNull();
    });
    const timeline = screen.getByRole("region", { name: "订单进度" });
    const thumb = within(timeline).getByRole("button", {
      name: "查看第 1 张照片（共 1 张）",
    });
    expect(thumb.querySelector("img")?.getAttribute("src")).toBe(
      `http://localhost:3000/media/${body.photoFileIds[0]!}`,
    );
    fireEvent.click(thumb);
    expect(
      await screen.findByRole("dialog", { name: "法事照片" }),
    ).toBeDefined();
    expect(desk.calls.filter((call) => call.method === "DELETE")).toHaveLength(
      1,
    );
  });

  it("takes at most nine photos", async () => {
    const { form } = await openServing();
    pick(
      form,
      Array.from({ length: 10 }, (_, i) => png(`p${String(i)}.png`)),
    );
    expect(within(form).getAllByRole("img")).toHaveLength(9);
    expect(
      within(form).getByText("最多 9 张照片，多选的 1 张未添加"),
    ).toBeDefined();
    expect(within(form).queryByLabelText("添加照片")).toBeNull();
    await uploaded(form);
    expect(desk.callsTo("file/v1/upload", "POST")).toHaveLength(9);
  });

  it("a failed upload says why, blocks completing, and can be retried", async () => {
    const { form } = await openServing();
    desk.failPath("file/v1/upload", "UPLOAD_QUOTA_EXCEEDED", "quota");
    pick(form, [png("lamp.png")]);
    expect(await within(form).findByText("您的图片存储空间已满")).toBeDefined();
    click(form, "标记完成");
    expect(
      await within(form).findByText("有照片上传失败，请重试或移除"),
    ).toBeDefined();
    expect(desk.callsTo("order/v1/fulfil")).toHaveLength(0);
    desk.heal();
    click(form, "重试");
    await uploaded(form);
    expect(within(form).queryByText("您的图片存储空间已满")).toBeNull();
    click(form, "标记完成");
    expect(await screen.findByText("已标记完成")).toBeDefined();
    expect(desk.callsTo("order/v1/fulfil")).toHaveLength(1);
  });

  it("a note over 500 characters is refused before sending", async () => {
    const { form } = await openServing();
    pick(form, [png("lamp.png")]);
    await uploaded(form);
    fireEvent.change(within(form).getByLabelText("备注（选填）"), {
      target: { value: "福".repeat(501) },
    });
    expect(within(form).getByText("501/500")).toBeDefined();
    click(form, "标记完成");
    expect(await within(form).findByText("备注最多 500 个字")).toBeDefined();
    expect(desk.callsTo("order/v1/fulfil")).toHaveLength(0);
  });
});

describe("审核退款", () => {
  async function openRefund() {
    const order = desk.seed();
    desk.requestRefund(order, "家中有变");
    await openOrder(order.masterId);
    const review = screen.getByRole("region", { name: "审核退款" });
    expect(within(review).getByText("家中有变")).toBeDefined();
    expect(within(review).getByText("¥176.00")).toBeDefined();
    expect(screen.queryByRole("form", { name: "开始服务" })).toBeNull();
    return { order, review };
  }

  it("declining needs a reason the customer reads", async () => {
    const { order, review } = await openRefund();
    click(review, "拒绝退款");
    const reason = within(review).getByLabelText("拒绝理由");
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: "   " } });
    click(review, "提交拒绝");
    expect(
      await within(review).findByText("请填写拒绝退款的理由"),
    ).toBeDefined();
    expect(desk.callsTo("order/v1/refund/review")).toHaveLength(0);
    fireEvent.change(reason, { target: { value: " 法事已开始安排 " } });
    click(review, "提交拒绝");
    expect(await screen.findByText("已拒绝退款")).toBeDefined();
    expect(desk.callsTo("order/v1/refund/review")[0]?.body).toEqual({
      masterId: order.masterId,
      approve: false,
      reason: "法事已开始安排",
    });
    await waitFor(() => {
      expect(screen.queryByRole("region", { name: "审核退款" })).toBeNull();
    });
    const refund = screen.getByRole("region", { name: "退款" });
    expect(within(refund).getByText("退款已拒绝")).toBeDefined();
    expect(within(refund).getByText("法事已开始安排")).toBeDefined();
  });

  it("approving asks to confirm the amount first, and can be called off", async () => {
    const { order, review } = await openRefund();
    click(review, "同意退款");
    const confirm = within(review).getByRole("group", {
      name: /^确定同意退款 ¥176\.00 吗？/,
    });
    expect(desk.callsTo("order/v1/refund/review")).toHaveLength(0);
    click(confirm, "取消");
    expect(within(review).queryByRole("group")).toBeNull();
    expect(document.activeElement).toBe(
      within(review).getByRole("button", { name: "同意退款" }),
    );
    click(review, "同意退款");
    click(review, "确认退款");
    expect(await screen.findByText("已同意退款")).toBeDefined();
    expect(desk.callsTo("order/v1/refund/review")[0]?.body).toEqual({
      masterId: order.masterId,
      approve: true,
    });
    const refund = await screen.findByRole("region", { name: "退款" });
    expect(within(refund).getByText("退款处理中")).toBeDefined();
  });

  it("WeChat Pay's refusal reads as the user's sentence", async () => {
    const { review } = await openRefund();
    desk.failPath("order/v1/refund/review", "REFUND_REFUSED", "NOT_ENOUGH", {
      code: "NOT_ENOUGH",
    });
    click(review, "同意退款");
    click(review, "确认退款");
    expect((await within(review).findByRole("alert")).textContent).toBe(
      "微信支付未能受理退款，请稍后再试",
    );
  });
});
