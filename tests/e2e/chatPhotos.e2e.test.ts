// Photos in the chat (issue #23 bug 5), in Chromium against the real server: a camera photo of
// 33 MiB and 12 megapixels (over the 10 MiB upload limit, with an EXIF "rotate 90°" tag) is shrunk
// on the device and arrives as an upright 1920×2560 JPEG without metadata; a damaged .jpg is
// refused with a sentence saying so, and nothing is queued.
import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { CHAT_IMAGE_MAX_SIDE, MAX_UPLOAD_BYTES } from "#contract";
import { watchErrors } from "../support/e2e/browser";
import {
  DEMO_USER,
  SERVICE_STAFF,
  serverPayloads,
  useDemoChat,
  waitConnected,
} from "../support/e2e/chat";
import {
  hasExif,
  jpegSize,
  noiseJpeg,
  withExifOrientation,
} from "../support/e2e/jpegFixture";

const chat = useDemoChat();
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fuyuan-photos-"));
});

afterAll(async () => {
  if (dir !== "") await rm(dir, { recursive: true, force: true });
});

/** The demo user's chat with the service staff, connected. */
async function openServiceChat(): Promise<Page> {
  const { page } = await chat.open(chat.userState, "/destiny");
  await page.getByRole("button", { name: "联系客服" }).first().click();
  await page
    .getByRole("heading", { level: 1, name: SERVICE_STAFF.name })
    .waitFor();
  await waitConnected(page);
  return page;
}

/** Image payloads ({type 2, url, width, height}) the server stores in the chat. */
async function serverImages(page: Page): Promise<Record<string, unknown>[]> {
  const payloads = await serverPayloads(
    page,
    DEMO_USER.imId,
    SERVICE_STAFF.imId,
  );
  return payloads.filter((p) => p.type === 2);
}

it("a 33 MiB, 12-megapixel portrait photo arrives shrunk to 2560 px, upright, without metadata", async () => {
  const page = await openServiceChat();
  const errors = watchErrors(page);
  // NOTE: stored landscape 4000×3000 with Orientation 6, as a phone held upright writes it.
  const photo = withExifOrientation(await noiseJpeg(page, 4000, 3000), 6);
  expect(photo.length).toBeGreaterThan(3 * MAX_UPLOAD_BYTES);
  const path = join(dir, "IMG_0001.jpg");
  await writeFile(path, photo);
  const before = (await serverImages(page)).length;

  await page.getByTestId("composer-file").setInputFiles(path);

  await expect
    .poll(async () => (await serverImages(page)).length, { timeout: 60_000 })
    .toBe(before + 1);
  const sent = (await serverImages(page)).at(-1) ?? {};
  expect(sent).toMatchObject({ width: 1920, height: CHAT_IMAGE_MAX_SIDE });
  const response = await fetch(String(sent.url));
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  const stored = Buffer.from(await response.arrayBuffer());
  expect(jpegSize(stored)).toEqual({ width: 1920, height: 2560 });
  expect(hasExif(stored)).toBe(false);
  expect(stored.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
  console.info(
    `photo: ${String(photo.length)} bytes 4000×3000 (EXIF rotated) → ${String(stored.length)} bytes 1920×2560`,
  );

  // The bubble shows the uploaded picture, no error was toasted.
  const bubble = page.locator(".thread .msg-own .msg-image img").last();
  await expect
    .poll(() => bubble.getAttribute("src"), { timeout: 30_000 })
    .toMatch(/^https?:/);
  await expect
    .poll(() =>
      bubble.evaluate(
        (img: HTMLImageElement) => img.complete && img.naturalWidth,
      ),
    )
    .toBe(1920);
  expect(await page.locator(".toast").count()).toBe(0);
  if (process.env.E2E_SHOTS_DIR !== undefined)
    await page.screenshot({
      path: join(process.env.E2E_SHOTS_DIR, "chat-photo.png"),
    });
  expect(errors).toEqual([]);
}, 120_000);

it("a damaged .jpg is refused with a sentence saying it is damaged, and nothing is queued", async () => {
  const page = await openServiceChat();
  const broken = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    randomBytes(64 * 1024),
  ]);
  const path = join(dir, "broken.jpg");
  await writeFile(path, broken);
  // NOTE: the thread first shows what the server already stores (the photo of the test before,
  // when it ran); counting before history settles would race its arrival.
  const storedBefore = (await serverImages(page)).length;
  const bubbles = page.locator(".thread .msg-own .msg-image");
  await expect
    .poll(() => bubbles.count(), { timeout: 15_000 })
    .toBe(storedBefore);

  await page.getByTestId("composer-file").setInputFiles(path);

  await page
    .locator(".toast", { hasText: "这张图片已损坏，无法打开，请换一张" })
    .waitFor({ timeout: 15_000 });
  if (process.env.E2E_SHOTS_DIR !== undefined)
    await page.screenshot({
      path: join(process.env.E2E_SHOTS_DIR, "chat-damaged.png"),
    });
  expect(await bubbles.count()).toBe(storedBefore);
  expect((await serverImages(page)).length).toBe(storedBefore);
}, 60_000);
