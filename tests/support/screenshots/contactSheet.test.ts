// The contact sheet groups shots by page and row, links each picture, and escapes what it shows.
import { contactSheet, type Shot } from "./contactSheet";

const shot = (over: Partial<Shot>): Shot => ({
  page: "home",
  locale: "cn",
  mode: "light",
  size: "phone",
  file: "home.cn.light.phone.png",
  ...over,
});

it("puts a page's locales side by side and links each picture", () => {
  const html = contactSheet([
    shot({}),
    shot({ locale: "en", file: "home.en.light.phone.png" }),
    shot({ page: "my", file: "my.cn.light.phone.png" }),
  ]);
  expect(html).toContain("<h1>Fuyuan: 3 screenshots</h1>");
  expect(html.match(/<section/g)).toHaveLength(2);
  expect(html).toContain('<a href="home.en.light.phone.png">');
  expect(html).toContain('href="#my"');
});

it("shows a failure with its reason, escaped", () => {
  const html = contactSheet([shot({ error: "Timeout <30s> & more" })]);
  expect(html).toContain("0 screenshots, 1 failed");
  expect(html).toContain("Timeout &lt;30s&gt; &amp; more");
  expect(html).not.toContain("<img");
});
