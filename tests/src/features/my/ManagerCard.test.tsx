// The manager application on /my/manager: checks tied to their fields, applying shows "pending",
// a server field error lands on its field, and the pending / approved / rejected states.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
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

async function managerSection(): Promise<HTMLElement> {
  signIn(api);
  renderApp("/my/manager");
  return screen.findByRole("region", { name: "成为管理员" }, { timeout: 5000 });
}

function fill(section: HTMLElement, region = "浙江杭州") {
  fireEvent.change(within(section).getByLabelText("姓名"), {
    target: { value: "王五" },
  });
  fireEvent.change(within(section).getByLabelText("手机号"), {
    target: { value: "13912345678" },
  });
  fireEvent.change(within(section).getByLabelText("所在地区"), {
    target: { value: region },
  });
  fireEvent.change(within(section).getByLabelText("申请理由"), {
    target: { value: "愿护持道场" },
  });
}

it("names missing and malformed fields and focuses the first", async () => {
  const section = await managerSection();
  fireEvent.change(
    await within(section).findByLabelText("手机号", undefined, {
      timeout: 5000,
    }),
    { target: { value: "12345" } },
  );
  fireEvent.click(within(section).getByRole("button", { name: "提交申请" }));
  expect(await within(section).findByText("请填写姓名")).toBeDefined();
  expect(within(section).getByText("请输入 11 位中国大陆手机号")).toBeDefined();
  expect(within(section).getByText("请填写所在地区")).toBeDefined();
  expect(within(section).getByText("请填写申请理由")).toBeDefined();
  expect(document.activeElement).toBe(within(section).getByLabelText("姓名"));
  expect(commerce.callsTo("manager/v1/apply")).toHaveLength(0);
});

it("applies and then shows the pending status", async () => {
  const section = await managerSection();
  await within(section).findByLabelText("姓名", undefined, { timeout: 5000 });
  fill(section);
  fireEvent.click(within(section).getByRole("button", { name: "提交申请" }));
  expect(
    await within(section).findByText("您的申请正在审核中，请耐心等待。"),
  ).toBeDefined();
  expect(commerce.callsTo("manager/v1/apply")[0]?.body).toEqual({
    name: "王五",
    phone: "13912345678",
    region: "浙江杭州",
    reason: "愿护持道场",
  });
  expect(within(section).queryByRole("button")).toBeNull();
});

it("shows a server validation message on its field", async () => {
  const section = await managerSection();
  await within(section).findByLabelText("姓名", undefined, { timeout: 5000 });
  fill(section, "火星");
  fireEvent.click(within(section).getByRole("button", { name: "提交申请" }));
  const error = await within(section).findByText("请求参数不正确：region");
  expect(
    within(section).getByLabelText("所在地区").getAttribute("aria-describedby"),
  ).toContain(error.id);
});

it("shows a rejection with its reason above a new form, and an approved manager", async () => {
  commerce.manager = {
    ...commerce.manager,
    status: "rejected",
    rejectReason: "资料不全",
  };
  const section = await managerSection();
  expect(
    await within(section).findByText("上次申请未通过：资料不全", undefined, {
      timeout: 5000,
    }),
  ).toBeDefined();
  expect(
    within(section).getByRole("button", { name: "提交申请" }),
  ).toBeDefined();
  resetApp();
  api = installFakeApi();
  commerce = installFakeCommerce();
  commerce.manager = { ...commerce.manager, status: "approved", isManager: 1 };
  const again = await managerSection();
  await waitFor(() => {
    expect(
      within(again).getByText("您已是管理员，可以邀请更多善信共修。"),
    ).toBeDefined();
  });
});
