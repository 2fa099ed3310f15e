// Puts a page into a locale and colour mode and waits until a route has finished loading: shared by
// the walks that visit every route (accessibility, covered controls, screenshots).
import type { Page } from "playwright-core";
import type { ScanLocale, ScanMode } from "./a11yRoutes";

/** Makes the next loads of `page` use `locale` and `mode` (stored choice and system setting). */
export async function useCombo(
  page: Page,
  locale: ScanLocale,
  mode: ScanMode,
): Promise<void> {
  await page.emulateMedia({ colorScheme: mode, reducedMotion: "reduce" });
  // NOTE: any document of the origin gives access to its storage; the icon does not boot the app.
  await page.goto("/favicon.svg");
  await page.evaluate(
    ({ locale, mode }) => {
      localStorage.setItem("locale", locale);
      localStorage.setItem("colorMode", mode);
    },
    { locale, mode },
  );
}

/** Waits until the page shows its heading with nothing still loading, and its fonts are ready. */
export async function settle(page: Page): Promise<void> {
  await page.locator("main h1").first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () =>
      document.querySelector(
        'main [aria-busy="true"], main .skeleton, main [data-loading]',
      ) === null,
    undefined,
    { timeout: 30_000 },
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}
