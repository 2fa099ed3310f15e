// Finds controls a person cannot tap: every visible button, link, input, select, textarea and
// focusable element of the page is hit-tested at its centre, and one whose centre hits another
// element (a sticky bar under the tab bar, a banner over a form) is reported with what covers it.
// Controls in the page's flow are scrolled to the middle of the viewport first (content scrolling
// under the header is fine); pinned ones (inside a fixed or sticky box) are checked at every
// scroll position of the page, since they are meant to be usable wherever the page is scrolled.
// Test support for the layout walk (issue 23: the buy button under the tab bar; a tap opened /my).
import type { Page } from "playwright-core";

export const CONTROL_SELECTOR = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  '[role="button"]',
  '[role="link"]',
  '[tabindex]:not([tabindex="-1"])',
].join(", ");

/** One line per covered control: "<control> covered by <element> (scrolled to y)". */
export async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const name = (element: Element): string => {
      const id = element.id === "" ? "" : `#${element.id}`;
      const classes = [...element.classList].map((c) => `.${c}`).join("");
      const text = element.textContent.trim().replace(/\s+/g, " ");
      const label =
        element.getAttribute("aria-label") ??
        (text === "" ? "" : ` "${text.slice(0, 30)}"`);
      return `${element.tagName.toLowerCase()}${id}${classes}${label}`;
    };
    const pinned = (element: Element): boolean => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const position = getComputedStyle(at).position;
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
    };
    /** What covers the control's centre, or null when a tap there reaches it. */
    const coverOf = (control: HTMLElement): Element | null => {
      const box = control.getBoundingClientRect();
      // NOTE: visually hidden text (1×1 px clip) and off-screen skip links are not tap targets.
      if (box.width < 2 || box.height < 2) return null;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
      const hit = document.elementFromPoint(x, y);
      if (hit === null || control === hit || control.contains(hit)) return null;
      // A styled checkbox may sit under its own label: a tap there still reaches it.
      const labels =
        control instanceof HTMLInputElement ? control.labels : null;
      if (labels !== null && [...labels].some((label) => label.contains(hit)))
        return null;
      return hit;
    };

    const controls = [
      ...document.querySelectorAll<HTMLElement>(selector),
    ].filter((control) =>
      control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
    );
    const found = new Set<string>();
    // NOTE: the cover is named by its nearest box with a class (an icon's <path> says nothing).
    const report = (control: HTMLElement, hit: Element) =>
      found.add(
        `${name(control)} covered by ${name(hit.closest("[class]") ?? hit)} (at y=${scrollY})`,
      );

    const inFlow = controls.filter((control) => !pinned(control));
    for (const control of inFlow) {
      control.scrollIntoView({ block: "center", inline: "center" });
      const hit = coverOf(control);
      if (hit !== null) report(control, hit);
    }

    const pinnedControls = controls.filter(pinned);
    const end = document.documentElement.scrollHeight - innerHeight;
    const step = Math.max(innerHeight / 2, 1);
    for (let y = 0; ; y = Math.min(y + step, end)) {
      window.scrollTo(0, y);
      for (const control of pinnedControls) {
        const hit = coverOf(control);
        if (hit !== null) report(control, hit);
      }
      if (y >= end) break;
    }
    window.scrollTo(0, 0);
    // NOTE: one line per control and cover, at the first scroll position it was seen.
    const seen = new Set<string>();
    return [...found].filter((line) => {
      const key = line.replace(/ \(at y=[\d.]+\)$/, "");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, CONTROL_SELECTOR);
}
