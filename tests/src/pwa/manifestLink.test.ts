// The manifest joins the page after it settled (#20): one link to the built manifest, however
// often the PWA layer asks.
import { linkManifest } from "../../../src/pwa/manifestLink";

afterEach(() => {
  document.head.replaceChildren();
});

test("links the manifest in the head once", () => {
  linkManifest(document, "/manifest.webmanifest");
  linkManifest(document, "/manifest.webmanifest");
  const links = document.head.querySelectorAll<HTMLLinkElement>(
    'link[rel="manifest"]',
  );
  expect(links).toHaveLength(1);
  expect(links[0]?.getAttribute("href")).toBe("/manifest.webmanifest");
});

test("leaves a manifest link the page already has", () => {
  const own = document.createElement("link");
  own.rel = "manifest";
  own.href = "/other.webmanifest";
  document.head.append(own);
  linkManifest(document, "/manifest.webmanifest");
  expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(
    1,
  );
  expect(document.head.querySelector('link[rel="manifest"]')).toBe(own);
});
