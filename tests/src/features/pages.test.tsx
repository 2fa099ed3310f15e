// Public pages against the fake content API: home (entries, ¥ prices from fen), product details,
// fate together's sign-up link, and the error state's retry.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { installFakeApi } from "../../support/ui/fakeApi";
import { renderApp, resetApp } from "../../support/ui/renderApp";

afterEach(resetApp);

it("home shows the four entries and featured services with prices in yuan", async () => {
  installFakeApi();
  renderApp("/");
  const entries = await screen.findByRole("navigation", { name: "功能入口" });
  expect(
    within(entries)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href")),
  ).toEqual(["/services", "/templeStyle", "/fateTogether", "/dynamicFamily"]);
  const card = screen.getByRole("link", { name: /光明灯/ });
  expect(card.getAttribute("href")).toBe("/productDetails/12");
  expect(card.textContent).toContain("¥88.00 起");
  // The first covers are the page's largest paint: fetched at once, not lazily (#20).
  const img = card.querySelector("img")!;
  expect(img.getAttribute("loading")).toBe("eager");
  expect(img.getAttribute("fetchpriority")).toBe("high");
  expect(img.getAttribute("width")).not.toBeNull();
  expect(img.getAttribute("height")).not.toBeNull();
});

it("product details list the options with prices and the monk", async () => {
  installFakeApi();
  renderApp("/en/productDetails/12");
  expect(
    await screen.findByRole("heading", { level: 1, name: "光明灯" }),
  ).toBeDefined();
  const options = screen
    .getByRole("heading", { name: "Options" })
    .closest("section")!;
  expect(options.textContent).toContain("¥88.00");
  expect(options.textContent).toContain("¥1,288.00");
  expect(options.textContent).toContain("一年");
  expect(screen.getByRole("heading", { name: "释慧明" })).toBeDefined();
  expect(screen.getByText("128 people have offered a lamp")).toBeDefined();
});

it("fate together links its sign-up button to /register", async () => {
  installFakeApi();
  renderApp("/fateTogether");
  const signUp = await screen.findByRole("link", { name: "立即报名" });
  expect(signUp.getAttribute("href")).toBe("/register");
});

it("a failed load offers a retry that reloads the data", async () => {
  const api = installFakeApi();
  api.fail("oapi/v1/news", 500, 500);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  renderApp("/dynamicFamily");
  const retry = await screen.findByRole("button", { name: "重试" });
  expect(screen.getByRole("heading", { name: "内容加载失败" })).toBeDefined();
  api.heal();
  await act(async () => {
    fireEvent.click(retry);
    await vi.waitFor(() => {
      expect(
        screen.getByRole("heading", { level: 2, name: "浴佛节法会圆满" }),
      ).toBeDefined();
    });
  });
});
