// Rasterises public/favicon.svg into the PWA's PNG icons (192, 512, maskable 512) with Debian's
// Chromium (playwright-core), and, given the URL of a running build, captures the manifest's
// screenshots. Run: npx tsx scripts/generate-icons.ts [http://localhost:PORT]
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUT = join(ROOT, "public/icons");
const BROWN = "#75502F";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"];

const svg = readFileSync(join(ROOT, "public/favicon.svg"), "utf8");
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

/** The page that draws one icon: the favicon at `scale` of the square on a `background`. */
function iconHtml(size: number, scale: number, background: string): string {
  const inner = Math.round(size * scale);
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;
    display:grid;place-items:center;background:${background}">
    <img src="${svgUrl}" width="${inner}" height="${inner}"></body></html>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, scale: 1, background: "transparent" },
  { file: "icon-512.png", size: 512, scale: 1, background: "transparent" },
  // NOTE: maskable icons keep their artwork inside the central 80 % safe zone on a full bleed.
  { file: "icon-maskable-512.png", size: 512, scale: 0.78, background: BROWN },
] as const;

const SCREENSHOTS = [
  { file: "screenshot-narrow.png", width: 390, height: 844, scaleFactor: 2 },
  { file: "screenshot-wide.png", width: 1280, height: 800, scaleFactor: 1 },
] as const;

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
    });
    await page.setContent(iconHtml(icon.size, icon.scale, icon.background));
    await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({
      path: join(OUT, icon.file),
      omitBackground: icon.background === "transparent",
    });
    await page.close();
    console.log(`public/icons/${icon.file}`);
  }
  const appUrl = process.argv[2];
  if (appUrl !== undefined) {
    for (const shot of SCREENSHOTS) {
      const page = await browser.newPage({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: shot.scaleFactor,
      });
      await page.goto(appUrl, { waitUntil: "networkidle" });
      await page.screenshot({ path: join(OUT, shot.file) });
      await page.close();
      console.log(`public/icons/${shot.file}`);
    }
  }
} finally {
  await browser.close();
}
