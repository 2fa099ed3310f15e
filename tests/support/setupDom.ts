// jsdom setup for tests/src: the bundled cn catalog active, Testing Library cleanup, jsdom's
// missing scrollTo (router scroll restoration calls it) as a no-op, and a stand-in for the
// <dialog> methods jsdom lacks. `findBy*`/`waitFor` wait up to 5 s (not 1 s): a lazy route chunk
// on 2 busy CI cores can take longer than a second.
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n } from "../../src/i18n/activateLocale";

configure({ asyncUtilTimeout: 5_000 });
window.scrollTo = () => undefined;

// NOTE: jsdom has <dialog> and its `open` attribute but not showModal() / close(); ModalDialog
// uses them. This stand-in opens and closes it and, as browsers do, focuses the first focusable
// element on opening and fires "close" on closing (no top layer, no inert page: jsdom has no layout).
if (typeof HTMLDialogElement.prototype.showModal !== "function") {
  const focusable =
    'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute("open", "");
      (this.querySelector<HTMLElement>(focusable) ?? this).focus();
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute("open")) return;
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    },
  });
}
initI18n();

afterEach(() => {
  cleanup();
});
