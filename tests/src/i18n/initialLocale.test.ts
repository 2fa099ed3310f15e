// Start-up: an un-prefixed URL opens in the remembered locale; a prefixed URL wins and is kept.
import { initialLocaleRedirect } from "../../../src/i18n/initialLocale";
import { buildLocaleCookie } from "../../../src/i18n/localePersistence";

const at = (pathname: string, search = "", hash = "") => ({
  pathname,
  search,
  hash,
});

beforeEach(() => {
  localStorage.clear();
  document.cookie = "locale=; Max-Age=0; Path=/";
});

it("stays on cn when nothing is remembered", () => {
  expect(initialLocaleRedirect(at("/blessing"))).toBeUndefined();
});

it("moves an un-prefixed URL to the stored locale, keeping search and hash", () => {
  localStorage.setItem("locale", "en");
  expect(initialLocaleRedirect(at("/blessing", "?page=2", "#top"))).toBe(
    "/en/blessing?page=2#top",
  );
  expect(initialLocaleRedirect(at("/"))).toBe("/en");
});

it("falls back to the cookie", () => {
  document.cookie = buildLocaleCookie("tw");
  expect(initialLocaleRedirect(at("/my"))).toBe("/tw/my");
});

it("keeps a URL that names its locale", () => {
  localStorage.setItem("locale", "en");
  expect(initialLocaleRedirect(at("/tw/my"))).toBeUndefined();
});

it("an invalid stored value is reset to cn and does not move the URL", () => {
  localStorage.setItem("locale", "de");
  expect(initialLocaleRedirect(at("/my"))).toBeUndefined();
  expect(localStorage.getItem("locale")).toBe("cn");
});
