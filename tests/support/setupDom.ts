// jsdom setup for tests/src: the bundled cn catalog active, Testing Library cleanup, and
// jsdom's missing scrollTo (router scroll restoration calls it) as a no-op. `findBy*`/`waitFor`
// wait up to 5 s (not 1 s): a lazy route chunk on 2 busy CI cores can take longer than a second.
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n } from "../../src/i18n/activateLocale";

configure({ asyncUtilTimeout: 5_000 });
window.scrollTo = () => undefined;
initI18n();

afterEach(() => {
  cleanup();
});
