// /register: the auth guard and title (fateTogether.title), client checks tied to their fields,
// a first sign-up then an update while pending (body sent as the API wants it), server field
// errors on the field, and a matched sign-up shown read-only.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import {
  installFakeCommerce,
  type FakeCommerce,
} from "../../../support/ui/fakeCommerce";
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

async function openRegister() {
  signIn(api);
  const view = renderApp("/register");
  await screen.findByRole(
    "heading",
    { level: 1, name: "共结善缘报名" },
    { timeout: 5000 },
  );
  return view;
}

function fill() {
  fireEvent.change(screen.getByLabelText("姓名"), {
    target: { value: " 李四 " },
  });
  fireEvent.click(screen.getByRole("radio", { name: "女" }));
  fireEvent.change(screen.getByLabelText("出生日期"), {
    target: { value: "1990-05-06" },
  });
  // 辰时 (07:00–08:59) is stored as its first hour.
  const hour = screen.getByLabelText<HTMLSelectElement>("出生时辰（可选）");
  const chen = [...hour.options].find(
    (option) => option.text === "辰时（07:00–08:59）",
  );
  fireEvent.change(hour, { target: { value: chen?.value } });
  fireEvent.change(screen.getByLabelText("心愿", { exact: true }), {
    target: { value: "愿得良缘" },
  });
}

it("sends signed-out visitors to /login?redirect=/register", async () => {
  const { router } = renderApp("/register");
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/login");
  });
  expect(router.state.location.search).toEqual({ redirect: "/register" });
});

it("names every missing field and focuses the first", async () => {
  await openRegister();
  fireEvent.click(screen.getByRole("button", { name: "提交报名" }));
  expect(
    await screen.findByText("请填写姓名", undefined, { timeout: 5000 }),
  ).toBeDefined();
  expect(screen.getByText("请选择性别")).toBeDefined();
  expect(screen.getByText("请选择出生日期")).toBeDefined();
  expect(screen.getByText("请填写心愿")).toBeDefined();
  expect(document.activeElement).toBe(screen.getByLabelText("姓名"));
  expect(commerce.callsTo("fate/v1/signup")).toHaveLength(0);
});

it("signs up, shows the pending status, then updates while pending", async () => {
  await openRegister();
  fill();
  fireEvent.click(screen.getByRole("button", { name: "提交报名" }));
  expect(
    await screen.findByText("审核中", undefined, { timeout: 5000 }),
  ).toBeDefined();
  expect(commerce.callsTo("fate/v1/signup")[0]?.body).toEqual({
    name: "李四",
    gender: "female",
    birthDate: "1990-05-06",
    birthHour: 7,
    wish: "愿得良缘",
  });
  fireEvent.change(screen.getByLabelText("出生时辰（可选）"), {
    target: { value: "" },
  });
  fireEvent.click(screen.getByRole("button", { name: "更新报名" }));
  await waitFor(() => {
    expect(commerce.callsTo("fate/v1/signup")).toHaveLength(2);
  });
  expect(commerce.callsTo("fate/v1/signup")[1]?.body).toMatchObject({
    birthHour: null,
  });
});

it("shows a server validation message on its field", async () => {
  await openRegister();
  fill();
  fireEvent.change(screen.getByLabelText("姓名"), {
    target: { value: "李\u202e四" },
  });
  fireEvent.click(screen.getByRole("button", { name: "提交报名" }));
  const error = await screen.findByText(
    "内容含有无法保存的字符（name）",
    undefined,
    { timeout: 5000 },
  );
  expect(
    screen.getByLabelText("姓名").getAttribute("aria-describedby"),
  ).toContain(error.id);
});

it("shows a matched sign-up without the form", async () => {
  commerce.fate = {
    id: 3,
    name: "李四",
    gender: "female",
    birthDate: "1990-05-06",
    birthHour: null,
    wish: "愿得良缘",
    status: "matched",
    createdAt: "2026-11-01T00:00:00Z",
    updatedAt: "2026-11-02T00:00:00Z",
  };
  await openRegister();
  expect(screen.getByText("已结缘")).toBeDefined();
  expect(screen.queryByRole("button", { name: /报名/ })).toBeNull();
});
