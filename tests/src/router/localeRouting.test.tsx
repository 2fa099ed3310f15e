// Locale in the URL: optional prefix, catalogs and <html lang>, persistence, the locale switch
// rewriting the current route, and `/cn/…` served without its prefix.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { readLocaleCookie } from "../../../src/i18n/localePersistence";
import { installFakeApi, type FakeApi } from "../../support/ui/fakeApi";
import { renderApp, resetApp } from "../../support/ui/renderApp";

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});
afterEach(resetApp);

it("serves cn without a prefix and asks the API for cn", async () => {
  renderApp("/templeStyle");
  expect(
    await screen.findByRole("heading", { level: 1, name: "寺院风采" }),
  ).toBeDefined();
  expect(document.documentElement.lang).toBe("zh-CN");
  expect(
    api.urls
      .find((url) => url.pathname.endsWith("/temples"))
      ?.searchParams.get("locale"),
  ).toBe("cn");
});

it("serves /en/… in English, sets <html lang> and remembers the locale", async () => {
  renderApp("/en/templeStyle");
  expect(
    await screen.findByRole("heading", { level: 1, name: "Temples" }),
  ).toBeDefined();
  expect(
    screen.getByRole("navigation", { name: "Main navigation" }),
  ).toBeDefined();
  expect(document.documentElement.lang).toBe("en-US");
  expect(localStorage.getItem("locale")).toBe("en");
  expect(readLocaleCookie(document.cookie)).toBe("en");
  expect(
    api.urls
      .find((url) => url.pathname.endsWith("/temples"))
      ?.searchParams.get("locale"),
  ).toBe("en");
});

it("switching the locale keeps the page, search and all, under the new prefix", async () => {
  const { router } = renderApp("/en/services?category=lamp");
  const select = await screen.findByRole("combobox", { name: "Language" });
  await act(async () => {
    fireEvent.change(select, { target: { value: "tw" } });
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe("/tw/services");
    });
  });
  expect(router.state.location.search).toEqual({ category: "lamp" });
  expect(
    await screen.findByRole("heading", { level: 1, name: "祈福" }),
  ).toBeDefined();
  expect(screen.getByRole("link", { name: "供燈" })).toBeDefined();
  expect(document.documentElement.lang).toBe("zh-TW");
  expect(localStorage.getItem("locale")).toBe("tw");

  await act(async () => {
    fireEvent.change(screen.getByRole("combobox", { name: "語言" }), {
      target: { value: "cn" },
    });
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe("/services");
    });
  });
  expect(localStorage.getItem("locale")).toBe("cn");
  expect(document.documentElement.lang).toBe("zh-CN");
});

it("tab links carry the current locale prefix", async () => {
  renderApp("/en");
  const nav = await screen.findByRole("navigation", {
    name: "Main navigation",
  });
  const hrefs = [...nav.querySelectorAll("a")].map((link) =>
    link.getAttribute("href"),
  );
  expect(hrefs).toEqual(["/en", "/en/services", "/en/destiny", "/en/my"]);
});

it("redirects /cn/… to the address without a prefix", async () => {
  const { router } = renderApp("/cn/templeStyle");
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/templeStyle");
  });
});
