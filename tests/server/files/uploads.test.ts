// Chat image uploads against the real server on loopback (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): accepted formats judged by their bytes, refusals that store nothing,
// the headers of /media, deletion by the uploader only, and the per-user quota.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { uploadedFiles, users } from "../../../server/db/schema";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_QUOTA_BYTES,
} from "../../../server/domain/files/uploads";
import { call, signInWithPhone } from "../../support/server/accountsApi";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";
import {
  gif,
  jpeg,
  png,
  pngHeaderOnly,
  webpExtended,
  webpLossless,
  webpLossy,
} from "./imageFixtures";

interface Uploaded {
  url: string;
  width: number;
  height: number;
}

async function upload(
  server: TestServer,
  token: string | null,
  bytes: Uint8Array,
  filename: string,
  type: string,
): Promise<{
  status: number;
  body: { code: number; data: Uploaded | null; msg: string };
}> {
  const form = new FormData();
  form.append("file", new Blob([Uint8Array.from(bytes)], { type }), filename);
  const response = await fetch(
    new URL("/api/app/file/v1/upload", server.baseUrl),
    {
      method: "POST",
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      body: form,
    },
  );
  return { status: response.status, body: await response.json() };
}

async function remove(server: TestServer, token: string, name: string) {
  const response = await fetch(
    new URL(`/api/app/file/v1/${name}`, server.baseUrl),
    {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    },
  );
  return { status: response.status, body: await response.json() };
}

const nameOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

