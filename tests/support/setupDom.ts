// jsdom setup for tests/src: the bundled cn catalog active, Testing Library cleanup, and
// jsdom's missing scrollTo (router scroll restoration calls it) as a no-op.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n } from "../../src/i18n/activateLocale";

window.scrollTo = () => undefined;
initI18n();

afterEach(() => {
  cleanup();
});
