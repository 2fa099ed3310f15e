// The first page of a tab: its first render shows the page skeleton and the page follows in a
// deferred render; every later page renders at once (no skeleton flash on navigation).
import { render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { beforeEach, expect, test, vi } from "vitest";
import { activateLocale } from "../../../src/i18n/activateLocale";

/** What the container showed over time: "skeleton" and/or "page", in insertion order. */
function watchInsertions(container: HTMLElement): string[] {
  const seen: string[] = [];
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.classList.contains("skeleton-page")) seen.push("skeleton");
        if (node.dataset.page !== undefined) seen.push("page");
      }
  }).observe(container, { childList: true, subtree: true });
  return seen;
}

async function mountTwice() {
  const { DeferFirstPage } = await import("../../../src/ui/DeferFirstPage");
  const host = document.createElement("div");
  document.body.append(host);
  const seen = watchInsertions(host);
  const page = (name: string) => (
    <I18nProvider i18n={i18n}>
      <DeferFirstPage key={name}>
        <h1 data-page="">{name}</h1>
      </DeferFirstPage>
    </I18nProvider>
  );
  const view = render(page("first"), { container: host });
  await screen.findByRole("heading", { name: "first" });
  await Promise.resolve();
  const firstSeen = [...seen];
  seen.length = 0;
  view.rerender(page("second"));
  await screen.findByRole("heading", { name: "second" });
  await Promise.resolve();
  view.unmount();
  return { first: firstSeen, second: [...seen] };
}

beforeEach(async () => {
  vi.resetModules();
  await activateLocale("cn");
});

test("the first page follows its skeleton; a later page renders at once", async () => {
  const { first, second } = await mountTwice();
  expect(first).toEqual(["skeleton", "page"]);
  expect(second).toEqual(["page"]);
  expect(document.querySelector(".skeleton-page")).toBeNull();
});
