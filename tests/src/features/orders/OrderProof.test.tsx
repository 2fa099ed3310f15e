// /order: the blessing as it happens (#22). In service, the planned date in the timeline and the
// summary; completed, the monk's note and the proof photos (ours only) as thumbnails opening a
// full-screen viewer: the tapped photo with its alt text, arrows, swipe and the buttons between
// photos, Escape / the close button / back closing it without leaving the page, focus returned.
import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import type { TimelineEntry } from "../../../../src/api/commerce";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { installFakeCommerce, type FakeCommerce } from "../../../support/ui/fakeCommerce";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";
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

const photo = (char: string) =>
  `${window.location.origin}/media/${char.repeat(32)}.jpg`;
const PLANNED = "2026-12-01T02:00:00.000Z";

function entry(overrides: Partial<TimelineEntry>): TimelineEntry {
  return {
    status: "paid",
    from: "pending_payment",
    at: "2026-11-21T02:00:00.000Z",
    actor: "wechat_pay",
    note: "notification; transaction 4200001",
    photos: [],
    plannedAt: null,
    ...overrides,
  };
}

function seedCompleted() {
  return commerce.seed({
    status: "completed",
    payBefore: null,
    plannedAt: PLANNED,
    timeline: [
      entry({ status: "pending_payment", from: null, actor: "user", note: "" }),
      entry({}),
      entry({
        status: "in_service",
        from: "paid",
        at: "2026-11-22T02:00:00.000Z",
        actor: "staff",
        note: "",
        plannedAt: PLANNED,
      }),
      entry({
        status: "completed",
        from: "in_service",
        at: "2026-12-01T08:00:00.000Z",
        actor: "monk",
        note: "心灯已于佛前点亮，愿您家人平安。",
        photos: [
          photo("a"),
          `https://evil.example/media/${"b".repeat(32)}.jpg`,
          photo("c"),
          photo("d"),
        ],
      }),
    ],
  });
}

const timeline = () => screen.getByRole("region", { name: "订单进度" });
const entries = () => [
  ...timeline().querySelectorAll<HTMLElement>("li.timeline-item"),
];
const viewer = () => screen.queryByRole("dialog", { name: "法事照片" });
const shownPhoto = () =>
  within(screen.getByRole("dialog", { name: "法事照片" })).getByRole("img");

it("shows the planned date of an order in service, in the timeline and the summary", async () => {
  const order = commerce.seed({
    status: "in_service",
    payBefore: null,
    plannedAt: PLANNED,
    timeline: [
      entry({ status: "pending_payment", from: null, actor: "user", note: "" }),
      entry({}),
      entry({
        status: "in_service",
        from: "paid",
        actor: "staff",
        note: "",
        plannedAt: PLANNED,
      }),
    ],
  });
  await openOrder(api, order.masterOrderNo);
  const items = entries();
  expect(items).toHaveLength(3);
  const planned = within(items[2]!).getByText(/^法事安排于/);
  expect(planned.textContent).toBe("法事安排于 2026年12月1日");
  expect(planned.querySelector("time")?.getAttribute("dateTime")).toBe(PLANNED);
  expect(items[2]!.textContent).toContain("客服");
  const summary = screen.getByRole("region", { name: "订单信息" });
  expect(within(summary).getByText("法事日期")).toBeDefined();
  // The payment's own record is not a message to the owner.
  expect(screen.queryByText(/transaction 4200001/)).toBeNull();
});

it("shows the monk's note and our proof photos as thumbnails; a photo from elsewhere is left out", async () => {
  const order = seedCompleted();
  await openOrder(api, order.masterOrderNo);
  const items = entries();
  const completed = items[3]!;
  expect(completed.textContent).toContain("法师");
  expect(
    within(completed).getByText("心灯已于佛前点亮，愿您家人平安。"),
  ).toBeDefined();
  const thumbs = within(completed).getByRole("list", { name: "法事照片" });
  const buttons = within(thumbs).getAllByRole("button");
  expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual([
    "查看第 1 张照片（共 3 张）",
    "查看第 2 张照片（共 3 张）",
    "查看第 3 张照片（共 3 张）",
  ]);
  expect(
    buttons.map((button) => button.querySelector("img")?.getAttribute("src")),
  ).toEqual([photo("a"), photo("c"), photo("d")]);
  expect(document.querySelector('img[src*="evil.example"]')).toBeNull();
  // Only the completed entry has photos.
  expect(
    within(timeline()).getAllByRole("list", { name: "法事照片" }),
  ).toHaveLength(1);
  expect(viewer()).toBeNull();
});