describeEachDatabase("file uploads", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let alice: string;
  let bob: string;

  const storedFiles = async () => {
    try {
      return (await readdir(join(dataDir, "uploads"))).sort();
    } catch {
      return [];
    }
  };
  const storedRows = () => server.db.select().from(uploadedFiles);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "fuyuan-uploads-"));
    server = await startTestServer({
      database: kind,
      env: { DATA_DIR: dataDir },
    });
    alice = (await signInWithPhone(server, "13800000001")).app_token;
    bob = (await signInWithPhone(server, "13800000002")).app_token;
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ["PNG", png(3, 2), "a.png", "image/png", "image/png", 3, 2],
    ["JPEG", jpeg(640, 480), "a.jpg", "image/jpeg", "image/jpeg", 640, 480],
    ["GIF", gif(7, 5), "a.gif", "image/gif", "image/gif", 7, 5],
    [
      "WebP lossless",
      webpLossless(300, 200),
      "a.webp",
      "image/webp",
      "image/webp",
      300,
      200,
    ],
    [
      "WebP lossy",
      webpLossy(320, 240),
      "a.webp",
      "image/webp",
      "image/webp",
      320,
      240,
    ],
    [
      "WebP extended",
      webpExtended(4000, 3000),
      "a.webp",
      "image/webp",
      "image/webp",
      4000,
      3000,
    ],
  ])(
    "accepts %s, returns its URL and size, and serves it with safe headers",
    async (_label, bytes, filename, declared, expectedType, width, height) => {
      const { status, body } = await upload(
        server,
        alice,
        bytes,
        filename,
        declared,
      );
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      const data = body.data!;
      expect({ width: data.width, height: data.height }).toEqual({
        width,
        height,
      });
      expect(data.url.startsWith(`${server.baseUrl}/media/`)).toBe(true);
      // NOTE: ≥128 random bits: 32 base64url characters carry 192.
      expect(nameOf(data.url)).toMatch(
        /^[A-Za-z0-9_-]{32}\.(png|jpg|gif|webp)$/,
      );

      const served = await fetch(data.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(expectedType);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-disposition")).toBe("inline");
      expect(served.headers.get("cache-control")).toBe(
        "public, max-age=31536000, immutable",
      );
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );

  it("stores a PNG declared as JPEG (and named .jpg) as PNG", async () => {
    const { status, body } = await upload(
      server,
      alice,
      png(2, 2),
      "photo.jpg",
      "image/jpeg",
    );
    expect(status).toBe(200);
    const name = nameOf(body.data!.url);
    expect(name.endsWith(".png")).toBe(true);
    const [row] = await server.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.name, name));
    expect(row?.mime).toBe("image/png");
    const served = await fetch(body.data!.url);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("records the uploader, size and type", async () => {
    const bytes = gif(2, 2);
    const { body } = await upload(server, bob, bytes, "g.gif", "image/gif");
    const [row] = await server.db
      .select({ row: uploadedFiles, imId: users.imId })
      .from(uploadedFiles)
      .innerJoin(users, eq(users.id, uploadedFiles.userId))
      .where(eq(uploadedFiles.name, nameOf(body.data!.url)));
    expect(row?.row).toMatchObject({
      size: bytes.length,
      mime: "image/gif",
      width: 2,
      height: 2,
    });
    const info = await call(server, "GET", "user/v1/info", { token: bob });
    expect(row?.imId).toBe(info.body.data.imId);
  });

  describe("refusals store nothing", () => {
    let before: { files: string[]; rows: number };
    beforeEach(async () => {
      before = {
        files: await storedFiles(),
        rows: (await storedRows()).length,
      };
    });
    afterEach(async () => {
      expect(await storedFiles()).toEqual(before.files);
      expect((await storedRows()).length).toBe(before.rows);
    });

    it("an HTML file named .png is refused (415)", async () => {
      const html = Buffer.from("<!doctype html><script>alert(1)</script>");
      const { status, body } = await upload(
        server,
        alice,
        html,
        "x.png",
        "image/png",
      );
      expect(status).toBe(415);
      expect(body.code).toBe(415);
      expect(body.msg).toMatch(/PNG, JPEG, WebP and GIF/);
    });

    it("an SVG is refused (415)", async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
      const { status } = await upload(
        server,
        alice,
        svg,
        "x.svg",
        "image/svg+xml",
      );
      expect(status).toBe(415);
    });

    it("a file over the size cap is refused (413)", async () => {
      const big = pngHeaderOnly(100, 100, MAX_UPLOAD_BYTES + 1);
      const { status, body } = await upload(
        server,
        alice,
        big,
        "big.png",
        "image/png",
      );
      expect(status).toBe(413);
      expect(body.code).toBe(413);
    });

    it("an image over the pixel cap is refused (422), however small the file", async () => {
      const huge = pngHeaderOnly(10_000, 5_000);
      const { status, body } = await upload(
        server,
        alice,
        huge,
        "huge.png",
        "image/png",
      );
      expect(status).toBe(422);
      expect(body.msg).toMatch(/10000×5000/);
    });

    it("a form without a file, or without a token, is refused", async () => {
      const empty = await fetch(
        new URL("/api/app/file/v1/upload", server.baseUrl),
        {
          method: "POST",
          headers: { authorization: `Bearer ${alice}` },
          body: new FormData(),
        },
      );
      expect(empty.status).toBe(400);
      const anonymous = await upload(
        server,
        null,
        png(1, 1),
        "a.png",
        "image/png",
      );
      expect(anonymous.status).toBe(401);
    });
  });

  it("only the uploader deletes a file; then it is gone", async () => {
    const { body } = await upload(
      server,
      alice,
      png(4, 4),
      "mine.png",
      "image/png",
    );
    const name = nameOf(body.data!.url);
    const byOther = await remove(server, bob, name);
    expect(byOther.status).toBe(403);
    expect((await fetch(body.data!.url)).status).toBe(200);

    const byOwner = await remove(server, alice, name);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.code).toBe(0);
    expect((await fetch(body.data!.url)).status).toBe(404);
    expect(await storedFiles()).not.toContain(name);
    expect((await remove(server, alice, name)).status).toBe(404);
  });

  it("unknown or malformed media names answer 404", async () => {
    expect(
      (await fetch(`${server.baseUrl}/media/${"A".repeat(32)}.png`)).status,
    ).toBe(404);
    expect(
      (await fetch(`${server.baseUrl}/media/..%2F..%2Fetc%2Fpasswd`)).status,
    ).toBe(404);
  });

  it("enforces the per-user quota", async () => {
    const info = await call(server, "GET", "user/v1/info", { token: alice });
    const userId: number = info.body.data.userId;
    const used = (await storedRows())
      .filter((r) => r.userId === userId)
      .reduce((sum, r) => sum + r.size, 0);
    // NOTE: a bookkeeping row fills the quota up to 100 bytes (uploading 200 MB would be slow).
    await server.db.insert(uploadedFiles).values({
      name: `${"q".repeat(32)}.png`,
      userId,
      mime: "image/png",
      size: UPLOAD_QUOTA_BYTES - used - 100,
      width: 1,
      height: 1,
    });
    const files = await storedFiles();
    const over = await upload(
      server,
      alice,
      jpeg(8, 8),
      "over.jpg",
      "image/jpeg",
    );
    expect(jpeg(8, 8).length).toBeGreaterThan(100);
    expect(over.status).toBe(403);
    expect(over.body.msg).toMatch(/quota/i);
    expect(await storedFiles()).toEqual(files);

    const fits = await upload(
      server,
      alice,
      gif(1, 1),
      "fits.gif",
      "image/gif",
    );
    expect(gif(1, 1).length).toBeLessThanOrEqual(100);
    expect(fits.status).toBe(200);
    // Another user is not affected.
    expect(
      (await upload(server, bob, png(8, 8), "b.png", "image/png")).status,
    ).toBe(200);
  });
});
