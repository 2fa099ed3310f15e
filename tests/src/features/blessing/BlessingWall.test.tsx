// The blessing wall (/blessing: newest first, masked names, paginated), one blessing
// (/blessing/$id: join once when signed in, log in first otherwise, 404 for bad ids), and the
// service catalogue moved to /services (home entry and tab bar point there).
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

it("shows the wall newest first with masked names, linking to each blessing", async () => {
  commerce.seedBlessing({ wish: "愿考试顺利", joinCount: 3 });
  commerce.seedBlessing({ wish: "愿母亲康复", beneficiary: null });
  renderApp("/blessing");
  await screen.findByRole(
    "heading",
    { level: 1, name: "祈福墙" },
    { timeout: 5000 },
  );
  const links = await screen.findAllByRole(
    "link",
    { name: /光明灯/ },
    { timeout: 5000 },
  );
  expect(links.map((link) => link.getAttribute("href"))).toEqual([
    "/blessing/2",
    "/blessing/1",
  ]);
  expect(within(links[0]!).getByText("愿母亲康复")).toBeDefined();
  expect(within(links[0]!).getByText(/善\*林 发愿/)).toBeDefined();
  expect(within(links[1]!).getByText(/善\*林 为 张\* 祈福/)).toBeDefined();
  expect(within(links[1]!).getByText("3 人随喜")).toBeDefined();
  expect(
    screen.getByRole("link", { name: "我也要祈福" }).getAttribute("href"),
  ).toBe("/services");
});

it("pages the wall and shows an empty state", async () => {
  for (let i = 0; i < 11; i++) commerce.seedBlessing();
  renderApp("/blessing");
  expect(
    await screen.findAllByRole("link", { name: /光明灯/ }, { timeout: 5000 }),
  ).toHaveLength(10);
  fireEvent.click(screen.getByRole("link", { name: /下一页/ }));
  await waitFor(() => {
    expect(screen.getAllByRole("link", { name: /光明灯/ })).toHaveLength(1);
  });
  expect(commerce.callsTo("oapi/v1/blessings").at(-1)?.query.get("page")).toBe(
    "2",
  );
});

it("shows an empty wall with a way to order", async () => {
  renderApp("/blessing");
  expect(
    await screen.findByText("还没有祈福，来点亮第一盏心灯吧。", undefined, {
      timeout: 5000,
    }),
  ).toBeDefined();
});

it("a signed-in user joins a blessing once and sees the count", async () => {
  commerce.seedBlessing({ joinCount: 4 });
  signIn(api);
  renderApp("/blessing/1");
  fireEvent.click(
    await screen.findByRole("button", { name: "随喜祝福" }, { timeout: 5000 }),
  );
  expect(
    await screen.findByText("5 人随喜", undefined, { timeout: 5000 }),
  ).toBeDefined();
  const done = screen.getByRole<HTMLButtonElement>("button", {
    name: "已随喜",
  });
  expect(done.disabled).toBe(true);
  expect(commerce.callsTo("blessing/v1/join")[0]?.body).toEqual({ id: 1 });
});

it("joins a blessing from the wall with one tap, on that card only", async () => {
  commerce.seedBlessing({ wish: "愿考试顺利", joinCount: 2 });
  commerce.seedBlessing({ wish: "愿母亲康复", joinCount: 7 });
  signIn(api);
  renderApp("/blessing");
  const buttons = await screen.findAllByRole(
    "button",
    { name: "随喜祝福" },
    { timeout: 5000 },
  );
  expect(buttons).toHaveLength(2);
  // Newest first: the second button belongs to blessing 1 (愿考试顺利), which it describes.
  const first = buttons[1]!;
  const card = document.getElementById(first.getAttribute("aria-describedby")!);
  expect(card?.textContent).toContain("愿考试顺利");
  fireEvent.click(first);
  expect(
    await screen.findByText("3 人随喜", undefined, { timeout: 5000 }),
  ).toBeDefined();
  expect(screen.getByText("7 人随喜")).toBeDefined();
  expect(screen.getAllByRole("button", { name: "已随喜" })).toHaveLength(1);
  expect(screen.getAllByRole("button", { name: "随喜祝福" })).toHaveLength(1);
  expect(commerce.callsTo("blessing/v1/join")).toHaveLength(1);
  expect(commerce.callsTo("blessing/v1/join")[0]?.body).toEqual({ id: 1 });
});

it("a blessing already joined shows so after a reload", async () => {
  commerce.seedBlessing({ joinCount: 1 });
  commerce.joins.add(1);
  signIn(api);
  renderApp("/blessing/1");
  expect(
    await screen.findByRole("button", { name: "已随喜" }, { timeout: 5000 }),
  ).toBeDefined();
});

it("asks signed-out visitors to log in before joining", async () => {
  commerce.seedBlessing();
  renderApp("/blessing/1");
  const login = await screen.findByRole(
    "link",
    { name: "登录后随喜" },
    { timeout: 5000 },
  );
  expect(login.getAttribute("href")).toBe("/login?redirect=%2Fblessing%2F1");
  expect(screen.queryByRole("button", { name: "随喜祝福" })).toBeNull();
});

it("shows the 404 screen for an unknown or non-numeric blessing", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  renderApp("/blessing/99");
  expect(
    await screen.findByRole(
      "heading",
      { name: "404: 页面找不到" },
      { timeout: 5000 },
    ),
  ).toBeDefined();
});

it("the service catalogue lives at /services and the home entry and tab point there", async () => {
  renderApp("/services?category=lamp");
  expect(
    await screen.findByRole(
      "heading",
      { level: 1, name: "祈福" },
      { timeout: 5000 },
    ),
  ).toBeDefined();
  expect(screen.getByRole("link", { name: /光明灯/ })).toBeDefined();
  const nav = screen.getByRole("navigation", { name: "主导航" });
  expect(
    within(nav).getByRole("link", { name: "祈福" }).getAttribute("href"),
  ).toBe("/services");
  expect(
    screen.getByRole("link", { name: "看看祈福墙" }).getAttribute("href"),
  ).toBe("/blessing");
});

it("the monk page moved to /monk/$id and monk cards link there", async () => {
  renderApp("/productDetails/12");
  const link = await screen.findByRole(
    "link",
    { name: /请法师祈福/ },
    { timeout: 5000 },
  );
  expect(link.getAttribute("href")).toBe("/monk/7");
  renderApp("/monk/7");
  expect(
    await screen.findAllByRole(
      "heading",
      { name: /释慧明/ },
      { timeout: 5000 },
    ),
  ).not.toHaveLength(0);
});
