// The 404 screen: unknown paths and failed param validation, with their log lines, the
// translated heading and button (which keeps the locale prefix), and nothing for crawlers.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { installFakeApi } from "../../../support/ui/fakeApi";
import { renderApp, resetApp } from "../../../support/ui/renderApp";

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  installFakeApi();
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  error = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(resetApp);

it.each(["/foo", "/foo/bar", "/templeStyle/extra", "/en/foo"])(
  "%s is an unmatched path",
  async (path) => {
    renderApp(path);
    expect(
      await screen.findByRole("heading", { level: 1, name: /^404: / }),
    ).toBeDefined();
    // NOTE: the log line is a passive effect, which may run after the heading is found.
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith(`Page not found: ${path}`);
    });
    expect(error).not.toHaveBeenCalledWith(
      expect.stringMatching(/^Page Not Found/),
    );
  },
);

it("shows the Chinese heading and goes home with 返回首页", async () => {
  const { router } = renderApp("/foo");
  expect(
    await screen.findByRole("heading", { name: "404: 页面找不到" }),
  ).toBeDefined();
  expect(
    screen
      .getByRole("main")
      .contains(screen.getByRole("heading", { name: "404: 页面找不到" })),
  ).toBe(true);
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "返回首页" }));
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe("/");
    });
  });
  expect(
    await screen.findByRole("heading", { name: "精选祈福" }),
  ).toBeDefined();
});

it("is translated under a locale prefix and its button keeps the prefix", async () => {
  const { router } = renderApp("/en/nowhere");
  expect(
    await screen.findByRole("heading", { name: "404: Page not found" }),
  ).toBeDefined();
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Back to home" }));
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe("/en");
    });
  });
});

it("shows traditional Chinese under /tw", async () => {
  renderApp("/tw/nowhere");
  expect(
    await screen.findByRole("heading", { name: "404: 頁面找不到" }),
  ).toBeDefined();
  expect(screen.getByRole("button", { name: "返回首頁" })).toBeDefined();
});

it.each([
  "/productDetails/abc",
  "/blessing/abc",
  "/productDetails/0",
  "/en/productDetails/1.5",
])("%s fails param validation", async (path) => {
  renderApp(path);
  expect(
    await screen.findByRole("heading", { level: 1, name: /^404: / }),
  ).toBeDefined();
  await waitFor(() => {
    expect(error).toHaveBeenCalledWith(`Page Not Found: ${path}`);
  });
});

it("an id the server does not know is the same 404", async () => {
  renderApp("/productDetails/999");
  expect(
    await screen.findByRole("heading", { name: "404: 页面找不到" }),
  ).toBeDefined();
  await waitFor(() => {
    expect(error).toHaveBeenCalledWith("Page Not Found: /productDetails/999");
  });
});

it("renders an empty main for crawlers", async () => {
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  );
  renderApp("/foo");
  await waitFor(() => {
    expect(warn).toHaveBeenCalledWith("Page not found: /foo");
  });
  expect(screen.getByRole("main").textContent).toBe("");
  expect(screen.queryByRole("heading", { name: /404/ })).toBeNull();
});
