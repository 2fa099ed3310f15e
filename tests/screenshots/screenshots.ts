// `npm run screenshots`: renders every route of the app (public and signed-in, with demo data and a
// seeded order, blessing, agreement and service chat) × cn/tw/en × phone/desktop × light/dark into
// SCREENSHOTS_DIR (default ./screenshots) with an index.html contact sheet, so a change to the UI
// can be looked at in a minute. It serves dist/ like the browser tests: run `npm run build` first.
// `-- --only=<text>` keeps the routes whose path contains the text. Last line: one JSON object.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DESKTOP, MOBILE } from "../support/e2e/browser";
import {
  LOCALES,
  localized,
  MODES,
  PAGES,
  type PageEntry,
} from "../support/e2e/a11yRoutes";
import { settle, useCombo } from "../support/e2e/pageCombo";
import { openRouteWalk } from "../support/e2e/routeWalk";
import { contactSheet, type Shot } from "../support/screenshots/contactSheet";

const SIZES = {
  phone: MOBILE.viewport!,
  desktop: DESKTOP.viewport!,
} as const;

const dir = resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length);
const pages = PAGES.filter(
  (entry) => only === undefined || entry.route.includes(only),
);

/** A file name for the route, e.g. "productDetails-$id". */
function slug(entry: PageEntry): string {
  return (
    entry.route
      .replace("/{-$locale}", "")
      .replace(/^\/|\/$/g, "")
      .replaceAll("/", "-") || "home"
  );
}

const started = Date.now();
await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
const walk = await openRouteWalk();
const shots: Shot[] = [];
try {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await walk.publicPage.setViewportSize(viewport);
    await walk.userPage.setViewportSize(viewport);
    for (const locale of LOCALES)
      for (const mode of MODES) {
        await useCombo(walk.publicPage, locale, mode);
        await useCombo(walk.userPage, locale, mode);
        for (const entry of pages) {
          const page = entry.signedIn ? walk.userPage : walk.publicPage;
          const file = `${slug(entry)}.${locale}.${mode}.${size}.png`;
          const shot: Shot = { page: slug(entry), locale, mode, size, file };
          try {
            await page.goto(localized(locale, entry.path(walk.ids)));
            await settle(page);
            await page.screenshot({ path: join(dir, file), fullPage: true });
          } catch (error) {
            shot.error = error instanceof Error ? error.message : String(error);
            console.error(`${file}: ${shot.error.split("\n")[0] ?? ""}`);
          }
          shots.push(shot);
        }
      }
  }
} finally {
  await walk.close();
}
await writeFile(join(dir, "index.html"), contactSheet(shots));
const failed = shots.filter((shot) => shot.error !== undefined);
console.log(`contact sheet: ${join(dir, "index.html")}`);
console.log(
  JSON.stringify({
    screenshots: shots.length - failed.length,
    failed: failed.map((shot) => shot.file),
    dir,
    seconds: Math.round((Date.now() - started) / 1000),
  }),
);
process.exitCode = failed.length === 0 ? 0 : 1;