it("opens the tapped photo full screen; arrows, swipe and buttons move; Escape closes and gives focus back", async () => {
  const order = seedCompleted();
  await openOrder(api, order.masterOrderNo);
  const detailCalls = commerce.callsTo("order/v1/detail").length;
  const second = screen.getByRole("button", {
    name: "查看第 2 张照片（共 3 张）",
  });
  second.focus();
  fireEvent.click(second);
  await waitFor(() => {
    expect(viewer()).not.toBeNull();
  });
  expect(shownPhoto().getAttribute("alt")).toBe("法事照片，第 2 张，共 3 张");
  expect(shownPhoto().getAttribute("src")).toBe(photo("c"));
  expect(screen.getByText("2 / 3")).toBeDefined();
  expect(document.activeElement).toBe(
    screen.getByRole("button", { name: "关闭" }),
  );

  fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
  await waitFor(() => {
    expect(shownPhoto().getAttribute("src")).toBe(photo("d"));
  });
  const next = screen.getByRole("button", { name: "下一张" });
  expect(next.getAttribute("aria-disabled")).toBe("true");
  fireEvent.click(next);
  expect(shownPhoto().getAttribute("src")).toBe(photo("d"));

  fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
  await waitFor(() => {
    expect(shownPhoto().getAttribute("src")).toBe(photo("c"));
  });
  fireEvent.click(screen.getByRole("button", { name: "上一张" }));
  await waitFor(() => {
    expect(shownPhoto().getAttribute("alt")).toBe("法事照片，第 1 张，共 3 张");
  });
  expect(
    screen
      .getByRole("button", { name: "上一张" })
      .getAttribute("aria-disabled"),
  ).toBe("true");

  // A swipe to the left shows the next photo; a mostly vertical drag does nothing.
  const stage = shownPhoto().parentElement!;
  fireEvent.pointerDown(stage, { clientX: 300, clientY: 400 });
  fireEvent.pointerUp(stage, { clientX: 120, clientY: 410 });
  await waitFor(() => {
    expect(shownPhoto().getAttribute("src")).toBe(photo("c"));
  });
  fireEvent.pointerDown(stage, { clientX: 300, clientY: 100 });
  fireEvent.pointerUp(stage, { clientX: 240, clientY: 400 });
  expect(shownPhoto().getAttribute("src")).toBe(photo("c"));

  fireEvent.keyDown(screen.getByRole("dialog", { name: "法事照片" }), {
    key: "Escape",
  });
  await waitFor(() => {
    expect(viewer()).toBeNull();
  });
  expect(document.activeElement).toBe(second);
  expect(
    screen.getByRole("heading", { level: 1, name: "订单详情" }),
  ).toBeDefined();
  // Moving around in the viewer never re-read the order.
  expect(commerce.callsTo("order/v1/detail")).toHaveLength(detailCalls);
});

it("closes on back (the phone's back gesture) and on its button, staying on the order", async () => {
  const order = seedCompleted();
  const { router } = await openOrder(api, order.masterOrderNo);
  const path = router.state.location.href;
  fireEvent.click(
    screen.getByRole("button", { name: "查看第 1 张照片（共 3 张）" }),
  );
  await waitFor(() => {
    expect(viewer()).not.toBeNull();
  });
  // Moving between photos replaces the entry: one back closes the viewer.
  fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
  await waitFor(() => {
    expect(shownPhoto().getAttribute("src")).toBe(photo("c"));
  });
  act(() => {
    router.history.back();
  });
  await waitFor(() => {
    expect(viewer()).toBeNull();
  });
  expect(router.state.location.href).toBe(path);

  fireEvent.click(
    screen.getByRole("button", { name: "查看第 3 张照片（共 3 张）" }),
  );
  await waitFor(() => {
    expect(viewer()).not.toBeNull();
  });
  fireEvent.click(screen.getByRole("button", { name: "关闭" }));
  await waitFor(() => {
    expect(viewer()).toBeNull();
  });
  expect(router.state.location.href).toBe(path);
  expect(
    screen.getByRole("heading", { level: 1, name: "订单详情" }),
  ).toBeDefined();
});

it("a link to a photo (#photo-2) opens it; closing stays on the order without going back", async () => {
  const order = seedCompleted();
  signIn(api);
  const { router } = renderApp(
    `/order?masterOrderNo=${order.masterOrderNo}#photo-2`,
  );
  const dialog = await screen.findByRole(
    "dialog",
    { name: "法事照片" },
    { timeout: 5000 },
  );
  expect(within(dialog).getByRole("img").getAttribute("src")).toBe(photo("c"));
  fireEvent.click(screen.getByRole("button", { name: "关闭" }));
  await waitFor(() => {
    expect(viewer()).toBeNull();
  });
  expect(router.state.location.hash).toBe("");
  expect(router.state.location.search).toEqual({
    masterOrderNo: order.masterOrderNo,
  });
});
