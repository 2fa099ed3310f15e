// /productDetails/orderConfirm/$id: the auth guard and 404, client checks tied to their fields,
// the total following option and quantity, the created order's body (only asked fields, consent),
// server field errors shown on the field, and the move to /order?masterOrderNo=.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { installFakeApi, product, type FakeApi } from "../../../support/ui/fakeApi";
import { installFakeCommerce, type FakeCommerce } from "../../../support/ui/fakeCommerce";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";

let api: FakeApi;
let commerce: FakeCommerce;

beforeEach(() => {
  api = installFakeApi();
  commerce = installFakeCommerce();
});
afterEach(() => {
  resetApp();
});

async function openForm(path = "/productDetails/orderConfirm/12") {
  signIn(api);
  const view = renderApp(path);
  await screen.findByRole(
    "heading",
    { level: 1, name: "确认订单" },
    { timeout: 5000 },
  );
  return view;
}

function total(): string {
  return screen.getByTestId("order-total").textContent;
}

it("the product page links to the order form with the chosen option", async () => {
  renderApp("/productDetails/12");
  const link = await screen.findByRole(
    "link",
    { name: "立即下单" },
    { timeout: 5000 },
  );
  expect(link.getAttribute("href")).toBe(
    "/productDetails/orderConfirm/12?option=1",
  );
});

it("sends signed-out visitors to /login with a redirect back", async () => {
  const { router } = renderApp("/productDetails/orderConfirm/12");
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/login");
  });
  expect(router.state.location.search).toEqual({
    redirect: "/productDetails/orderConfirm/12",
  });
});

it("shows the 404 screen for a non-numeric or unknown id", async () => {
  signIn(api);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  renderApp("/productDetails/orderConfirm/abc");
  expect(
    await screen.findByRole(
      "heading",
      { name: "404: 页面找不到" },
      { timeout: 5000 },
    ),
  ).toBeDefined();
});

it("shows the 404 screen for an unknown product", async () => {
  signIn(api);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  renderApp("/productDetails/orderConfirm/99");
  expect(
    await screen.findByRole(
      "heading",
      { name: "404: 页面找不到" },
      { timeout: 5000 },
    ),
  ).toBeDefined();
});

it("updates the total with the option and the quantity (¥, two decimals)", async () => {
  await openForm();
  expect(total()).toBe("¥88.00");
  fireEvent.click(screen.getByRole("radio", { name: /一年/ }));
  expect(total()).toBe("¥1,288.00");
  fireEvent.click(screen.getByRole("button", { name: "增加数量" }));
  expect(total()).toBe("¥2,576.00");
  fireEvent.click(screen.getByRole("button", { name: "减少数量" }));
  expect(total()).toBe("¥1,288.00");
  expect(
    screen.getByRole<HTMLButtonElement>("button", { name: "减少数量" })
      .disabled,
  ).toBe(true);
});

it("asks only for the fields the product asks for, names each missing one and focuses the first", async () => {
  await openForm();
  expect(screen.queryByLabelText("出生日期")).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
  const name = screen.getByLabelText("受益人姓名");
  const nameError = await screen.findByText("请填写受益人姓名", undefined, {
    timeout: 5000,
  });
  expect(screen.getByText("请填写心愿")).toBeDefined();
  expect(name.getAttribute("aria-invalid")).toBe("true");
  expect(name.getAttribute("aria-describedby")).toContain(nameError.id);
  expect(document.activeElement).toBe(name);
  expect(commerce.callsTo("order/v1/create")).toHaveLength(0);
});

it("refuses a quantity outside 1–99 and a wish over 200 characters", async () => {
  await openForm();
  fireEvent.change(screen.getByLabelText("数量"), { target: { value: "120" } });
  fireEvent.change(screen.getByLabelText("受益人姓名"), {
    target: { value: "张三" },
  });
  fireEvent.change(screen.getByLabelText("心愿"), {
    target: { value: "福".repeat(201) },
  });
  expect(screen.getByText("201 / 200 字")).toBeDefined();
  fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
  expect(
    await screen.findByText("数量须为 1 至 99", undefined, { timeout: 5000 }),
  ).toBeDefined();
  expect(screen.getByText("心愿最多 200 个字")).toBeDefined();
  expect(commerce.callsTo("order/v1/create")).toHaveLength(0);
});

it("creates the order with the asked fields and the wall consent, then opens it", async () => {
  const { router } = await openForm();
  fireEvent.click(screen.getByRole("radio", { name: /一年/ }));
  fireEvent.click(screen.getByRole("button", { name: "增加数量" }));
  fireEvent.change(screen.getByLabelText("受益人姓名"), {
    target: { value: "  张三 " },
  });
  fireEvent.change(screen.getByLabelText("心愿"), {
    target: { value: "阖家安康" },
  });
  fireEvent.click(screen.getByRole("checkbox", { name: /祈福墙/ }));
  fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
  await screen.findByRole(
    "heading",
    { level: 1, name: "订单详情" },
    { timeout: 5000 },
  );
  const [call] = commerce.callsTo("order/v1/create");
  expect(call?.body).toEqual({
    productId: product.id,
    optionId: 2,
    quantity: 2,
    beneficiaryName: "张三",
    wish: "阖家安康",
    showOnWall: true,
  });
  expect(call?.query.get("locale")).toBe("cn");
  const order = commerce.orders[0]!;
  expect(router.state.location.pathname).toBe("/order");
  expect(router.state.location.search).toEqual({
    masterOrderNo: order.masterOrderNo,
  });
  expect(router.state.location.href).toContain(
    `masterOrderNo=${order.masterOrderNo}`,
  );
  expect(screen.getAllByText("¥2,576.00").length).toBeGreaterThan(0);
});

it("shows a server validation message on the field it names", async () => {
  await openForm();
  fireEvent.change(screen.getByLabelText("受益人姓名"), {
    target: { value: "张三" },
  });
  fireEvent.change(screen.getByLabelText("心愿"), {
    target: { value: "禁" },
  });
  fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
  const error = await screen.findByText(
    "内容含有无法保存的字符（wish）",
    undefined,
    { timeout: 5000 },
  );
  const wish = screen.getByLabelText("心愿");
  expect(wish.getAttribute("aria-describedby")).toContain(error.id);
  expect(document.activeElement).toBe(wish);
  expect(
    screen.getByRole<HTMLButtonElement>("button", { name: "提交订单" })
      .disabled,
  ).toBe(false);
});

it("shows other server errors above the submit button", async () => {
  commerce.failPath(
    "order/v1/create",
    "PENDING_ORDER_LIMIT",
    "you have 10 unpaid orders: pay or cancel one first",
    { max: 10 },
  );
  await openForm();
  fireEvent.change(screen.getByLabelText("受益人姓名"), {
    target: { value: "张三" },
  });
  fireEvent.change(screen.getByLabelText("心愿"), { target: { value: "安" } });
  fireEvent.click(screen.getByRole("button", { name: "提交订单" }));
  const message = await screen.findByText(
    "您有 10 个未支付订单，请先支付或取消其中一个",
    undefined,
    {
      timeout: 5000,
    },
  );
  expect(message.getAttribute("role")).toBe("alert");
});
