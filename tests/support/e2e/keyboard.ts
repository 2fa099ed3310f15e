// Keyboard-only navigation for browser tests: what has focus (its role and accessible name, as
// Playwright's accessibility snapshot computes them), Tab / Shift+Tab until a control is reached,
// a walk through a page's whole tab order, and a record of focused controls that show no visible
// focus indicator. Never uses the mouse; marks each focused element with `data-focus-uid`.
import type { Page } from "playwright-core";

export interface Focused {
  role: string;
  name: string;
  /** A short CSS-like description of the element, for failure messages. */
  element: string;
  /** The same number for the same element for as long as the document lives. */
  uid: number;
}

/** Resolves after the page has rendered two frames (effects of a key press have run and painted). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );
}

/** Frames to wait for a focused element that stopped rendering (a page being replaced) to settle. */
const SETTLE_FRAMES = 20;

/**
 * The focused element's role and accessible name; null while focus is on the page itself. An
 * element that is hidden between finding it and reading it (the page around it is being replaced,
 * as after a sign-in) is read again once the page has rendered, a bounded number of times.
 */
export async function focused(page: Page): Promise<Focused | null> {
  for (let attempt = 1; ; attempt++) {
    const now = await readFocused(page);
    if (now !== "hidden") return now;
    if (attempt >= SETTLE_FRAMES)
      throw new Error(
        `the focused element stayed unrendered for ${String(SETTLE_FRAMES)} frame pairs`,
      );
    await nextFrames(page);
  }
}

async function readFocused(page: Page): Promise<Focused | null | "hidden"> {
  const found = await page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement)
      active = active.shadowRoot.activeElement;
    if (active === null || active === document.body) return null;
    const id = active.id === "" ? "" : `#${active.id}`;
    const cls =
      typeof active.className === "string" && active.className !== ""
        ? `.${active.className.trim().split(/\s+/).join(".")}`
        : "";
    const registry = window as unknown as {
      focusUids?: WeakMap<Element, number>;
      focusUidNext?: number;
    };
    registry.focusUids ??= new WeakMap();
    let uid = registry.focusUids.get(active);
    if (uid === undefined) {
      uid = registry.focusUidNext = (registry.focusUidNext ?? 0) + 1;
      registry.focusUids.set(active, uid);
    }
    active.setAttribute("data-focus-uid", String(uid));
    return { element: `${active.tagName.toLowerCase()}${id}${cls}`, uid };
  });
  if (found === null) return null;
  const { element, uid } = found;
  // NOTE: located by a marker, not `:focus`, which an iframe or shadow host does not match.
  const snapshot = await page
    .locator(`[data-focus-uid="${String(uid)}"]`)
    .ariaSnapshot({ timeout: 5000 });
  // NOTE: an element outside the accessibility tree (display: none) has an empty snapshot.
  if (snapshot === "") return "hidden";
  const first = snapshot.split("\n")[0] ?? "";
  const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(first);
  if (match === null)
    throw new Error(
      `unreadable accessibility snapshot of ${element}: ${first}`,
    );
  const role = match[1] ?? "";
  const name =
    match[2] === undefined ? "" : (JSON.parse(`"${match[2]}"`) as string);
  return { role, name, element, uid };
}

/**
 * Whether the focused element shows a focus indicator: an outline of its own, or one on an ancestor
 * drawn through `:focus-within` (the locale picker's frame around its select).
 */
export async function focusIndicatorShown(page: Page): Promise<boolean> {
  // NOTE: no named functions inside: tsx's transform would reference a helper the page lacks.
  return page.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return false;
    for (
      let node: Element | null = active;
      node !== null && node !== document.body;
      node = node.parentElement
    ) {
      const style = getComputedStyle(node);
      const outlined =
        style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
      if (outlined && (node === active || node.matches(":focus-within")))
        return true;
    }
    return false;
  });
}

/** Controls reached by keyboard that showed no focus indicator (the test asserts it stays empty). */
export type FocusAudit = string[];

export interface TabOptions {
  /** Shift+Tab instead of Tab. */
  backwards?: boolean;
  /** Give up after this many key presses. */
  max?: number;
  /** Only a focused element with this role counts as reached. */
  role?: string;
  /** Focused controls without a visible indicator are added here. */
  audit?: FocusAudit;
}

function matches(name: string, wanted: string | RegExp): boolean {
  return typeof wanted === "string" ? name === wanted : wanted.test(name);
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's accessible name matches `name`; throws
 * with the path it took when the cap is reached. Returns what got focus.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  options: TabOptions = {},
): Promise<Focused> {
  const max = options.max ?? 40;
  const path: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(options.backwards === true ? "Shift+Tab" : "Tab");
    await nextFrames(page);
    const now = await focused(page);
    if (now === null) {
      path.push("(page)");
      continue;
    }
    path.push(`${now.role} "${now.name}"`);
    if (options.audit !== undefined && !(await focusIndicatorShown(page)))
      options.audit.push(`${now.role} "${now.name}" (${now.element})`);
    if (
      matches(now.name, name) &&
      (options.role === undefined || options.role === now.role)
    )
      return now;
  }
  throw new Error(
    `no ${options.role ?? "element"} named ${String(name)} within ${max} ${options.backwards === true ? "Shift+Tab" : "Tab"} presses; focus went: ${path.join(" → ")}`,
  );
}

/** The focused element's accessible name must match `name` (it throws with what has focus). */
export async function expectFocus(
  page: Page,
  name: string | RegExp,
  role?: string,
): Promise<Focused> {
  const now = await focused(page);
  if (
    now === null ||
    !matches(now.name, name) ||
    (role !== undefined && now.role !== role)
  )
    throw new Error(
      `expected focus on ${role ?? "element"} ${String(name)}, but it is on ${now === null ? "the page" : `${now.role} "${now.name}" (${now.element})`}`,
    );
  return now;
}

export interface TabWalk {
  /** `role "name"` of each control in tab order, from the top of the page. */
  order: string[];
  /** Controls that showed no focus indicator. */
  unmarked: string[];
  /** Set when Tab stopped moving (a trap): the control it stuck on. */
  stuckOn: string | null;
}

/**
 * Tabs through the whole page from its top until focus leaves the page (or comes back to the first
 * control), recording the order, controls without a focus indicator and any trap.
 */
export async function walkTabOrder(page: Page, cap = 200): Promise<TabWalk> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const walk: TabWalk = { order: [], unmarked: [], stuckOn: null };
  let first: number | null = null;
  let previous: number | null = null;
  let repeats = 0;
  for (let presses = 0; presses < cap; presses++) {
    await page.keyboard.press("Tab");
    await nextFrames(page);
    const now = await focused(page);
    if (now === null) {
      if (walk.order.length > 0) return walk;
      continue;
    }
    const label = `${now.role} "${now.name}" (${now.element})`;
    if (now.uid === first) return walk;
    first ??= now.uid;
    if (now.uid === previous) {
      // NOTE: a date input keeps focus while Tab moves through its year / month / day parts.
      repeats += 1;
      if (repeats >= 8) {
        walk.stuckOn = label;
        return walk;
      }
      continue;
    }
    previous = now.uid;
    repeats = 0;
    walk.order.push(label);
    if (!(await focusIndicatorShown(page))) walk.unmarked.push(label);
  }
  walk.stuckOn = `(no end after ${cap} Tab presses)`;
  return walk;
}
